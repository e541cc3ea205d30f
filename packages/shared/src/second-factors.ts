import { z } from 'zod';

/**
 * Second factors a user chooses beside the SMS code of the specification: an authenticator
 * app (TOTP), passkeys (WebAuthn) and single-use recovery codes. The English texts are the
 * messages of the API; the web app translates them by key under `security.messages.<key>`.
 */
export const SECOND_FACTOR_MESSAGES = {
  codeFormat: 'Enter the 6-digit code of your authenticator app',
  codeWrong: 'The code is not correct, or it was already used. Wait for the next code and try again.',
  recoveryFormat: 'Enter a recovery code as it was given: 10 letters and digits',
  recoveryWrong: 'This recovery code is not correct, or it was already used.',
  totpNotStarted: 'Start again: ask for a new QR code first.',
  totpAlreadyOn: 'An authenticator app is already set up. Remove it before setting up another one.',
  passkeyNameRequired: 'Give the passkey a name',
  passkeyNameTooLong: 'At most 60 characters',
  passkeyRefused: 'The passkey could not be verified. Please try again.',
  passkeyChallengeMissing: 'The passkey request has expired. Please try again.',
  lastFactorRequired:
    'Your organisation requires a second factor: add another one before you remove the last one.',
  noFactorForRecovery: 'Recovery codes are made for an authenticator app or a passkey: set one up first.',
  tooManyTries: 'Too many wrong codes. Please sign in again.',
} as const;
export type TSecondFactorMessageKey = keyof typeof SECOND_FACTOR_MESSAGES;

export const SecondFactorErrorCode = {
  SECOND_FACTOR_WRONG: 'SECOND_FACTOR_WRONG',
  SECOND_FACTOR_REQUIRED: 'SECOND_FACTOR_REQUIRED',
  PASSKEY_REFUSED: 'PASSKEY_REFUSED',
  TOTP_ALREADY_ON: 'TOTP_ALREADY_ON',
  TOTP_NOT_STARTED: 'TOTP_NOT_STARTED',
  NO_FACTOR_FOR_RECOVERY: 'NO_FACTOR_FOR_RECOVERY',
} as const;

export const RECOVERY_CODE_COUNT = 10;

/** How a pending sign-in may be completed. */
export const ZSecondFactorKind = z.enum(['SMS', 'TOTP', 'PASSKEY', 'RECOVERY']);
export type TSecondFactorKind = z.infer<typeof ZSecondFactorKind>;

export const ZTotpCode = z
  .string()
  .transform((value) => value.replace(/\s/g, ''))
  .pipe(z.string().regex(/^\d{6}$/, SECOND_FACTOR_MESSAGES.codeFormat));

/** Recovery codes are shown as xxxxx-xxxxx; typed with or without the dash, in any case. */
export const ZRecoveryCode = z
  .string()
  .transform((value) => value.replace(/[\s-]/g, '').toLowerCase())
  .pipe(z.string().regex(/^[a-z2-7]{10}$/, SECOND_FACTOR_MESSAGES.recoveryFormat));

export const ZPasskeySummary = z
  .object({
    id: z.number().int(),
    name: z.string(),
    createdAt: z.string(),
    lastUsedAt: z.string().nullable(),
  })
  .meta({ id: 'PasskeySummary' });
export type TPasskeySummary = z.infer<typeof ZPasskeySummary>;

export const ZSecondFactors = z
  .object({
    totp: z.boolean().meta({ description: 'An authenticator app is set up (confirmed)' }),
    sms: z.boolean().meta({ description: 'Sign-in codes by SMS (the user policy of the specification)' }),
    passkeys: z.array(ZPasskeySummary),
    recoveryCodesLeft: z.number().int(),
    tenantRequiresSecondFactor: z.boolean(),
  })
  .meta({ id: 'SecondFactors' });
export type TSecondFactors = z.infer<typeof ZSecondFactors>;

export const ZTotpEnrolment = z
  .object({
    secret: z.string().meta({ description: 'The base32 secret, for typing into an app by hand' }),
    otpauthUri: z.string(),
    qrCode: z.string().meta({ description: 'The otpauth URI as a QR code: an SVG data URL' }),
  })
  .meta({ id: 'TotpEnrolment' });
export type TTotpEnrolment = z.infer<typeof ZTotpEnrolment>;

export const ZTotpCodeRequest = z.object({ code: ZTotpCode }).meta({ id: 'TotpCodeRequest' });
export type TTotpCodeRequest = z.input<typeof ZTotpCodeRequest>;

export const ZRecoveryCodes = z
  .object({
    recoveryCodes: z.array(z.string()).meta({ description: 'Shown once: only their hashes are kept' }),
  })
  .meta({ id: 'RecoveryCodes' });
export type TRecoveryCodes = z.infer<typeof ZRecoveryCodes>;

export const ZPasskeyName = z
  .string()
  .trim()
  .min(1, SECOND_FACTOR_MESSAGES.passkeyNameRequired)
  .max(60, SECOND_FACTOR_MESSAGES.passkeyNameTooLong);

/** A WebAuthn credential as @simplewebauthn/browser answers it (checked by the server's verifier). */
export const ZWebAuthnResponse = z
  .looseObject({ id: z.string().max(1024), rawId: z.string().max(1024), type: z.literal('public-key') })
  .meta({ id: 'WebAuthnResponse' });

export const ZPasskeyRegistrationRequest = z
  .object({ name: ZPasskeyName, response: ZWebAuthnResponse })
  .meta({ id: 'PasskeyRegistrationRequest' });
export type TPasskeyRegistrationRequest = z.input<typeof ZPasskeyRegistrationRequest>;

export const ZPasskeyAssertionRequest = z
  .object({ response: ZWebAuthnResponse })
  .meta({ id: 'PasskeyAssertionRequest' });

/** WebAuthn options for the browser (PublicKeyCredentialCreation/RequestOptionsJSON). */
export const ZWebAuthnOptions = z.looseObject({ challenge: z.string() }).meta({ id: 'WebAuthnOptions' });

export const ZSecondFactorCodeRequest = z
  .discriminatedUnion('method', [
    z.object({ method: z.literal('TOTP'), code: ZTotpCode }),
    z.object({ method: z.literal('RECOVERY'), code: ZRecoveryCode }),
  ])
  .meta({ id: 'SecondFactorCodeRequest' });
export type TSecondFactorCodeRequest = z.infer<typeof ZSecondFactorCodeRequest>;
