import { render, screen } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { RouteLoading } from '../../components/ui/route-loading';
import { createI18n } from '../../lib/i18n';
import { resources } from '../../lib/i18n-resources';
import type { TLanguage } from '../../lib/language';
import { AppProviders } from '../providers';
import { createQueryClient } from '../query-client';
import { RootLayout } from './root-layout';

/** The app's root route around a screen whose code never arrives, and one that is there. */
function renderWithPendingScreen(route: string, language: TLanguage = 'en') {
  const router = createMemoryRouter(
    [
      {
        element: <RootLayout />,
        hydrateFallbackElement: <RouteLoading />,
        children: [
          { path: '/ready', element: <p>ready page</p> },
          { path: '/slow', lazy: () => new Promise<never>(() => {}) },
        ],
      },
    ],
    { initialEntries: [route] },
  );
  render(
    <AppProviders i18n={createI18n(language, resources)} queryClient={createQueryClient()} env="test">
      <RouterProvider router={router} />
    </AppProviders>,
  );
  return router;
}

describe('while a screen is loading', () => {
  it('shows a translated loading status on the first visit', async () => {
    renderWithPendingScreen('/slow');
    expect(await screen.findByRole('status', { name: 'Loading…' })).toBeInTheDocument();
  });

  it('says it in French', async () => {
    renderWithPendingScreen('/slow', 'fr');
    expect(await screen.findByRole('status', { name: 'Chargement…' })).toBeInTheDocument();
  });

  it('keeps the current page on a navigation and adds the status', async () => {
    const router = renderWithPendingScreen('/ready');
    expect(await screen.findByText('ready page')).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();

    void router.navigate('/slow');
    expect(await screen.findByRole('status', { name: 'Loading…' })).toBeInTheDocument();
    expect(screen.getByText('ready page')).toBeInTheDocument();
  });
});
