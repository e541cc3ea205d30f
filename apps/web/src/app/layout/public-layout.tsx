import { Box } from '@mantine/core';
import type { ReactNode } from 'react';
import { Outlet } from 'react-router';
import { SkipLink } from '../../components/ui/skip-link';
import { MAIN_CONTENT_ID, usePageHeading } from './use-page-heading';

/**
 * Pages without the navigation bar. The spec hides it on login, postLogin, confirmation,
 * registration, activation, troubleSigningIn and resetPassword: add those routes here.
 */
export function PublicLayout() {
  return (
    <PublicShell>
      <Outlet />
    </PublicShell>
  );
}

/** The main area of a page without the navigation bar (also the not-found page's, when signed out). */
export function PublicShell({ children }: { children: ReactNode }) {
  usePageHeading();
  return (
    <>
      <SkipLink target={MAIN_CONTENT_ID} />
      <Box component="main" id={MAIN_CONTENT_ID} tabIndex={-1} mih="100vh" bg="var(--settle-page-background)">
        {children}
      </Box>
    </>
  );
}
