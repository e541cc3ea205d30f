/**
 * The sandbox's card rules: what a real provider checks on its hosted page (Luhn, expiry, CVC) and the
 * test cards, numbered as the best-known providers number theirs so a tester's habits carry over.
 */

/** How a card behaves when charged; kept instead of the number, so no card number is ever stored. */
export type CardBehaviour =
  | 'SUCCEEDS'
  | 'DECLINED'
  | 'EXPIRATION_DATE_INCORRECT'
  | 'PROCESSING_ERROR'
  | 'PENDING_THEN_SUCCEEDS'
  | 'REQUIRES_CONFIRMATION';

export const TEST_CARDS: ReadonlyArray<{
  number: string;
  behaviour: CardBehaviour;
  note: { en: string; fr: string };
}> = [
  { number: '4242424242424242', behaviour: 'SUCCEEDS', note: { en: 'succeeds', fr: 'réussit' } },
  {
    number: '4000056655665556',
    behaviour: 'SUCCEEDS',
    note: { en: 'Visa debit, succeeds', fr: 'Visa débit, réussit' },
  },
  {
    number: '5555555555554444',
    behaviour: 'SUCCEEDS',
    note: { en: 'Mastercard, succeeds', fr: 'Mastercard, réussit' },
  },
  { number: '4000000000000002', behaviour: 'DECLINED', note: { en: 'declined', fr: 'refusée' } },
  {
    number: '4000000000000069',
    behaviour: 'EXPIRATION_DATE_INCORRECT',
    note: { en: 'expiration date incorrect', fr: 'date d’expiration incorrecte' },
  },
  {
    number: '4000000000000119',
    behaviour: 'PROCESSING_ERROR',
    note: { en: 'processing error', fr: 'erreur de traitement' },
  },
  {
    number: '4000000000000259',
    behaviour: 'PENDING_THEN_SUCCEEDS',
    note: {
      en: 'pending for a few seconds, then succeeds',
      fr: 'en attente quelques secondes, puis réussit',
    },
  },
  {
    number: '4000002500003155',
    behaviour: 'REQUIRES_CONFIRMATION',
    note: { en: 'asks you to confirm on a second page', fr: 'demande une confirmation sur une seconde page' },
  },
];

/** Any other number that passes the Luhn check succeeds, as a provider's test mode lets a demo go on. */
export function behaviourOf(cardNumber: string): CardBehaviour {
  return TEST_CARDS.find((card) => card.number === cardNumber)?.behaviour ?? 'SUCCEEDS';
}

export function digitsOnly(value: string): string {
  return value.replace(/[\s-]/g, '');
}

export function passesLuhn(digits: string): boolean {
  if (!/^\d+$/.test(digits)) return false;
  let sum = 0;
  let double = false;
  for (let index = digits.length - 1; index >= 0; index -= 1) {
    let digit = Number(digits[index]);
    if (double) {
      digit *= 2;
      if (digit > 9) digit -= 9;
    }
    sum += digit;
    double = !double;
  }
  return sum % 10 === 0;
}

export function brandOf(digits: string): string {
  if (/^4/.test(digits)) return 'visa';
  if (/^(5[1-5]|2[2-7])/.test(digits)) return 'mastercard';
  if (/^3[47]/.test(digits)) return 'amex';
  if (/^(6011|65)/.test(digits)) return 'discover';
  return 'unknown';
}

/**
 * Saved-card tokens every sandbox knows from its first start, as providers' test modes accept
 * fixed test payment methods: `card_test_<a test card's number>`. The demo seeds its saved cards
 * with them, so a one-click payment with a demo card works on a new machine's empty sandbox.
 */
export const TEST_CARD_TOKEN_PREFIX = 'card_test_';

export function testCardToken(cardNumber: string): string {
  return `${TEST_CARD_TOKEN_PREFIX}${cardNumber}`;
}

/** The charge rules of a test-card token (behaviour, last 4, brand), or undefined for any other token. */
export function testCardOfToken(
  token: string,
): { behaviour: CardBehaviour; last4: string; brand: string } | undefined {
  if (!token.startsWith(TEST_CARD_TOKEN_PREFIX)) return undefined;
  const cardNumber = token.slice(TEST_CARD_TOKEN_PREFIX.length);
  const known = TEST_CARDS.find((card) => card.number === cardNumber);
  if (!known) return undefined;
  return { behaviour: known.behaviour, last4: cardNumber.slice(-4), brand: brandOf(cardNumber) };
}

/** The specification lets a card expire at most 15 years ahead. */
export const CARD_EXPIRY_MAX_YEARS = 15;

export type CardForm = { number: string; expiry: string; cvc: string; name: string };
export type CardField = keyof CardForm;
export type CardErrorCode =
  | 'numberRequired'
  | 'numberInvalid'
  | 'expiryRequired'
  | 'expiryFormat'
  | 'expiryPast'
  | 'expiryTooFar'
  | 'cvcInvalid'
  | 'nameRequired'
  | 'nameTooLong';

export type ValidCard = {
  digits: string;
  expiryMonth: number;
  expiryYear: number;
  holderName: string;
  last4: string;
  brand: string;
};

/** Checks the hosted form as a provider would; every field's problem at once. */
export function validateCardForm(
  form: CardForm,
  now: Date,
): { ok: true; card: ValidCard } | { ok: false; errors: Partial<Record<CardField, CardErrorCode>> } {
  const errors: Partial<Record<CardField, CardErrorCode>> = {};
  const digits = digitsOnly(form.number);
  if (digits === '') errors.number = 'numberRequired';
  else if (!/^\d{12,19}$/.test(digits) || !passesLuhn(digits)) errors.number = 'numberInvalid';

  const expiry = /^\s*(\d{1,2})\s*\/\s*(\d{2})\s*$/.exec(form.expiry);
  let expiryMonth = 0;
  let expiryYear = 0;
  if (form.expiry.trim() === '') errors.expiry = 'expiryRequired';
  else if (!expiry || Number(expiry[1]) < 1 || Number(expiry[1]) > 12) errors.expiry = 'expiryFormat';
  else {
    expiryMonth = Number(expiry[1]);
    expiryYear = 2000 + Number(expiry[2]);
    const thisMonth = now.getUTCFullYear() * 12 + now.getUTCMonth();
    const cardMonth = expiryYear * 12 + (expiryMonth - 1);
    if (cardMonth < thisMonth) errors.expiry = 'expiryPast';
    else if (cardMonth > thisMonth + CARD_EXPIRY_MAX_YEARS * 12) errors.expiry = 'expiryTooFar';
  }

  if (!/^\d{3,4}$/.test(form.cvc.trim())) errors.cvc = 'cvcInvalid';
  const holderName = form.name.trim();
  if (holderName === '') errors.name = 'nameRequired';
  else if (holderName.length > 100) errors.name = 'nameTooLong';

  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return {
    ok: true,
    card: { digits, expiryMonth, expiryYear, holderName, last4: digits.slice(-4), brand: brandOf(digits) },
  };
}
