import { localStorageColorSchemeManager, MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { i18n } from 'i18next';
import { type ReactNode, useEffect, useMemo } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { onSignIn } from '../lib/session-reset';
import { installApiFailureHandler } from './api-failure-handler';
import { FullProvidersContext } from './full-providers-context';
import { createAppTheme, cssVariablesResolver } from './theme';
import './theme.css';

export type TProvidersEnv = 'default' | 'test';

export interface AppProvidersProps {
  i18n: i18n;
  queryClient: QueryClient;
  /** 'test' turns off Mantine's transitions and portals so that tests see the DOM at once. */
  env?: TProvidersEnv;
  children: ReactNode;
}

/** The light / dark / system choice of the header's switch, kept in this browser (public/color-scheme.js reads it too). */
const colorSchemeManager = localStorageColorSchemeManager({ key: 'settle-color-scheme' });

/** Every provider at once, above the router: what tests render the screens in. */
export function AppProviders({ i18n, queryClient, env = 'default', children }: AppProvidersProps) {
  return (
    <I18nextProvider i18n={i18n}>
      <SignedInAppProviders queryClient={queryClient} env={env}>
        <FullProvidersContext value={true}>{children}</FullProvidersContext>
      </SignedInAppProviders>
    </I18nextProvider>
  );
}

/**
 * What every screen but the sign-in pages needs: the query cache, the theme, notifications and
 * modals, and the one reaction to failed calls. Inside the i18n provider.
 */
export function SignedInAppProviders({
  queryClient,
  env = 'default',
  children,
}: {
  queryClient: QueryClient;
  env?: TProvidersEnv;
  children: ReactNode;
}) {
  const { i18n } = useTranslation();
  useEffect(() => installApiFailureHandler({ i18n, queryClient }), [i18n, queryClient]);
  // Nothing cached for a previous user may show for the next one.
  useEffect(() => onSignIn(() => queryClient.clear()), [queryClient]);
  return (
    <QueryClientProvider client={queryClient}>
      <ThemedProviders env={env}>{children}</ThemedProviders>
    </QueryClientProvider>
  );
}

/** Inside the i18n provider: the theme carries translated labels and follows the language. */
function ThemedProviders({ env, children }: { env: TProvidersEnv; children: ReactNode }) {
  const { t } = useTranslation();
  const theme = useMemo(() => createAppTheme((key) => t(key)), [t]);
  return (
    <MantineProvider
      theme={theme}
      env={env}
      defaultColorScheme="auto"
      colorSchemeManager={colorSchemeManager}
      cssVariablesResolver={cssVariablesResolver}
    >
      {/* Bottom-right, few and short-lived: messages never stay over the grid or its toolbars. */}
      <Notifications position="bottom-right" limit={3} autoClose={6000} containerWidth={360} />
      <ModalsProvider>{children}</ModalsProvider>
    </MantineProvider>
  );
}
