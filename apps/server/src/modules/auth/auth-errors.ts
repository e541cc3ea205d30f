import { SignInStepErrorCode } from '@settle/shared/auth-steps';
import { ErrorCode } from '@settle/shared/errors';
import { AppError } from '../../lib/app-error';

/**
 * The sign-in error keys of the specification's catalogue (the client translates them and
 * routes on SEND_PINCODE_NO_MOBILE and COURIER_PINCODE_EXPIRED): one list, shared with the web.
 */
export const AuthErrorCode = SignInStepErrorCode;

/** Wrong password, unknown login and locked account all read the same: nothing is disclosed. */
export function invalidCredentials(): AppError {
  return new AppError({
    statusCode: 401,
    code: ErrorCode.INVALID_CREDENTIALS,
    message: 'The login name or password is not correct.',
  });
}

export function userInactive(): AppError {
  return new AppError({
    statusCode: 415,
    code: ErrorCode.USER_INACTIVE,
    message: 'Your account has been deactivated. Please contact your administrator.',
  });
}

export function noMobileForPin(): AppError {
  return new AppError({
    statusCode: 401,
    code: AuthErrorCode.SEND_PINCODE_NO_MOBILE,
    message: 'There is no mobile number to send your sign-in code to. Enter one to continue.',
  });
}

export function pinExpired(): AppError {
  return new AppError({
    statusCode: 401,
    code: AuthErrorCode.COURIER_PINCODE_EXPIRED,
    message: 'Your sign-in code has expired. Please sign in again.',
  });
}

export function invalidPin(triesLeft: number): AppError {
  return new AppError({
    statusCode: 401,
    code: AuthErrorCode.INVALID_PINCODE,
    message: `The code is not correct. ${triesLeft} ${triesLeft === 1 ? 'try' : 'tries'} left.`,
    args: [String(triesLeft)],
  });
}

export function pinAttemptsExceeded(): AppError {
  return new AppError({
    statusCode: 401,
    code: AuthErrorCode.PINCODE_ATTEMPTS_EXCEEDED,
    message: 'Too many wrong codes. Ask for a new code.',
  });
}

export function courierUnavailable(): AppError {
  return new AppError({
    statusCode: 503,
    code: AuthErrorCode.COURIER_UNAVAILABLE,
    message: 'We could not send your sign-in code. Please try again later.',
  });
}

export function rateLimited(message: string, retryAfterSeconds?: number): AppError {
  return new AppError({
    statusCode: 429,
    code: ErrorCode.RATE_LIMITED,
    message,
    ...(retryAfterSeconds === undefined ? {} : { args: [String(retryAfterSeconds)] }),
  });
}

export function mobileAlreadySet(): AppError {
  return new AppError({
    statusCode: 403,
    code: AuthErrorCode.MOBILE_ALREADY_SET,
    message:
      'A mobile number is already on file. Ask your administrator to change it, or change it in your profile once signed in.',
  });
}

export function noPendingSignIn(): AppError {
  return new AppError({
    statusCode: 401,
    code: AuthErrorCode.NO_PENDING_SIGN_IN,
    message: 'No sign-in is waiting for a code. Please sign in again.',
  });
}
