import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import classes from './skip-link.module.css';

/** The first stop of the Tab key: jumps over the header to the page's main content. */
export function SkipLink({ target }: { target: string }) {
  const { t } = useTranslation();
  // Focus moves by hand: a followed #hash would add a history entry and change the page's address.
  const skip = (event: MouseEvent) => {
    event.preventDefault();
    document.getElementById(target)?.focus();
  };
  return (
    <a href={`#${target}`} onClick={skip} className={classes.link} data-testid="skip-link">
      {t('skipToContent')}
    </a>
  );
}
