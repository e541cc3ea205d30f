import { AppShell } from '@mantine/core';
import { type ReactNode, useRef } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router';
import { SkipLink } from '../../components/ui/skip-link';
import { loginPathFor } from '../../lib/return-to';
import { useUserData } from '../../lib/use-user-data';
import { AppHeader, HEADER_HEIGHT } from './app-header';
import { MAIN_CONTENT_ID, usePageHeading } from './use-page-heading';

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
    <SignedInShell>
      <Outlet />
    </SignedInShell>
  );
}

/** The header and main area of a signed-in page (also the not-found page's, when signed in). */
export function SignedInShell({ children }: { children: ReactNode }) {
  usePageHeading();
  return (
    <>
      <SkipLink target={MAIN_CONTENT_ID} />
      <AppShell header={{ height: HEADER_HEIGHT }} padding="md">
        <AppShell.Header>
          <AppHeader />
        </AppShell.Header>
        <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1}>
          {children}
        </AppShell.Main>
      </AppShell>
    </>
  );
}
