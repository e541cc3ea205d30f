import { z } from 'zod';
import { PASSWORD_LENGTH, ZPreferredLanguage } from './account-setup';
import { ZSmsAreaCode, ZSmsPhone } from './phone-fields';

/**
 * The user's own profile (GET and PUT {api}/user/profile). Field messages are English texts
 * the web app looks up under `profile.messages.<key>`; keyed refusals (406) carry a code of
 * UserProfileErrorCode that it translates under `errors.<code>`.
 */
export const PROFILE_MESSAGES = {
  nameRequired: 'Enter a name',
  nameTooLong: 'At most 50 characters',
  passwordIncomplete: 'Enter the current password, the new one and its confirmation',
  passwordLength: `The password must have ${PASSWORD_LENGTH.min} to ${PASSWORD_LENGTH.max} characters`,
  passwordMismatch: 'The password and its confirmation do not match',
  localeUnknown: 'Choose a locale from the list',
  timezoneUnknown: 'Choose a time zone from the list',
} as const;
export type TProfileMessageKey = keyof typeof PROFILE_MESSAGES;

export const UserProfileErrorCode = {
  /** The current password typed does not match the stored one (406). */
  CURRENT_PASSWORD_WRONG: 'CURRENT_PASSWORD_WRONG',
  /** The new password is the current one (406). */
  PASSWORD_UNCHANGED: 'PASSWORD_UNCHANGED',
} as const;

/** Locales offered for formatting (language_REGION, as the user data's locale). */
export const PROFILE_LOCALES = [
  { code: 'en_US', name: 'English (United States)' },
  { code: 'en_CA', name: 'English (Canada)' },
  { code: 'en_GB', name: 'English (United Kingdom)' },
  { code: 'fr_FR', name: 'Français (France)' },
  { code: 'fr_CA', name: 'Français (Canada)' },
  { code: 'fr_BE', name: 'Français (Belgique)' },
  { code: 'fr_CH', name: 'Français (Suisse)' },
  { code: 'de_DE', name: 'Deutsch (Deutschland)' },
  { code: 'es_ES', name: 'Español (España)' },
  { code: 'es_MX', name: 'Español (México)' },
  { code: 'it_IT', name: 'Italiano (Italia)' },
  { code: 'nl_NL', name: 'Nederlands (Nederland)' },
] as const;

/** The Intl tag of a profile locale: en_US formats as en-US. */
export function localeForFormatting(locale: string): string {
  return locale.replace('_', '-');
}

export const ZLocaleOption = z.object({ code: z.string(), name: z.string() }).meta({ id: 'LocaleOption' });
export const ZLocaleList = z.array(ZLocaleOption);
export const ZTimeZoneList = z.array(z.string());

const name = z.string().trim().min(1, PROFILE_MESSAGES.nameRequired).max(50, PROFILE_MESSAGES.nameTooLong);

export const ZUserProfile = z
  .object({
    loginName: z.string(),
    firstName: z.string(),
    lastName: z.string(),
    locale: z.string(),
    localeForFormatting: z.string(),
    preferredLanguage: z.string(),
    timezone: z.string(),
    smsAreaCode: z.string(),
    smsPhone: z.string(),
    companyDefMask: z.string().meta({ description: "The current company's phone mask (# takes a digit)" }),
  })
  .meta({ id: 'UserProfile' });
export type TUserProfile = z.infer<typeof ZUserProfile>;

/** An IANA zone the runtime knows (the list GET /location/timeZones answers). */
export function isKnownTimeZone(timeZone: string): boolean {
  if (timeZone === '') return false;
  try {
    new Intl.DateTimeFormat('en', { timeZone });
    return true;
  } catch {
    return false;
  }
}

/** The three password fields: all empty (no change), or all three given, 8 to 20, matching. */
export function checkPasswordChange(
  value: { currentPswd: string; newPswd: string; confirmPswd: string },
  addIssue: (path: 'currentPswd' | 'newPswd' | 'confirmPswd', message: string) => void,
): void {
  const { currentPswd, newPswd, confirmPswd } = value;
  if (currentPswd === '' && newPswd === '' && confirmPswd === '') return;
  let incomplete = false;
  for (const field of ['currentPswd', 'newPswd', 'confirmPswd'] as const) {
    if (value[field] === '') {
      addIssue(field, PROFILE_MESSAGES.passwordIncomplete);
      incomplete = true;
    }
  }
  if (incomplete) return;
  const length = [...newPswd].length;
  if (length < PASSWORD_LENGTH.min || length > PASSWORD_LENGTH.max) {
    addIssue('newPswd', PROFILE_MESSAGES.passwordLength);
  }
  if (newPswd !== confirmPswd) addIssue('confirmPswd', PROFILE_MESSAGES.passwordMismatch);
}

const ZProfileFields = z.object({
  firstName: name,
  lastName: name,
  locale: z.string().trim().max(20),
  preferredLanguage: ZPreferredLanguage,
  timezone: z.string().trim().max(64),
  smsAreaCode: ZSmsAreaCode.default(''),
  smsPhone: ZSmsPhone.default(''),
  currentPswd: z.string().max(200).default(''),
  newPswd: z.string().max(200).default(''),
  confirmPswd: z.string().max(200).default(''),
});

export const ZUpdateUserProfileRequest = ZProfileFields.superRefine((value, context) => {
  if (!PROFILE_LOCALES.some((locale) => locale.code === value.locale)) {
    context.addIssue({ code: 'custom', path: ['locale'], message: PROFILE_MESSAGES.localeUnknown });
  }
  if (!isKnownTimeZone(value.timezone)) {
    context.addIssue({ code: 'custom', path: ['timezone'], message: PROFILE_MESSAGES.timezoneUnknown });
  }
  checkPasswordChange(value, (path, message) => context.addIssue({ code: 'custom', path: [path], message }));
}).meta({ id: 'UpdateUserProfileRequest' });
export type TUpdateUserProfileRequest = z.input<typeof ZUpdateUserProfileRequest>;

export const ZUpdateUserProfileResponse = ZUserProfile.extend({
  passwordChanged: z.boolean(),
  endedSessions: z
    .number()
    .int()
    .meta({ description: "The user's other sessions ended by a password change" }),
}).meta({ id: 'UpdateUserProfileResponse' });
export type TUpdateUserProfileResponse = z.infer<typeof ZUpdateUserProfileResponse>;

/** GET {api}/location/address/contact: the signed-in contact and the current customer's address (billing info). */
export const ZContactAddress = z
  .object({
    firstName: z.string(),
    lastName: z.string(),
    email: z.string(),
    company: z.string(),
    custNo: z.string(),
    addressLine1: z.string(),
    city: z.string(),
    postalCode: z.string(),
    country: z.string(),
  })
  .meta({ id: 'ContactAddress' });
export type TContactAddress = z.infer<typeof ZContactAddress>;
