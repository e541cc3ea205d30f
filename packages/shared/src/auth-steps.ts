import { z } from 'zod';
import { ZLoginRequest, ZUserData } from './auth';
import { ZSmsAreaCode, ZSmsPhone } from './phone-fields';
import { PIN_CODE_LENGTH, SIGN_IN_MESSAGES } from './rules/sign-in';
import { ZSecondFactorKind } from './second-factors';

/**
 * The sign-in steps' contract (pre-login, PIN code, missing mobile, recovery): the server's
 * routes validate with it and the web app's forms and fetchers parse with it.
 */

export {
  isPinRequired,
  PIN_CODE_LENGTH,
  PIN_RESEND_INTERVAL_SECONDS,
  SignInStepErrorCode,
} from './rules/sign-in';

/** The same rule as the login form's field: one definition of a valid login name. */
export const ZLoginName = ZLoginRequest.shape.loginName;

/**
 * The specification sends the login name itself as the body (a JSON string, or text/plain);
 * { loginName } is accepted too for clients that only send objects.
 */
export const ZLoginNameBody = z
  .union([z.string(), z.object({ loginName: z.string() })])
  .transform((body) => (typeof body === 'string' ? body : body.loginName))
  .pipe(ZLoginName)
  .meta({ description: 'The login name, as a JSON string (or { "loginName": "…" })' });

export const ZPincodeMethod = z.enum(['SMS', 'NONE']);
export type TPincodeMethod = z.infer<typeof ZPincodeMethod>;

export const ZPreloginResponse = z
  .object({
    key: z.string().meta({ description: 'Opaque random token; the client may echo it, it proves nothing' }),
    pincodeMethod: ZPincodeMethod,
    sso: z.boolean(),
    ssoLoginUrl: z.string().optional(),
  })
  .meta({ id: 'PreloginResponse' });
export type TPreloginResponse = z.infer<typeof ZPreloginResponse>;

/**
 * The password step's answer when a second step follows. `factors` are the ways this user may
 * complete it (an SMS code, an authenticator app, a passkey, a recovery code); pincodeMethod is
 * the one the page opens with. maskedMobile is where a code went, when one was texted.
 */
export const ZPinRequired = z
  .object({
    pinRequired: z.literal(true),
    pincodeMethod: z.enum(['SMS', 'TOTP', 'PASSKEY']),
    maskedMobile: z
      .string()
      .optional()
      .meta({ description: 'Where the code went: bullets and the last 4 digits' }),
    factors: z.array(ZSecondFactorKind),
  })
  .meta({ id: 'PinRequired' });
export type TPinRequired = z.infer<typeof ZPinRequired>;

export const ZLoginResponse = z.union([ZUserData, ZPinRequired]);
export type TLoginResponse = z.infer<typeof ZLoginResponse>;

/** The PIN page's form; the login call itself accepts the code with spaces (server side). */
export const ZPinCodeForm = z.object({
  pinCode: z.string().regex(new RegExp(`^\\d{${PIN_CODE_LENGTH}}$`), SIGN_IN_MESSAGES.pinCodeFormat),
});
export type TPinCodeForm = z.infer<typeof ZPinCodeForm>;

export const ZResendPinResponse = z
  .object({ pinSent: z.literal(true), pincodeMethod: z.literal('SMS'), maskedMobile: z.string() })
  .meta({ id: 'ResendPinResponse' });
export type TResendPinResponse = z.infer<typeof ZResendPinResponse>;

/** The two phone fields of the update-mobile page: both may be empty (spec, phone fields). */
export const ZMobileFields = z.object({
  smsAreaCode: ZSmsAreaCode.default(''),
  smsPhone: ZSmsPhone.default(''),
});
export type TMobileFields = z.infer<typeof ZMobileFields>;

export const ZUpdateMobileRequest = z
  .object({
    loginName: ZLoginName,
    password: z.string().max(200).optional(),
    ...ZMobileFields.shape,
  })
  .meta({ id: 'UpdateMobileRequest' });
export type TUpdateMobileRequest = z.infer<typeof ZUpdateMobileRequest>;

export const ZUpdateMobileResponse = z
  .object({ saved: z.literal(true), pinSent: z.boolean(), maskedMobile: z.string().optional() })
  .meta({ id: 'UpdateMobileResponse' });
export type TUpdateMobileResponse = z.infer<typeof ZUpdateMobileResponse>;

/** The recovery form: the login name only (sent upper-cased, as the specification says). */
export const ZTroubleSigningInForm = z.object({ loginName: ZLoginName });
export type TTroubleSigningInForm = z.infer<typeof ZTroubleSigningInForm>;

export const ZTroubleSigningInResponse = z
  .object({ sent: z.literal(true) })
  .meta({ id: 'TroubleSigningInResponse' });
export type TTroubleSigningInResponse = z.infer<typeof ZTroubleSigningInResponse>;
