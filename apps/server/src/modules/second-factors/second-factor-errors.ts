import { SECOND_FACTOR_MESSAGES, SecondFactorErrorCode } from '@settle/shared/second-factors';
import { AppError } from '../../lib/app-error';

export function wrongCode(message: string = SECOND_FACTOR_MESSAGES.codeWrong): AppError {
  return new AppError({ statusCode: 400, code: SecondFactorErrorCode.SECOND_FACTOR_WRONG, message });
}

export function totpAlreadyOn(): AppError {
  return new AppError({
    statusCode: 409,
    code: SecondFactorErrorCode.TOTP_ALREADY_ON,
    message: SECOND_FACTOR_MESSAGES.totpAlreadyOn,
  });
}

export function totpNotStarted(): AppError {
  return new AppError({
    statusCode: 409,
    code: SecondFactorErrorCode.TOTP_NOT_STARTED,
    message: SECOND_FACTOR_MESSAGES.totpNotStarted,
  });
}

export function noFactorForRecovery(): AppError {
  return new AppError({
    statusCode: 409,
    code: SecondFactorErrorCode.NO_FACTOR_FOR_RECOVERY,
    message: SECOND_FACTOR_MESSAGES.noFactorForRecovery,
  });
}

/** Under the tenant's policy, the last factor stays. */
export function lastFactorRequired(): AppError {
  return new AppError({
    statusCode: 409,
    code: SecondFactorErrorCode.SECOND_FACTOR_REQUIRED,
    message: SECOND_FACTOR_MESSAGES.lastFactorRequired,
  });
}

export function passkeyRefused(message: string = SECOND_FACTOR_MESSAGES.passkeyRefused): AppError {
  return new AppError({ statusCode: 400, code: SecondFactorErrorCode.PASSKEY_REFUSED, message });
}
