import type { TUserData } from '@settle/shared/auth';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { i18n } from 'i18next';
import { type ReactNode, StrictMode } from 'react';
import { createMemoryRouter, type RouteObject, RouterProvider } from 'react-router';
import { AppProviders } from '../app/providers';
import { createQueryClient } from '../app/query-client';
import { createAppRoutes } from '../app/router';
import { createI18n } from '../lib/i18n';
import { resources } from '../lib/i18n-resources';
import type { TLanguage } from '../lib/language';
import { setUserData } from '../lib/user-storage';

/**
 * The app's screens are lazy routes (fetched when first opened). Tests render the app
 * synchronously and look at it at once, so the screens are loaded here, before any test,
 * and put in place of their loaders; the browser flows exercise the lazy loading itself.
 */
async function resolveLazyRoutes(routes: RouteObject[]): Promise<void> {
  for (const route of routes) {
    if (typeof route.lazy === 'function') {
      const loaded = await route.lazy();
      delete route.lazy;
      Object.assign(route, loaded);
    }
    if (route.children) await resolveLazyRoutes(route.children);
  }
}
/**
 * Tests bundle every text of both languages (lib/i18n-resources.ts), so the root layout's texts are
 * there at once: any instance with them stands in for the one each test renders with.
 * app/sign-in-texts.test.tsx renders with the texts as the app fetches them.
 */
const appRoutes = createAppRoutes(createI18n('en', resources));
await resolveLazyRoutes(appRoutes);

interface RenderOptions {
  route?: string;
  userData?: TUserData;
  language?: TLanguage;
  /** As main.tsx renders the app: in development, effects run twice. */
  strictMode?: boolean;
  /** An instance of its own (lib/i18n.ts startI18n: the texts as the app fetches them) instead of every text. */
  i18n?: i18n;
}

/** The whole app (real routes, providers, i18n) on an in-memory history. */
export function renderApp(options: RenderOptions = {}) {
  return renderWithRouter(appRoutes, options);
}

/** One component inside the real providers, at a route of its own. */
export function renderComponent(ui: ReactNode, options: RenderOptions = {}) {
  return renderWithRouter(
    [
      { path: '*', element: ui },
      { path: '/home', element: <p>home page</p> },
    ],
    options,
  );
}

function renderWithRouter(routes: Parameters<typeof createMemoryRouter>[0], options: RenderOptions) {
  if (options.userData) setUserData(options.userData);
  const i18n = options.i18n ?? createI18n(options.language ?? 'en', resources);
  const queryClient = createQueryClient();
  const router = createMemoryRouter(routes, { initialEntries: [options.route ?? '/'] });
  const user = userEvent.setup();
  const app = (
    <AppProviders i18n={i18n} queryClient={queryClient} env="test">
      <RouterProvider router={router} />
    </AppProviders>
  );
  const result = render(options.strictMode ? <StrictMode>{app}</StrictMode> : app);
  return { ...result, router, i18n, queryClient, user };
}
