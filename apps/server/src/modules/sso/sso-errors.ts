import { SsoErrorCode } from '@settle/shared/sso';
import { AppError } from '../../lib/app-error';

export function ssoNotConfigured(): AppError {
  return new AppError({
    statusCode: 503,
    code: SsoErrorCode.SSO_NOT_CONFIGURED,
    message: 'Single sign-on is not set up for this portal. Please contact your administrator.',
  });
}

/**
 * Every failed check of the return trip (state cookie, state, code, ID token) reads the same:
 * the details go to the log, not to whoever replays or forges a callback.
 */
export function ssoFailed(): AppError {
  return new AppError({
    statusCode: 401,
    code: SsoErrorCode.SSO_FAILED,
    message: 'Single sign-on could not be completed. Please try again.',
  });
}

export function ssoUnknownUser(): AppError {
  return new AppError({
    statusCode: 401,
    code: SsoErrorCode.SSO_UNKNOWN_USER,
    message:
      'Your single sign-on account is not linked to a user of this portal. Please contact your administrator.',
  });
}

/** The provider did not answer its discovery: nothing the user did, and worth another try later. */
export function ssoProviderUnavailable(): AppError {
  return new AppError({
    statusCode: 503,
    code: SsoErrorCode.SSO_FAILED,
    message: 'The single sign-on provider cannot be reached. Please try again later.',
  });
}
