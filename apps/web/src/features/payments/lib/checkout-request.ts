import type { TPaymentFlow, TPaymentType, ZCartPaymentLine, ZPaymentAccount } from '@settle/shared/payments';
import type { z } from 'zod';

export type TPayLine = z.input<typeof ZCartPaymentLine>;
export type TEcheckAccount = z.input<typeof ZPaymentAccount>;

/** What one payment is for: the cart's lines, or an on-account amount with its note and contract. */
export type CheckoutRequest = {
  paymentType: TPaymentType;
  currency: string;
  custNo: string;
  /** The amount before any convenience fee (the cart's total, or the on-account amount). */
  amount: string;
} & (
  | { flow: Extract<TPaymentFlow, 'cart'>; payments: TPayLine[] }
  | { flow: Extract<TPaymentFlow, 'on_account'>; note: string; contractNumber: string }
);
