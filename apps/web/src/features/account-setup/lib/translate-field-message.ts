import { ACCOUNT_SETUP_MESSAGES, PASSWORD_LENGTH } from '@settle/shared/account-setup';
import { PHONE_LIMITS, PHONE_MESSAGES } from '@settle/shared/rules/phone';
import type { TFunction } from 'i18next';

/**
 * Field messages arrive as the contract's English texts, from the form's own zod check or
 * from the server's 400: the same text, so one lookup (text -> key) translates both. A text
 * we do not know is shown as it came; it is still better than nothing.
 */
const KEY_BY_TEXT = new Map<string, string>([
  ...Object.entries(ACCOUNT_SETUP_MESSAGES).map(
    ([key, text]) => [text, `accountSetup:messages.${key}`] as const,
  ),
  ...Object.entries(PHONE_MESSAGES).map(
    ([key, text]) => [text, `accountSetup:phoneMessages.${key}`] as const,
  ),
]);

/** The numbers the texts name, from the same constants the rules use. */
const LIMITS = { ...PASSWORD_LENGTH, ...PHONE_LIMITS };

export function translateFieldMessage(t: TFunction, message: string | undefined): string | undefined {
  if (!message) return undefined;
  const key = KEY_BY_TEXT.get(message);
  return key ? t(key, LIMITS) : message;
}
