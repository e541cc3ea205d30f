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
    overdueCount: z.number().int(),
    overdueBalance: z.string(),
    comingDueCount: z.number().int().meta({ description: 'Open invoices due within the next 30 days' }),
    comingDueBalance: z.string(),
    creditBalance: z.string().meta({ description: 'Sum of open negative balances (credits)' }),
    disputedAmount: z.string(),
  })
  .meta({ id: 'CustomerSummary' });
export type TCustomerSummary = z.infer<typeof ZCustomerSummary>;

export const COMING_DUE_DAYS = 30;
