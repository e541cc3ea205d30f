import { Anchor, Box, useMantineTheme } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { hasPrivilege, Privilege } from '@settle/shared/privileges';
import { Link } from 'react-router';
import { AppName } from '../../components/ui/app-name';
import { ColorSchemeSwitch } from '../../components/ui/color-scheme-switch';
import { HelpButton } from '../../components/ui/help-button';
import { AccountSelector } from '../../features/accounts/components/account-selector';
import { SignOutButton } from '../../features/auth/components/sign-out-button';
import { CartLink } from '../../features/cart/components/cart-link';
import { ApprovalsLink } from '../../features/payment-approvals/components/approvals-link';
import { useSignedInUser } from '../../lib/use-user-data';
import { CROWDED_BELOW, MainNav, MobileNavMenu } from '../navigation/main-nav';
import classes from './app-header.module.css';
import { CompanyMenu } from './company-menu';

/** Two rows below the md breakpoint, one above: keep in step with HEADER_HEIGHT. */
export const HEADER_HEIGHT = { base: 100, md: 64 };

export function AppHeader() {
  const userData = useSignedInUser();
  const { breakpoints } = useMantineTheme();
  // Narrow screens have room for the colour switch on the brand's row, not among the user's buttons.
  const wide = useMediaQuery(`(min-width: ${breakpoints.md})`);
  // Below xl the one row is full (French, with the approvals link): the companies menu is its icon.
  const roomy = useMediaQuery(`(min-width: ${breakpoints.xl})`);
  return (
    <div className={classes.bar}>
      <Box className={classes.brand}>
        <MobileNavMenu hiddenFrom="md" />
        <AppName size="h4" truncate="end" miw={0} />
        <MainNav visibleFrom="md" />
        {wide ? null : <ColorSchemeSwitch visibleFrom={CROWDED_BELOW} />}
      </Box>
      <Box className={classes.accounts}>
        <AccountSelector />
      </Box>
      <Box className={classes.user}>
        {/* The cart is for paying: a user who may not pay has no way into it. */}
        {hasPrivilege(userData.roles, Privilege.ALLOW_PAY) ? <CartLink /> : null}
        {/* In the navigation menu on the narrowest screens (MobileNavMenu). */}
        <ApprovalsLink visibleFrom={CROWDED_BELOW} />
        <HelpButton visibleFrom={CROWDED_BELOW} />
        {wide ? <ColorSchemeSwitch /> : null}
        <CompanyMenu compact={!roomy} />
        <Anchor
          component={Link}
          to="/profile"
          size="sm"
          fw={500}
          visibleFrom="md"
          truncate="end"
          maw={180}
          data-testid="user-full-name"
        >
          {userData.fullName}
        </Anchor>
        <SignOutButton />
      </Box>
    </div>
  );
}
