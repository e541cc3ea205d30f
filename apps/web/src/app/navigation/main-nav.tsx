import { Burger, Button, Group, type MantineBreakpoint, Menu, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { ColorSchemeMenuItems } from '../../components/ui/color-scheme-switch';
import { HelpMenuItem } from '../../components/ui/help-button';
import { ApprovalsMenuItem } from '../../features/payment-approvals/components/approvals-link';
import { useUserData } from '../../lib/use-user-data';
import { visibleNavItems } from './nav-items';

/** Below it the header keeps only the cart, the companies and sign-out: the rest moves into this menu. */
export const CROWDED_BELOW: MantineBreakpoint = 'sm';

/** The main areas as header links on wide screens. */
export function MainNav({ visibleFrom }: { visibleFrom: MantineBreakpoint }) {
  const { t } = useTranslation();
  const { pathname } = useLocation();
  const userData = useUserData();
  return (
    <Group component="nav" aria-label={t('nav.label')} gap={4} wrap="nowrap" visibleFrom={visibleFrom}>
      {visibleNavItems(userData?.roles).map((item) => {
        const active = pathname.startsWith(item.to);
        return (
          <Button
            key={item.to}
            component={Link}
            to={item.to}
            variant={active ? 'light' : 'subtle'}
            size="compact-sm"
            aria-current={active ? 'page' : undefined}
            data-testid={item.testId}
          >
            {t(item.labelKey)}
          </Button>
        );
      })}
    </Group>
  );
}

/**
 * The same links behind a menu button on narrow screens, with the profile (the header has no room
 * for the name) and, on the narrowest, the header's secondary links; its items exist only while open.
 */
export function MobileNavMenu({ hiddenFrom }: { hiddenFrom: MantineBreakpoint }) {
  const { t } = useTranslation(['common', 'profile']);
  const userData = useUserData();
  const { breakpoints } = useMantineTheme();
  const crowded = !useMediaQuery(`(min-width: ${breakpoints[CROWDED_BELOW]})`);
  return (
    <Menu position="bottom-start">
      <Menu.Target>
        <Burger size="sm" aria-label={t('nav.menu')} hiddenFrom={hiddenFrom} />
      </Menu.Target>
      <Menu.Dropdown>
        {/* The header has no room for the name on narrow screens. */}
        {userData ? <Menu.Label>{t('user.signedInAs', { name: userData.fullName })}</Menu.Label> : null}
        {visibleNavItems(userData?.roles).map((item) => (
          <Menu.Item key={item.to} component={Link} to={item.to}>
            {t(item.labelKey)}
          </Menu.Item>
        ))}
        <Menu.Divider />
        {crowded ? <ApprovalsMenuItem /> : null}
        <Menu.Item component={Link} to="/profile" data-testid="menu-profile">
          {t('profile:title')}
        </Menu.Item>
        {crowded ? (
          <>
            <HelpMenuItem />
            <Menu.Divider />
            <ColorSchemeMenuItems testIdPrefix="menu-" />
          </>
        ) : null}
      </Menu.Dropdown>
    </Menu>
  );
}
