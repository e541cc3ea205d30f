import { ErrorCode } from '@settle/shared/error-codes';
import { SignInStepErrorCode } from '@settle/shared/rules/sign-in';
import type { TFunction } from 'i18next';
import { ApiError, translateApiError } from '../../../lib/api-error';

/**
 * The sign-in steps' failures in the user's language. Unlike other screens, a 503 here has a
 * meaning of its own (the text message could not be sent), and a 429 of the resend call says
 * how many seconds to wait.
 */
export function translateSignInError(t: TFunction, error: unknown): string {
  if (error instanceof ApiError) {
    if (error.code === SignInStepErrorCode.COURIER_UNAVAILABLE) return t('errors:COURIER_UNAVAILABLE');
    if (error.code === ErrorCode.RATE_LIMITED && error.args[0] !== undefined) {
      return t('auth:pin.resendWait', { 0: error.args[0] });
    }
  }
  return translateApiError(t, error);
}

const RESTART_CODES = new Set<string>([
  SignInStepErrorCode.COURIER_PINCODE_EXPIRED,
  SignInStepErrorCode.NO_PENDING_SIGN_IN,
  ErrorCode.SESSION_EXPIRED,
  ErrorCode.UNAUTHENTICATED,
]);

/** The pending sign-in is over on the server: the user must start again from the login page. */
export function endsPendingSignIn(error: unknown): error is ApiError {
  return error instanceof ApiError && RESTART_CODES.has(error.code);
}
