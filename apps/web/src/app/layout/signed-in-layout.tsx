import { AppShell } from '@mantine/core';
import { Navigate, Outlet } from 'react-router';
import { SkipLink } from '../../components/ui/skip-link';
import { useUserData } from '../../lib/use-user-data';
import { AppHeader, HEADER_HEIGHT } from './app-header';
import { MAIN_CONTENT_ID, usePageHeading } from './use-page-heading';

/** The sign-in guard and the shell around every signed-in page. */
export function SignedInLayout() {
  const userData = useUserData();
  // Also where an ended session lands: clearing userData re-renders this into a redirect.
  if (!userData) return <Navigate to="/login" replace />;
  return <SignedInShell />;
}

function SignedInShell() {
  usePageHeading();
  return (
    <>
      <SkipLink target={MAIN_CONTENT_ID} />
      <AppShell header={{ height: HEADER_HEIGHT }} padding="md">
        <AppShell.Header>
          <AppHeader />
        </AppShell.Header>
        <AppShell.Main id={MAIN_CONTENT_ID} tabIndex={-1}>
          <Outlet />
        </AppShell.Main>
      </AppShell>
    </>
  );
}
