import { ZUserData } from '@settle/shared/auth';
import { ZSmsAreaCode, ZSmsPhone } from '@settle/shared/rules/phone';
import { z } from 'zod';

// The sign-in steps' contract. It belongs in packages/shared/src/auth.ts beside ZLoginRequest;
// it lives here until that file can take it, and the web app should import it from there.

const ZLoginName = z
  .string()
  .trim()
  .min(1, 'Enter your login name')
  .max(100, 'A login name has at most 100 characters');

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

export const ZPreloginResponse = z
  .object({
    key: z.string().meta({ description: 'Opaque random token; the client may echo it, it proves nothing' }),
    pincodeMethod: ZPincodeMethod,
    sso: z.boolean(),
    ssoLoginUrl: z.string().optional(),
  })
  .meta({ id: 'PreloginResponse' });

/** The password step's answer when a code was sent: the PIN screen follows. */
export const ZPinRequired = z
  .object({
    pinRequired: z.literal(true),
    pincodeMethod: z.literal('SMS'),
    maskedMobile: z.string().meta({ description: 'Where the code went: bullets and the last 4 digits' }),
  })
  .meta({ id: 'PinRequired' });

export const ZLoginResponse = z.union([ZUserData, ZPinRequired]);

export const ZResendPinResponse = z
  .object({ pinSent: z.literal(true), pincodeMethod: z.literal('SMS'), maskedMobile: z.string() })
  .meta({ id: 'ResendPinResponse' });

export const ZUpdateMobileRequest = z
  .object({
    loginName: ZLoginName,
    password: z.string().max(200).optional(),
    smsAreaCode: ZSmsAreaCode.default(''),
    smsPhone: ZSmsPhone.default(''),
  })
  .meta({ id: 'UpdateMobileRequest' });

export const ZUpdateMobileResponse = z
  .object({ saved: z.literal(true), pinSent: z.boolean(), maskedMobile: z.string().optional() })
  .meta({ id: 'UpdateMobileResponse' });

export const ZTroubleSigningInResponse = z
  .object({ sent: z.literal(true) })
  .meta({ id: 'TroubleSigningInResponse' });
