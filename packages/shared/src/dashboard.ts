import { z } from 'zod';

/** Open-item figures of the current customer in the current currency (home and dashboard). */
export const ZCustomerSummary = z
  .object({
    custNo: z.string(),
    company: z.string(),
    currencyCode: z.string(),
    asOf: z.string().meta({ description: 'The server date the figures are computed for' }),
    openCount: z.number().int(),
    openBalance: z.string(),
    overdueCount: z
      .number()
      .int()
      .meta({ description: 'Open invoices with a balance over 0 due before asOf' }),
    overdueBalance: z.string(),
    comingDueCount: z
      .number()
      .int()
      .meta({ description: 'Open invoices with a balance over 0 due from asOf to 30 days ahead' }),
    comingDueBalance: z.string(),
    creditCount: z.number().int().meta({ description: 'Open invoices with a negative balance (credits)' }),
    creditBalance: z.string().meta({ description: 'Sum of open negative balances (credits)' }),
    disputedCount: z.number().int().meta({ description: 'Open invoices with a disputed amount' }),
    disputedAmount: z.string(),
  })
  .meta({ id: 'CustomerSummary' });
export type TCustomerSummary = z.infer<typeof ZCustomerSummary>;

export const COMING_DUE_DAYS = 30;
