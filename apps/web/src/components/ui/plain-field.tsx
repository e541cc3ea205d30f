import { forwardRef, type InputHTMLAttributes, useId } from 'react';
import classes from './plain-form.module.css';

type PlainFieldProps = Omit<InputHTMLAttributes<HTMLInputElement>, 'className'> & {
  label: string;
  error?: string;
  /** Extra class for the field's box (its width in a row). */
  boxClassName?: string;
};

/** A labelled text field with its message under it, announced with the field (aria-describedby). */
export const PlainField = forwardRef<HTMLInputElement, PlainFieldProps>(function PlainField(
  { label, error, boxClassName, id, ...inputProps },
  ref,
) {
  const fallbackId = useId();
  const inputId = id ?? fallbackId;
  const errorId = `${inputId}-error`;
  return (
    <div className={boxClassName ? `${classes.field} ${boxClassName}` : classes.field}>
      <label className={classes.label} htmlFor={inputId}>
        {label}
      </label>
      <input
        ref={ref}
        id={inputId}
        type="text"
        className={classes.input}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? errorId : undefined}
        {...inputProps}
      />
      {error ? (
        <p id={errorId} className={classes.error}>
          {error}
        </p>
      ) : null}
    </div>
  );
});
