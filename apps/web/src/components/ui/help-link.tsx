import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { helpTopicForPath, helpUrl, openHelpWindow } from '../../lib/help-window';
import { normalizeLanguage } from '../../lib/language';
import classes from './plain-form.module.css';

/**
 * The sign-in pages' help: a real link to the help of the screen on show, in the interface
 * language (a middle click or "open in new window" works too); a plain click opens the help
 * window. Plain HTML, as the rest of those pages; the header has HelpButton.
 */
export function HelpLink() {
  const { t, i18n } = useTranslation('help');
  const { pathname } = useLocation();
  const url = helpUrl(helpTopicForPath(pathname), normalizeLanguage(i18n.language));
  const open = (event: MouseEvent) => {
    event.preventDefault();
    openHelpWindow(url);
  };
  return (
    <a
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      onClick={open}
      className={classes.link}
      data-testid="help-link"
    >
      {t('button')}
      <span className={classes.visuallyHidden}>{t('opensInNewWindow')}</span>
    </a>
  );
}
