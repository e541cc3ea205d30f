import { AppShell } from '@mantine/core';
import { useRef } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { loginPathFor } from '../../lib/return-to';
import { useUserData } from '../../lib/use-user-data';
import { AppHeader, HEADER_HEIGHT } from './app-header';

/** The sign-in guard and the shell around every signed-in page. */
export function SignedInLayout() {
  const userData = useUserData();
  const location = useLocation();
  // Whether this shell has shown a signed-in page: then a missing user is a sign-out or an
  // ended session, and the next person to sign in here starts at home, not on this page.
  const wasSignedIn = useRef(false);
  if (userData) wasSignedIn.current = true;
  // Also where an ended session lands: clearing userData re-renders this into a redirect.
  // A deep link opened signed out is carried to the login page, which comes back to it.
  if (!userData) {
    const target = wasSignedIn.current ? '/login' : loginPathFor(`${location.pathname}${location.search}`);
    return <Navigate to={target} replace />;
  }
  return (
    <AppShell header={{ height: HEADER_HEIGHT }} padding="md">
      <AppShell.Header>
        <AppHeader />
      </AppShell.Header>
      <AppShell.Main>
        <Outlet />
      </AppShell.Main>
    </AppShell>
  );
}
