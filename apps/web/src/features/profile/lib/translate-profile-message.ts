import { PASSWORD_LENGTH } from '@settle/shared/account-setup';
import { PHONE_LIMITS, PHONE_MESSAGES } from '@settle/shared/rules/phone';
import { PROFILE_MESSAGES } from '@settle/shared/user-profile';
import type { TFunction } from 'i18next';

/**
 * Field messages come as the contract's English texts, from the form's own check or from the
 * server's 400, so one lookup (text -> key) translates both; an unknown text is shown as sent.
 */
const KEY_BY_TEXT = new Map<string, string>([
  ...Object.entries(PROFILE_MESSAGES).map(([key, text]) => [text, `profile:messages.${key}`] as const),
  ...Object.entries(PHONE_MESSAGES).map(([key, text]) => [text, `profile:messages.${key}`] as const),
]);

export function translateProfileMessage(t: TFunction, message: string | undefined): string | undefined {
  if (!message) return undefined;
  const key = KEY_BY_TEXT.get(message);
  return key ? t(key, { ...PASSWORD_LENGTH, ...PHONE_LIMITS }) : message;
}
