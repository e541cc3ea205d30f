import { MantineProvider } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { type QueryClient, QueryClientProvider } from '@tanstack/react-query';
import type { i18n } from 'i18next';
import { type ReactNode, useEffect } from 'react';
import { I18nextProvider } from 'react-i18next';
import { installApiFailureHandler } from './api-failure-handler';
import { theme } from './theme';

export interface AppProvidersProps {
  i18n: i18n;
  queryClient: QueryClient;
  /** 'test' turns off Mantine's transitions and portals so that tests see the DOM at once. */
  env?: 'default' | 'test';
  children: ReactNode;
}

export function AppProviders({ i18n, queryClient, env = 'default', children }: AppProvidersProps) {
  useEffect(() => installApiFailureHandler({ i18n, queryClient }), [i18n, queryClient]);

  return (
    <I18nextProvider i18n={i18n}>
      <QueryClientProvider client={queryClient}>
        <MantineProvider theme={theme} env={env}>
          {/* Bottom-right, few and short-lived: messages never stay over the grid or its toolbars. */}
          <Notifications position="bottom-right" limit={3} autoClose={6000} containerWidth={360} />
          <ModalsProvider>{children}</ModalsProvider>
        </MantineProvider>
      </QueryClientProvider>
    </I18nextProvider>
  );
}
