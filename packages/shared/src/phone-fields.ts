import { z } from 'zod';
import { hasForbiddenPhoneCharacters, PHONE_LIMITS, PHONE_MESSAGES } from './rules/phone';

/*
 * The phone fields as zod schemas for the routes and the account set-up forms. The rules
 * themselves are the plain functions of rules/phone.ts (the sign-in pages check with those,
 * without zod): the refinements below must refuse exactly what they refuse.
 */

/** Area code: optional (may be empty), at most 20 characters, none of > < % " ' ; =. */
export const ZSmsAreaCode = z
  .string()
  .trim()
  .max(PHONE_LIMITS.areaCode, PHONE_MESSAGES.areaCodeTooLong)
  .refine((value) => !hasForbiddenPhoneCharacters(value), PHONE_MESSAGES.forbiddenCharacters);

/** Mobile phone: optional (may be empty), at most 35 characters, none of > < % " ' ; =. */
export const ZSmsPhone = z
  .string()
  .trim()
  .max(PHONE_LIMITS.mobilePhone, PHONE_MESSAGES.mobilePhoneTooLong)
  .refine((value) => !hasForbiddenPhoneCharacters(value), PHONE_MESSAGES.forbiddenCharacters);
