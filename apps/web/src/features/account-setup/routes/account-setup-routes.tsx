import type { RouteObject } from 'react-router';
import { ActivationRoute } from './activation-route';
import { ConfirmationRoute } from './confirmation-route';
import { RegistrationRoute } from './registration-route';
import { ResetPasswordRoute } from './reset-password-route';

/** The account set-up pages; they belong under the public layout (no navigation bar, per the spec). */
export const accountSetupRoutes: RouteObject[] = [
  { path: '/registration', element: <RegistrationRoute /> },
  { path: '/activation', element: <ActivationRoute /> },
  { path: '/resetPassword', element: <ResetPasswordRoute /> },
  { path: '/confirmation/:message', element: <ConfirmationRoute /> },
];
