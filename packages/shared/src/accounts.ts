import { z } from 'zod';

export const ZCurrencyCode = z
  .string()
  .regex(/^[A-Z]{3}$/, 'A currency code is three capital letters')
  .meta({ example: 'USD' });

export const ZCustNo = z
  .string()
  .min(1, 'A customer number is required')
  .max(40, 'A customer number has at most 40 characters')
  .regex(/^[A-Za-z0-9._-]+$/, 'A customer number has only letters, digits, dot, dash and underscore');

export const ZCartSummary = z.object({
  nbrOfInvoices: z.number().int(),
  totalAmount: z.string(),
});

/** A customer account linked to the signed-in user. */
export const ZCustomer = z
  .object({
    custNo: z.string(),
    company: z.string(),
    currencies: z.array(z.string()),
    defAccount: z.boolean(),
    cartSummary: ZCartSummary,
  })
  .meta({ id: 'Customer' });
export type TCustomer = z.infer<typeof ZCustomer>;

export const ZAssociationAccounts = z.array(ZCustomer).meta({ id: 'AssociationAccounts' });

export const ZCustNoParams = z.object({ custNo: ZCustNo });

export const ZSetCurrentCustomerRequest = z
  .object({ currencyCode: ZCurrencyCode.optional() })
  .meta({ description: 'Optional currency to make current together with the customer' });
export type TSetCurrentCustomerRequest = z.infer<typeof ZSetCurrentCustomerRequest>;

export const ZCurrentCustomerResponse = z
  .object({
    currentCustNo: z.string(),
    currentCustomer: ZCustomer,
    currencyCode: z.string(),
  })
  .meta({ id: 'CurrentCustomer' });
export type TCurrentCustomerResponse = z.infer<typeof ZCurrentCustomerResponse>;

export const ZServerDate = z.object({
  serverDate: z.string().meta({ description: 'Today on the server, YYYY-MM-DD', example: '2026-11-22' }),
  serverTime: z.string().meta({ description: 'Now on the server, ISO 8601' }),
});
