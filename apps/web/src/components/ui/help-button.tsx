import { Button, type MantineBreakpoint, Menu, VisuallyHidden } from '@mantine/core';
import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { helpTopicForPath, helpUrl, openHelpWindow } from '../../lib/help-window';
import { normalizeLanguage } from '../../lib/language';
import word from './header-word.module.css';
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
export function HelpButton({ visibleFrom }: { visibleFrom?: MantineBreakpoint }) {
  const help = useHelpLink(word.word);
  return (
    <Button
      component="a"
      {...help.anchor}
      variant="subtle"
      size="compact-sm"
      leftSection={<OutlineIcon paths={HELP_ICON_PATHS} size={18} />}
      visibleFrom={visibleFrom}
      data-testid="help-button"
    >
      {help.label}
    </Button>
  );
}

/** The same link as an item of the navigation menu, where narrow screens keep it. */
export function HelpMenuItem() {
  const help = useHelpLink();
  return (
    <Menu.Item
      component="a"
      {...help.anchor}
      leftSection={<OutlineIcon paths={HELP_ICON_PATHS} size={16} />}
      data-testid="menu-help"
    >
      {help.label}
    </Menu.Item>
  );
}

function useHelpLink(wordClass?: string) {
  const { t, i18n } = useTranslation('help');
  const { pathname } = useLocation();
  const url = helpUrl(helpTopicForPath(pathname), normalizeLanguage(i18n.language));
  const open = (event: MouseEvent) => {
    event.preventDefault();
    openHelpWindow(url);
  };
  return {
    anchor: { href: url, target: '_blank', rel: 'noopener noreferrer', onClick: open },
    label: (
      <>
        <span className={wordClass}>{t('button')}</span>
        <VisuallyHidden>{t('opensInNewWindow')}</VisuallyHidden>
      </>
    ),
  };
}
