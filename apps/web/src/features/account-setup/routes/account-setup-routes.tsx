import type { RouteObject } from 'react-router';

/**
 * The account set-up pages; they belong under the public layout (no navigation bar, per the spec).
 * Loaded when opened: a visitor of /login never needs them.
 */
export const accountSetupRoutes: RouteObject[] = [
  {
    path: '/registration',
    lazy: () => import('./registration-route').then((m) => ({ Component: m.RegistrationRoute })),
  },
  {
    path: '/activation',
    lazy: () => import('./activation-route').then((m) => ({ Component: m.ActivationRoute })),
  },
  {
    path: '/resetPassword',
    lazy: () => import('./reset-password-route').then((m) => ({ Component: m.ResetPasswordRoute })),
  },
  {
    path: '/confirmation/:message',
    lazy: () => import('./confirmation-route').then((m) => ({ Component: m.ConfirmationRoute })),
  },
];
