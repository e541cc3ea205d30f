import type { ReactNode } from 'react';
import classes from './plain-form.module.css';

export type TAlertTone = 'error' | 'warning' | 'caution' | 'info' | 'success';

/** A message box of the sign-in pages; the tone is written in its title and text, not only its colour. */
export function PlainAlert({
  tone,
  title,
  role,
  onClose,
  closeLabel,
  children,
  ...props
}: {
  tone: TAlertTone;
  title?: string;
  role?: 'alert' | 'status';
  onClose?: () => void;
  closeLabel?: string;
  children: ReactNode;
  'data-testid'?: string;
}) {
  return (
    <div className={classes.alert} data-tone={tone} role={role} {...props}>
      <div className={classes.alertBody}>
        {title ? <p className={classes.alertTitle}>{title}</p> : null}
        <div>{children}</div>
      </div>
      {onClose ? (
        <button type="button" className={classes.close} onClick={onClose} aria-label={closeLabel}>
          <span aria-hidden="true">×</span>
        </button>
      ) : null}
    </div>
  );
}
