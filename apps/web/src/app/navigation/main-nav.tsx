import { Burger, Button, Group, type MantineBreakpoint, Menu } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { useUserData } from '../../lib/use-user-data';
import { visibleNavItems } from './nav-items';

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

/** The same links behind a menu button on narrow screens; its items exist only while open. */
export function MobileNavMenu({ hiddenFrom }: { hiddenFrom: MantineBreakpoint }) {
  const { t } = useTranslation();
  const userData = useUserData();
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
      </Menu.Dropdown>
    </Menu>
  );
}
