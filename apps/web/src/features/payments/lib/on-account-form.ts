import { toMinorUnits } from '@settle/shared/money';
import { ON_ACCOUNT_NOTE_DEFAULT_MAX } from '@settle/shared/payments';

export interface OnAccountValues {
  amount: string;
  note: string;
  contractNumber: string;
}

export type OnAccountField = keyof OnAccountValues;
export type OnAccountErrors = Partial<
  Record<OnAccountField, { key: string; values?: Record<string, number> }>
>;

export const CONTRACT_NUMBER_MAX = 60;

/** The amount as typed, with a comma or a point as the decimal mark, or null when it is not an amount. */
export function parseAmountInput(text: string): string | null {
  const normalized = text
    .trim()
    .replace(/[\s\u00a0\u202f]/g, '')
    .replace(',', '.');
  if (!/^\d+(\.\d{1,2})?$/.test(normalized)) return null;
  return normalized;
}

/**
 * The on-account form: an amount above 0 with at most 2 decimals, a note up to the configured
 * size (100 by default), a contract number when the configuration requires one.
 */
export function onAccountErrors(
  values: OnAccountValues,
  config: { noteMaxSize?: number; contractNumberRequired: boolean },
): OnAccountErrors {
  const errors: OnAccountErrors = {};
  const amount = parseAmountInput(values.amount);
  if (amount === null) errors.amount = { key: values.amount.trim() ? 'amountFormat' : 'amountAboveZero' };
  else if (toMinorUnits(amount) <= 0) errors.amount = { key: 'amountAboveZero' };
  const noteMax =
    config.noteMaxSize && config.noteMaxSize > 0 ? config.noteMaxSize : ON_ACCOUNT_NOTE_DEFAULT_MAX;
  if (values.note.length > noteMax) errors.note = { key: 'noteTooLong', values: { max: noteMax } };
  if (config.contractNumberRequired && !values.contractNumber.trim())
    errors.contractNumber = { key: 'contractNumberRequired' };
  else if (values.contractNumber.length > CONTRACT_NUMBER_MAX)
    errors.contractNumber = { key: 'contractNumberTooLong', values: { max: CONTRACT_NUMBER_MAX } };
  return errors;
}
