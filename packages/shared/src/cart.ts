import { z } from 'zod';
import { ZCurrencyCode, ZCustNo } from './accounts';

/** The cart's name, as the specification spells it. */
export function paymentCartName(custNo: string, currencyCode: string): string {
  return `${custNo}-PaymentCart-${currencyCode}`;
}

export const ZCartLine = z.object({
  invNo: z.string(),
  tranId: z.string(),
  balance: z.string(),
  disputed: z.string(),
  originalAmount: z.string(),
  payment: z.string().meta({ description: 'Balance minus disputed, to 2 decimals' }),
  custNo: z.string(),
  currencyCode: z.string(),
});
export type TCartLine = z.infer<typeof ZCartLine>;

export const ZPaymentCart = z
  .object({
    custNo: z.string(),
    currencyCode: z.string(),
    paymentCartName: z.string(),
    payments: z.array(ZCartLine),
    paymentSummary: z.object({ nbrOfInvoices: z.number().int(), totalAmount: z.string() }),
  })
  .meta({ id: 'PaymentCart' });
export type TPaymentCart = z.infer<typeof ZPaymentCart>;

export const ZCartQuery = z.object({ custNo: ZCustNo, currencyCode: ZCurrencyCode });

export const ZCartChangeRequest = z.object({
  custNo: ZCustNo,
  currencyCode: ZCurrencyCode,
  invNo: z.array(z.string().min(1).max(60)).min(1, 'Please select Transactions to Include').max(500),
});

export const ZCartAddResponse = z
  .object({
    cart: ZPaymentCart,
    added: z.array(z.string()),
    notAdded: z.array(z.object({ invNo: z.string(), tranId: z.string(), reason: z.string() })),
    message: z.string().nullable().meta({ description: 'Lists the transaction ids that could not be added' }),
  })
  .meta({ id: 'CartAddResult' });

/** POST {api}/payment/syncPaymentCart/{custNo}: the body is the invoice numbers the client holds. */
export const ZSyncCartRequest = z.array(z.string().min(1).max(60)).max(1000);
export const ZSyncCartResponse = z.array(
  z.object({ invNo: z.string(), balance: z.string(), disputed: z.string(), payment: z.string() }),
);
