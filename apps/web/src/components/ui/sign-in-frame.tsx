import type { ReactNode } from 'react';
import { getAppName } from '../../lib/public-config';
import { LanguageSwitcher } from './language-switcher';
import classes from './sign-in-frame.module.css';

/**
 * The card the sign-in steps share with the login page: brand, language, a titled panel. Plain
 * HTML (no Mantine): the login page is the first visit's download (npm run bench:web).
 */
export function SignInFrame({
  title,
  subtitle,
  children,
  footer,
}: {
  title: string;
  subtitle?: ReactNode;
  children: ReactNode;
  /** Below the card (the login page's legal links). */
  footer?: ReactNode;
}) {
  return (
    <div className={classes.page}>
      <div className={classes.top}>
        {/* The brand is not a heading: each page's own title is its one h1. */}
        <p className={classes.brand} data-testid="app-name">
          {getAppName()}
        </p>
        <LanguageSwitcher />
      </div>
      <section className={classes.card} aria-labelledby="sign-in-title">
        <div>
          <h1 id="sign-in-title" className={classes.title}>
            {title}
          </h1>
          {subtitle ? (
            <p className={classes.subtitle} data-testid="sign-in-step-subtitle">
              {subtitle}
            </p>
          ) : null}
        </div>
        {children}
      </section>
      {footer ? <div className={classes.footer}>{footer}</div> : null}
    </div>
  );
}
