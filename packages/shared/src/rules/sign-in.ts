import type { TLoginResponse, TPinRequired } from '../auth-steps';

/*
 * The sign-in pages' rules as plain functions: those pages load before zod and the rest of the
 * app, and check with these. The contract's schemas (auth.ts, auth-steps.ts) are built on the
 * same limits and messages, and a property test keeps the two in step.
 */

export const LOGIN_NAME_MAX_LENGTH = 100;
export const PASSWORD_MAX_LENGTH = 200;
/** The code texted at the password step: 6 digits. */
export const PIN_CODE_LENGTH = 6;
/** At most one new sign-in code per this many seconds (the server refuses sooner; the page counts down). */
export const PIN_RESEND_INTERVAL_SECONDS = 30;

export const SIGN_IN_MESSAGES = {
  loginNameMissing: 'Enter your login name',
  loginNameTooLong: `A login name has at most ${LOGIN_NAME_MAX_LENGTH} characters`,
  passwordMissing: 'Enter your password',
  passwordTooLong: `A password has at most ${PASSWORD_MAX_LENGTH} characters`,
  pinCodeFormat: `Enter the ${PIN_CODE_LENGTH} digits of the code`,
} as const;

/** The error codes the client routes on or translates during the sign-in steps. */
export const SignInStepErrorCode = {
  SEND_PINCODE_NO_MOBILE: 'SEND_PINCODE_NO_MOBILE',
  COURIER_PINCODE_EXPIRED: 'COURIER_PINCODE_EXPIRED',
  INVALID_PINCODE: 'INVALID_PINCODE',
  PINCODE_ATTEMPTS_EXCEEDED: 'PINCODE_ATTEMPTS_EXCEEDED',
  COURIER_UNAVAILABLE: 'COURIER_UNAVAILABLE',
  MOBILE_ALREADY_SET: 'MOBILE_ALREADY_SET',
  NO_PENDING_SIGN_IN: 'NO_PENDING_SIGN_IN',
} as const;

/** Why a field is refused, named as zod names the issue (the key of its translated message). */
export type TLengthProblem = 'too_small' | 'too_big';

/** The login name is trimmed first: spaces alone are no login name. */
export function loginNameProblem(value: string): TLengthProblem | null {
  const trimmed = value.trim();
  if (trimmed.length < 1) return 'too_small';
  if (trimmed.length > LOGIN_NAME_MAX_LENGTH) return 'too_big';
  return null;
}

export function passwordProblem(value: string): TLengthProblem | null {
  if (value.length < 1) return 'too_small';
  if (value.length > PASSWORD_MAX_LENGTH) return 'too_big';
  return null;
}

const PIN_CODE_PATTERN = new RegExp(`^\\d{${PIN_CODE_LENGTH}}$`);

/** The PIN page's field: exactly the 6 digits (the login call itself accepts spaces, server side). */
export function pinCodeProblem(value: string): 'invalid_format' | null {
  return PIN_CODE_PATTERN.test(value) ? null : 'invalid_format';
}

export function isPinRequired(answer: TLoginResponse): answer is TPinRequired {
  return 'pinRequired' in answer && answer.pinRequired === true;
}
