import type { i18n } from 'i18next';
import { useState } from 'react';
import { I18nextProvider } from 'react-i18next';
import { RouterProvider } from 'react-router';
import { createAppRouter } from './router';

/**
 * Only i18n above the router: the sign-in pages need nothing more, and the signed-in app's
 * providers come with its lazily loaded root layout (layout/root-layout.tsx).
 */
export function App({ i18n }: { i18n: i18n }) {
  const [router] = useState(() => createAppRouter(i18n));
  return (
    <I18nextProvider i18n={i18n}>
      <RouterProvider router={router} />
    </I18nextProvider>
  );
}
