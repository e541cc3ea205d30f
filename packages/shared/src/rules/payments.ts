import { fromMinorUnits, toMinorUnits } from '../money';
import type { TPaymentConfig, TPaymentFees, TPaymentType } from '../payments';
import { PAYMENT_MESSAGES } from '../payments';

/** A percentage with 2 decimals ('2.50') as hundredths of a percent (250). */
export function percentageBasisPoints(percentage: string): number {
  return toMinorUnits(percentage);
}

/**
 * The convenience fee of an amount: percentage × amount in integer cents, rounded half away from
 * zero to the cent. No fee on amounts of 0 or below (a credit never earns a fee).
 */
export function convenienceFeeMinor(amountMinor: number, percentage: string): number {
  const basisPoints = percentageBasisPoints(percentage);
  if (amountMinor <= 0 || basisPoints <= 0) return 0;
  // amount (cents) × basis points / 10,000, rounded half up with integers only.
  return Math.floor((amountMinor * basisPoints + 5_000) / 10_000);
}

export function paymentFees(amount: string, percentage: string): TPaymentFees {
  const amountMinor = toMinorUnits(amount);
  const feeMinor = convenienceFeeMinor(amountMinor, percentage);
  return {
    feesApplied: feeMinor > 0,
    convenienceFeePercentage: fromMinorUnits(percentageBasisPoints(percentage)),
    originalAmount: fromMinorUnits(amountMinor),
    amountWithFees: fromMinorUnits(amountMinor + feeMinor),
    convenienceFeeAmount: fromMinorUnits(feeMinor),
  };
}

/** Whether the configuration offers a method (the new-method flags; profiles are issue 13). */
export function isMethodAllowed(config: TPaymentConfig, paymentType: TPaymentType): boolean {
  if (paymentType === 'CREDIT_CARD') return config.allowCreditCard;
  if (paymentType === 'DEBIT_CARD') return config.allowDebitCard;
  return config.allowECheck;
}

export type CartLineCheck = { ok: true } | { ok: false; code: string; message: string };

/**
 * A cart line's payment against the invoice as stored: an invoice pays above 0 and at most
 * balance minus disputed, with a short-payment reason when below; a credit (balance <= 0) pays
 * exactly its balance minus disputed.
 */
export function checkCartLinePayment(line: {
  balance: string;
  disputed: string;
  payment: string;
  shortPayReason?: string | null;
}): CartLineCheck {
  const maxMinor = toMinorUnits(line.balance) - toMinorUnits(line.disputed);
  const paymentMinor = toMinorUnits(line.payment);
  if (maxMinor <= 0) {
    if (paymentMinor === maxMinor) return { ok: true };
    return {
      ok: false,
      code: 'PAYMENT_AMOUNT_RANGE',
      message: PAYMENT_MESSAGES.partialAmountRange.replace('{0}', fromMinorUnits(maxMinor)),
    };
  }
  if (paymentMinor <= 0 || paymentMinor > maxMinor)
    return {
      ok: false,
      code: 'PAYMENT_AMOUNT_RANGE',
      message: PAYMENT_MESSAGES.partialAmountRange.replace('{0}', fromMinorUnits(maxMinor)),
    };
  if (paymentMinor < maxMinor && !line.shortPayReason)
    return { ok: false, code: 'SHORT_PAY_REASON_REQUIRED', message: PAYMENT_MESSAGES.shortPayReasonRequired };
  return { ok: true };
}
