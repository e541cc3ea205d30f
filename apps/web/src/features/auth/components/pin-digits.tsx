import { type ClipboardEvent, type KeyboardEvent, useRef } from 'react';
import classes from '../../../components/ui/plain-form.module.css';

interface PinDigitsProps {
  length: number;
  value: string;
  onChange: (value: string) => void;
  /** The name of each box ("Digit 3 of the code"). */
  digitLabel: (position: number) => string;
  invalid: boolean;
  describedBy?: string;
  autoFocus?: boolean;
}

/**
 * One box per digit: a typed digit moves on to the next box, Backspace goes back, a pasted or
 * autofilled code fills them all. Only digits are kept.
 */
export function PinDigits({
  length,
  value,
  onChange,
  digitLabel,
  invalid,
  describedBy,
  autoFocus,
}: PinDigitsProps) {
  const boxes = useRef<Array<HTMLInputElement | null>>([]);
  const focusBox = (index: number) => boxes.current[Math.max(0, Math.min(length - 1, index))]?.focus();

  /** Writes `digits` from box `start` on, then focuses the box after the last one written. */
  const fill = (start: number, digits: string) => {
    const chars = value.padEnd(length, ' ').split('');
    let index = start;
    for (const digit of digits.replace(/\D/g, '')) {
      if (index >= length) break;
      chars[index] = digit;
      index += 1;
    }
    onChange(chars.join('').replace(/\s+$/, ''));
    focusBox(index);
  };

  const onKeyDown = (index: number) => (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'Backspace') {
      event.preventDefault();
      const chars = value.padEnd(length, ' ').split('');
      const target = chars[index] === ' ' || chars[index] === undefined ? index - 1 : index;
      if (target < 0) return;
      chars[target] = ' ';
      onChange(chars.join('').replace(/\s+$/, ''));
      focusBox(target);
    } else if (event.key === 'ArrowLeft') {
      event.preventDefault();
      focusBox(index - 1);
    } else if (event.key === 'ArrowRight') {
      event.preventDefault();
      focusBox(index + 1);
    }
  };

  const onPaste = (index: number) => (event: ClipboardEvent<HTMLInputElement>) => {
    event.preventDefault();
    fill(index, event.clipboardData.getData('text'));
  };

  return (
    <div className={classes.pinDigits}>
      {Array.from({ length }, (_, index) => (
        <input
          // biome-ignore lint/suspicious/noArrayIndexKey: the boxes are positions, fixed in number
          key={index}
          ref={(element) => {
            boxes.current[index] = element;
          }}
          className={`${classes.input} ${classes.pinDigit}`}
          inputMode="numeric"
          autoComplete={index === 0 ? 'one-time-code' : 'off'}
          // biome-ignore lint/a11y/noAutofocus: the code is the only thing this page asks for
          autoFocus={autoFocus && index === 0}
          aria-label={digitLabel(index + 1)}
          aria-invalid={invalid || undefined}
          aria-describedby={describedBy}
          data-testid={`pin-digit-${index}`}
          value={value[index]?.trim() ?? ''}
          onChange={(event) => {
            const typed = event.target.value.replace(/\D/g, '');
            // The new digit is the last one typed into this box (it may hold the old one too).
            if (typed) fill(index, typed.length > 1 && typed.length < length ? typed.slice(-1) : typed);
          }}
          onKeyDown={onKeyDown(index)}
          onPaste={onPaste(index)}
          onFocus={(event) => event.target.select()}
        />
      ))}
    </div>
  );
}
