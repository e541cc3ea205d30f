import { createContext } from 'react';

/**
 * True where the signed-in app's providers (TanStack Query, Mantine, notifications, modals) are
 * already in place above the router: in tests, which render every screen inside AppProviders.
 * In the browser they come with the lazily loaded root layout instead, after sign-in, so that
 * the sign-in pages load without them (npm run bench:web).
 */
export const FullProvidersContext = createContext(false);
