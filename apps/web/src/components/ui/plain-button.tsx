import type { ButtonHTMLAttributes } from 'react';
import classes from './plain-form.module.css';

type PlainButtonProps = Omit<ButtonHTMLAttributes<HTMLButtonElement>, 'className'> & {
  variant?: 'primary' | 'secondary';
  /** The call it sent is on its way: the button waits (data-loading, as Mantine's Button says it). */
  loading?: boolean;
  wide?: boolean;
};

export function PlainButton({
  variant = 'primary',
  loading = false,
  wide = false,
  type = 'button',
  disabled,
  children,
  ...props
}: PlainButtonProps) {
  const className = [classes.button, classes[variant], wide ? classes.wide : ''].filter(Boolean).join(' ');
  return (
    <button
      type={type}
      className={className}
      disabled={disabled || loading}
      data-loading={loading ? 'true' : undefined}
      aria-busy={loading || undefined}
      {...props}
    >
      {loading ? <span className={classes.spinner} aria-hidden="true" /> : null}
      {children}
    </button>
  );
}
