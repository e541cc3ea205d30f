import { type KeyboardEvent, type PointerEvent, useRef } from 'react';
import { MAX_COLUMN_WIDTH, MIN_COLUMN_WIDTH } from './column-layout';

const KEYBOARD_STEP = 10;

/**
 * The drag handle on a header's right edge. Pointer capture keeps the drag alive when the
 * pointer leaves the handle; arrow keys resize too, for keyboard users.
 */
export function ColumnResizeHandle(props: {
  width: number;
  label: string;
  onResize: (width: number) => void;
  testId?: string;
  className?: string;
}) {
  const drag = useRef<{ startX: number; startWidth: number } | null>(null);

  const onPointerDown = (event: PointerEvent<HTMLDivElement>) => {
    event.preventDefault();
    event.stopPropagation();
    event.currentTarget.setPointerCapture?.(event.pointerId);
    drag.current = { startX: event.clientX, startWidth: props.width };
  };
  const onPointerMove = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    props.onResize(Math.max(MIN_COLUMN_WIDTH, drag.current.startWidth + event.clientX - drag.current.startX));
  };
  const endDrag = (event: PointerEvent<HTMLDivElement>) => {
    if (!drag.current) return;
    drag.current = null;
    event.currentTarget.releasePointerCapture?.(event.pointerId);
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return;
    event.preventDefault();
    const delta = event.key === 'ArrowLeft' ? -KEYBOARD_STEP : KEYBOARD_STEP;
    props.onResize(Math.max(MIN_COLUMN_WIDTH, props.width + delta));
  };

  return (
    // biome-ignore lint/a11y/useSemanticElements: a focusable splitter has no native element; <hr> cannot take focus or keys
    <div
      role="separator"
      aria-orientation="vertical"
      aria-label={props.label}
      aria-valuenow={props.width}
      aria-valuemin={MIN_COLUMN_WIDTH}
      aria-valuemax={MAX_COLUMN_WIDTH}
      tabIndex={0}
      data-testid={props.testId}
      className={props.className}
      onPointerDown={onPointerDown}
      onPointerMove={onPointerMove}
      onPointerUp={endDrag}
      onPointerCancel={endDrag}
      onKeyDown={onKeyDown}
      onClick={(event) => event.stopPropagation()}
    />
  );
}
