/** The specification's limits for the SMS phone fields (area code and mobile phone). */
export const PHONE_LIMITS = { areaCode: 20, mobilePhone: 35 } as const;

/** Phone masks are padded (or cut) to this many characters; input beyond it stays unformatted. */
export const PHONE_MASK_LENGTH = 35;

/** Characters refused in phone fields: they only ever appear in markup or injection attempts. */
export const FORBIDDEN_PHONE_CHARACTERS = ['>', '<', '%', '"', "'", ';', '='] as const;
const FORBIDDEN_PATTERN = /[><%"';=]/;

export const PHONE_MESSAGES = {
  areaCodeTooLong: `An area code has at most ${PHONE_LIMITS.areaCode} characters`,
  mobilePhoneTooLong: `A mobile number has at most ${PHONE_LIMITS.mobilePhone} characters`,
  forbiddenCharacters: `These characters are not allowed: ${FORBIDDEN_PHONE_CHARACTERS.join(' ')}`,
} as const;

export function hasForbiddenPhoneCharacters(value: string): boolean {
  return FORBIDDEN_PATTERN.test(value);
}

/** Why a phone field's value is refused (the key of its translated message), or null when it is fine. */
export type TPhoneProblem = 'too_big' | 'custom';

function phoneProblem(value: string, limit: number): TPhoneProblem | null {
  const trimmed = value.trim();
  if (trimmed.length > limit) return 'too_big';
  if (hasForbiddenPhoneCharacters(trimmed)) return 'custom';
  return null;
}

/** Area code: optional (may be empty), at most 20 characters, none of > < % " ' ; =. */
export function areaCodeProblem(value: string): TPhoneProblem | null {
  return phoneProblem(value, PHONE_LIMITS.areaCode);
}

/** Mobile phone: optional (may be empty), at most 35 characters, none of > < % " ' ; =. */
export function mobilePhoneProblem(value: string): TPhoneProblem | null {
  return phoneProblem(value, PHONE_LIMITS.mobilePhone);
}

/**
 * The number a text message goes to: area code then mobile, digits only, keeping a leading +
 * of the area code (international form). Empty when there is no mobile number.
 */
export function completeSmsPhone(areaCode: string, mobilePhone: string): string {
  const mobileDigits = mobilePhone.replace(/\D/g, '');
  if (mobileDigits === '') return '';
  const plus = areaCode.trim().startsWith('+') ? '+' : '';
  return `${plus}${areaCode.replace(/\D/g, '')}${mobileDigits}`;
}

/** Shows where a code went without showing the number: bullets and the last 4 digits. */
export function maskMobile(phone: string): string {
  const digits = phone.replace(/\D/g, '');
  return `••••${digits.slice(-4)}`;
}

/**
 * Formats a phone number with a mask of the specification: the mask is padded with # (or cut)
 * to 35 characters, each # takes the next digit of the number and other mask characters are
 * copied while digits remain. Digits left over once the slots are used, and everything past
 * the 35th character of the input, are appended unformatted so that nothing typed is lost.
 */
export function formatPhone(value: string, mask = ''): string {
  const pattern = mask.slice(0, PHONE_MASK_LENGTH).padEnd(PHONE_MASK_LENGTH, '#');
  const digits = value.slice(0, PHONE_MASK_LENGTH).replace(/\D/g, '');
  const overflow = value.slice(PHONE_MASK_LENGTH);
  let formatted = '';
  let next = 0;
  for (const slot of pattern) {
    if (next >= digits.length) break;
    if (slot === '#') {
      formatted += digits[next];
      next += 1;
    } else {
      formatted += slot;
    }
  }
  return formatted + digits.slice(next) + overflow;
}
