import type { QueryClient } from '@tanstack/react-query';
import type { i18n } from 'i18next';
import { useState } from 'react';
import { RouterProvider } from 'react-router';
import { AppProviders } from './providers';
import { createAppRouter } from './router';

export function App({ i18n, queryClient }: { i18n: i18n; queryClient: QueryClient }) {
  const [router] = useState(createAppRouter);
  return (
    <AppProviders i18n={i18n} queryClient={queryClient}>
      <RouterProvider router={router} />
    </AppProviders>
  );
}
