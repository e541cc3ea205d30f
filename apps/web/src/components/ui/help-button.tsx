import { Button, VisuallyHidden } from '@mantine/core';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { helpTopicForPath, helpUrl, openHelpWindow } from '../../lib/help-window';
import { normalizeLanguage } from '../../lib/language';
import { OutlineIcon } from './outline-icon';

const HELP_ICON_PATHS = [
  'M3 12a9 9 0 1 0 18 0a9 9 0 1 0 -18 0',
  'M12 17l0 .01',
  'M12 13.5a1.5 1.5 0 0 1 1 -1.5a2.6 2.6 0 1 0 -3 -4',
];

/**
 * Help for the screen on show, in the interface language, in a separate window. A real
 * link (its address works with a middle click or "open in new window" too); a plain click
 * opens the help window. The sign-in pages have their own plain HelpLink.
 */
export function HelpButton() {
  const { t, i18n } = useTranslation('help');
  const { pathname } = useLocation();
  const url = helpUrl(helpTopicForPath(pathname), normalizeLanguage(i18n.language));
  const open = (event: MouseEvent) => {
    event.preventDefault();
    openHelpWindow(url);
  };
  const label = (
    <>
      {t('button')}
      <VisuallyHidden>{t('opensInNewWindow')}</VisuallyHidden>
    </>
  );

  return (
    <Button
      component="a"
      href={url}
      target="_blank"
      rel="noopener noreferrer"
      onClick={open}
      variant="subtle"
      size="compact-sm"
      leftSection={<OutlineIcon paths={HELP_ICON_PATHS} size={18} />}
      data-testid="help-button"
    >
      {label}
    </Button>
  );
}
