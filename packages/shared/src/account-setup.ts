import { z } from 'zod';
import { ZSmsAreaCode, ZSmsPhone } from './phone-fields';

/**
 * Account set-up contract: registration (from the provider's link), activation (from the
 * emailed link), password reset (from the recovery email), and the helper calls around them.
 * The server validates with these schemas and the web forms parse with them, so a message
 * shown under a field is the same whichever side found the problem.
 *
 * Links carry sealed values (see the server's sealed-values.ts): encryptedCompanyId, contactId
 * and namedUser are opaque strings to the client.
 */

/** The specification's password length (sections 5 and 9 of both files). */
export const PASSWORD_LENGTH = { min: 8, max: 20 } as const;

/** Languages the portal offers; anything else falls back to English. */
export const ZPreferredLanguage = z.enum(['en', 'fr']);
export type TPreferredLanguage = z.infer<typeof ZPreferredLanguage>;

/**
 * English texts of the field messages. The web app translates them through
 * `accountSetup.messages.<key>` (it looks the key up by the text the server sent).
 */
export const ACCOUNT_SETUP_MESSAGES = {
  passwordIncomplete: 'Enter the password and its confirmation',
  passwordLength: `The password must have ${PASSWORD_LENGTH.min} to ${PASSWORD_LENGTH.max} characters`,
  passwordMismatch: 'The password and its confirmation do not match',
  addressInvalid: 'Enter a valid email address',
  captchaRequired: 'Type the characters shown in the picture',
  captchaWrong: 'The characters do not match the picture. Try the new one.',
  linkRequired: 'This link is incomplete. Open the link from your email again.',
} as const;
export type TAccountSetupMessageKey = keyof typeof ACCOUNT_SETUP_MESSAGES;

/**
 * Keyed answers (406, and 400 for a damaged link): the client translates `errors.<code>`.
 */
export const AccountSetupErrorCode = {
  /** A sealed value was changed or is not ours (400). */
  INVALID_LINK: 'INVALID_LINK',
  /** The activation or reset code is unknown, used or expired (406). */
  LINK_EXPIRED: 'LINK_EXPIRED',
  /** Activation of an account that is already active; also the user check's 406. */
  USER_ALREADY_ACTIVE: 'USER_ALREADY_ACTIVE',
  /** The contact of a registration link has registered already (406). */
  CONTACT_ALREADY_REGISTERED: 'CONTACT_ALREADY_REGISTERED',
  /** Another user signs in with that email address (406). */
  LOGIN_NAME_TAKEN: 'LOGIN_NAME_TAKEN',
  /** Wrong, used or expired captcha answer (400, with a field message on captchaAnswer). */
  CAPTCHA_WRONG: 'CAPTCHA_WRONG',
} as const;

/** Message codes the confirmation panel (/confirmation/{message}) shows. */
export const ConfirmationMessage = {
  REGISTRATION_EMAIL_SENT: 'REGISTRATION_EMAIL_SENT',
  PASSWORD_RESET_DONE: 'PASSWORD_RESET_DONE',
} as const;
export type TConfirmationMessage = (typeof ConfirmationMessage)[keyof typeof ConfirmationMessage];

const sealed = z.string().trim().min(1, ACCOUNT_SETUP_MESSAGES.linkRequired).max(2048);

/** Password and confirmation, with the specification's three messages. */
export const ZPasswordPair = z
  .object({
    password: z.string().max(200),
    confirmPassword: z.string().max(200),
  })
  .superRefine((value, context) => {
    if (value.password === '' || value.confirmPassword === '') {
      const field = value.password === '' ? 'password' : 'confirmPassword';
      context.addIssue({ code: 'custom', path: [field], message: ACCOUNT_SETUP_MESSAGES.passwordIncomplete });
      return;
    }
    const length = [...value.password].length;
    if (length < PASSWORD_LENGTH.min || length > PASSWORD_LENGTH.max) {
      context.addIssue({
        code: 'custom',
        path: ['password'],
        message: ACCOUNT_SETUP_MESSAGES.passwordLength,
      });
    }
    if (value.password !== value.confirmPassword) {
      context.addIssue({
        code: 'custom',
        path: ['confirmPassword'],
        message: ACCOUNT_SETUP_MESSAGES.passwordMismatch,
      });
    }
  });
export type TPasswordPair = z.infer<typeof ZPasswordPair>;

/** GET {api}/user/registration?companyId&contactId: what the registration page shows. */
export const ZRegistrationContextQuery = z.object({ companyId: sealed, contactId: sealed });
export const ZRegistrationContext = z
  .object({
    company: z.string(),
    custNo: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    /** The contact's email on file: the form's starting value for address. */
    address: z.string(),
    companyDefMask: z.string(),
  })
  .meta({ id: 'RegistrationContext' });
export type TRegistrationContext = z.infer<typeof ZRegistrationContext>;

/** POST {api}/user/registration. The email address (address) becomes the login name. */
export const ZRegistrationRequest = z
  .object({
    encryptedCompanyId: sealed,
    contactId: sealed,
    address: z
      .string()
      .trim()
      .max(254, ACCOUNT_SETUP_MESSAGES.addressInvalid)
      .pipe(z.email(ACCOUNT_SETUP_MESSAGES.addressInvalid)),
    smsAreaCode: ZSmsAreaCode.default(''),
    /** Where sign-in codes go. */
    smsPhone: ZSmsPhone.default(''),
    /** The specification's second phone field; used for codes when smsPhone is empty. */
    mobilePhone: ZSmsPhone.default(''),
    /** The mask the form formatted the phone with (informational; at most 35 characters). */
    companyDefMask: z.string().max(35).default(''),
    preferredLanguage: ZPreferredLanguage.default('en'),
    captchaId: z.string().trim().min(1, ACCOUNT_SETUP_MESSAGES.captchaRequired).max(64),
    captchaAnswer: z.string().trim().min(1, ACCOUNT_SETUP_MESSAGES.captchaRequired).max(12),
  })
  .meta({ id: 'RegistrationRequest' });
export type TRegistrationRequest = z.infer<typeof ZRegistrationRequest>;

export const ZRegistrationResponse = z
  .object({ message: z.literal(ConfirmationMessage.REGISTRATION_EMAIL_SENT) })
  .meta({ id: 'RegistrationResponse' });

/**
 * POST {api}/user/activation (reset N) and POST {api}/user/resetPassword (reset Y).
 * Activation then signs in like /auth/login with activationLogin (a PIN step may follow);
 * a reset answers { message: PASSWORD_RESET_DONE } and the user signs in as usual.
 */
export const ZActivationRequest = z
  .object({
    encryptedCompanyId: sealed,
    reset: z.enum(['Y', 'N']).default('N'),
    activationCode: z.string().trim().min(1, ACCOUNT_SETUP_MESSAGES.linkRequired).max(200),
    namedUser: sealed,
    password: z.string().max(200),
    confirmPassword: z.string().max(200),
  })
  .superRefine((value, context) => {
    const pair = ZPasswordPair.safeParse(value);
    for (const issue of pair.error?.issues ?? []) {
      context.addIssue({ code: 'custom', path: issue.path, message: issue.message });
    }
  })
  .meta({ id: 'ActivationRequest' });
export type TActivationRequest = z.infer<typeof ZActivationRequest>;

export const ZPasswordResetResponse = z
  .object({ message: z.literal(ConfirmationMessage.PASSWORD_RESET_DONE) })
  .meta({ id: 'PasswordResetResponse' });

/** POST {api}/user/verifyUserAsInactive: 200 when the account waits for activation, 406 when active. */
export const ZVerifyUserAsInactiveRequest = z.object({ encryptedCompanyId: sealed, namedUser: sealed });
export const ZVerifyUserAsInactiveResponse = z.object({ inactive: z.literal(true) });

/** GET {api}/trUtils/decrypt/{encrypt}: the login name a namedUser parameter carries. */
export const ZDecryptResponse = z.object({ value: z.string() }).meta({ id: 'DecryptResponse' });

/** POST {api}/auth/companyDefMask (body: the login name): the phone mask of the user's company. */
export const ZCompanyDefMaskResponse = z
  .object({ companyDefMask: z.string() })
  .meta({ id: 'CompanyDefMask' });

/** The captcha image's id travels in this response header; the body is an SVG picture. */
export const CAPTCHA_ID_HEADER = 'x-captcha-id';
