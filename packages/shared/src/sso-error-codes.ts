/** The error codes of the single-sign-on steps (the client translates errors.<code>); no zod, for the login page. */
export const SsoErrorCode = {
  SSO_NOT_CONFIGURED: 'SSO_NOT_CONFIGURED',
  SSO_FAILED: 'SSO_FAILED',
  SSO_UNKNOWN_USER: 'SSO_UNKNOWN_USER',
} as const;
export type TSsoErrorCode = (typeof SsoErrorCode)[keyof typeof SsoErrorCode];

export function isSsoErrorCode(code: string): code is TSsoErrorCode {
  return Object.hasOwn(SsoErrorCode, code);
}
