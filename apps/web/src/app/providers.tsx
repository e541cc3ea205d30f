import { localStorageColorSchemeManager, MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { i18n } from 'i18next';
import { type ReactNode, useEffect, useMemo } from 'react';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { installApiFailureHandler } from './api-failure-handler';
import { createAppTheme, cssVariablesResolver } from './theme';
import './theme.css';

export interface AppProvidersProps {
  i18n: i18n;
  queryClient: QueryClient;
  /** 'test' turns off Mantine's transitions and portals so that tests see the DOM at once. */
  env?: 'default' | 'test';
  children: ReactNode;
}

/** The light / dark / system choice of the header's switch, kept in this browser. */
const colorSchemeManager = localStorageColorSchemeManager({ key: 'settle-color-scheme' });

export function AppProviders({ i18n, queryClient, env = 'default', children }: AppProvidersProps) {
  useEffect(() => installApiFailureHandler({ i18n, queryClient }), [i18n, queryClient]);

  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <ThemedProviders env={env}>{children}</ThemedProviders>
      </QueryClientProvider>
    </I18nextProvider>
  );
}

/** Inside the i18n provider: the theme carries translated labels and follows the language. */
function ThemedProviders({ env, children }: { env: 'default' | 'test'; children: ReactNode }) {
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
