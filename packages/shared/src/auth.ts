import { z } from 'zod';
import { ZCustomer } from './accounts';
import { LOGIN_NAME_MAX_LENGTH, PASSWORD_MAX_LENGTH, SIGN_IN_MESSAGES } from './rules/sign-in';

export const ZLoginRequest = z
  .object({
    loginName: z
      .string()
      .trim()
      .min(1, SIGN_IN_MESSAGES.loginNameMissing)
      .max(LOGIN_NAME_MAX_LENGTH, SIGN_IN_MESSAGES.loginNameTooLong),
    password: z
      .string()
      .min(1, SIGN_IN_MESSAGES.passwordMissing)
      .max(PASSWORD_MAX_LENGTH, SIGN_IN_MESSAGES.passwordTooLong),
    pinCode: z.string().max(12).optional(),
    activationLogin: z.boolean().optional(),
  })
  .meta({ id: 'LoginRequest' });
export type TLoginRequest = z.infer<typeof ZLoginRequest>;

export const ZSolutionInstanceQuery = z.object({
  solutionInstanceGuid: z.string().max(64).optional(),
});

/** The user data the client keeps under `userData`. */
export const ZUserData = z
  .object({
    loginName: z.string(),
    customers: z.array(ZCustomer),
    roles: z.array(z.string()),
    fullName: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    locale: z.string(),
    localeForFormatting: z.string(),
    language: z.string(),
    timezone: z.string(),
    sessionId: z.string().meta({ description: 'Public id of the session (not the cookie secret)' }),
    currencyCode: z.string(),
    currencyMap: z.record(z.string(), z.string()),
    currentCustNo: z.string().nullable(),
    currentCustomer: ZCustomer.nullable(),
    appHeaderName: z.string(),
  })
  .meta({ id: 'UserData' });
export type TUserData = z.infer<typeof ZUserData>;

export const ZLogoutResponse = z.object({ loggedOut: z.boolean() });
