import { ACCOUNT_TYPES, ECHECK_LIMITS } from '../payments';
import { isValidAbaRoutingNumber } from './aba-routing';

export interface EcheckValues {
  name: string;
  accountType: (typeof ACCOUNT_TYPES)[number] | '';
  routingNumber: string;
  accountNumber: string;
  checkNumber: string;
  saveAsProfile: boolean;
}

export const EMPTY_ECHECK: EcheckValues = {
  name: '',
  accountType: '',
  routingNumber: '',
  accountNumber: '',
  checkNumber: '',
  saveAsProfile: false,
};

export type EcheckField = Exclude<keyof EcheckValues, 'saveAsProfile'>;

/** A message key of payments:echeck.errors with its values, per field in error. */
export type EcheckErrors = Partial<Record<EcheckField, { key: string; values?: Record<string, number> }>>;

/**
 * The spec's e-check rules: name required, at most 55; account type required; routing number
 * required, 9 digits with the ABA check digit right; account number required, at most 17
 * digits; check number optional, at most 6 digits.
 */
export function echeckErrors(values: EcheckValues): EcheckErrors {
  const errors: EcheckErrors = {};
  const name = values.name.trim();
  if (!name) errors.name = { key: 'nameRequired' };
  else if (name.length > ECHECK_LIMITS.name)
    errors.name = { key: 'tooLong', values: { max: ECHECK_LIMITS.name } };
  if (!(ACCOUNT_TYPES as readonly string[]).includes(values.accountType))
    errors.accountType = { key: 'accountTypeRequired' };
  if (!values.routingNumber) errors.routingNumber = { key: 'routingRequired' };
  else if (!/^\d{9}$/.test(values.routingNumber)) errors.routingNumber = { key: 'routingDigits' };
  else if (!isValidAbaRoutingNumber(values.routingNumber)) errors.routingNumber = { key: 'routingInvalid' };
  if (!values.accountNumber) errors.accountNumber = { key: 'accountRequired' };
  else if (!/^\d{1,17}$/.test(values.accountNumber)) errors.accountNumber = { key: 'accountDigits' };
  if (values.checkNumber && !/^\d{1,6}$/.test(values.checkNumber))
    errors.checkNumber = { key: 'checkDigits' };
  return errors;
}
