import { ACCOUNT_SETUP_MESSAGES, AccountSetupErrorCode } from '@settle/shared/account-setup';
import { AppError } from '../../lib/app-error';

/**
 * The keyed answers of account set-up (the client translates errors.<code>): 400 for a
 * damaged link or a wrong captcha, 406 for a state that refuses the step, as the
 * specification's catalogue says.
 */
export function invalidLink(): AppError {
  return new AppError({
    statusCode: 400,
    code: AccountSetupErrorCode.INVALID_LINK,
    message:
      'This link is damaged or was changed. Open the link from your email again, or ask for a new one.',
  });
}

export function linkExpired(): AppError {
  return new AppError({
    statusCode: 406,
    code: AccountSetupErrorCode.LINK_EXPIRED,
    message: 'This link has expired or was already used. Ask for a new one.',
  });
}

export function userAlreadyActive(): AppError {
  return new AppError({
    statusCode: 406,
    code: AccountSetupErrorCode.USER_ALREADY_ACTIVE,
    message: 'This account is already active. Sign in with your password.',
  });
}

export function contactAlreadyRegistered(): AppError {
  return new AppError({
    statusCode: 406,
    code: AccountSetupErrorCode.CONTACT_ALREADY_REGISTERED,
    message: 'This contact has already registered. Check your email for the activation link, or sign in.',
  });
}

export function loginNameTaken(): AppError {
  return new AppError({
    statusCode: 406,
    code: AccountSetupErrorCode.LOGIN_NAME_TAKEN,
    message: 'A user with this email address already exists. Sign in, or use another address.',
  });
}

/** A field message too, so that the form shows it under the captcha box. */
export function captchaWrong(): AppError {
  return new AppError({
    statusCode: 400,
    code: AccountSetupErrorCode.CAPTCHA_WRONG,
    message: ACCOUNT_SETUP_MESSAGES.captchaWrong,
    fieldErrors: [{ field: 'body.captchaAnswer', message: ACCOUNT_SETUP_MESSAGES.captchaWrong }],
  });
}
