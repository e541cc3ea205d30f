import { AppShell } from '@mantine/core';
import type { ReactNode } from 'react';
import { Navigate, Outlet } from 'react-router';
import { useUserData } from '../../lib/use-user-data';
import { AppHeader, HEADER_HEIGHT } from './app-header';

/** The sign-in guard and the shell around every signed-in page. */
export function SignedInLayout() {
  const userData = useUserData();
  // Also where an ended session lands: clearing userData re-renders this into a redirect.
  if (!userData) return <Navigate to="/login" replace />;
  return (
    <SignedInShell>
      <Outlet />
    </SignedInShell>
  );
}

/** The header and main area of a signed-in page (also the not-found page's, when signed in). */
export function SignedInShell({ children }: { children: ReactNode }) {
  return (
    <AppShell header={{ height: HEADER_HEIGHT }} padding="md">
      <AppShell.Header>
        <AppHeader />
      </AppShell.Header>
      <AppShell.Main>{children}</AppShell.Main>
    </AppShell>
  );
}
