import { z } from 'zod';
import { ZCurrencyCode, ZCustNo } from './accounts';
import { addDays, compareCalendarDates, daysBetween, isCalendarDate } from './calendar-date';
import { ZAgingBucket } from './dashboard';

/**
 * Statement of account (beyond the spec): for one customer and currency, the open items and
 * credits, the payments of a period and the aging buckets.
 * - GET  statement                   the statement as JSON (ZStatementQuery -> ZStatement)
 * - GET  statement/pdf, statement/xlsx   the same as a PDF and as an Excel workbook
 * - GET  statement/subscriptions     the user's monthly statement emails
 * - PUT  statement/subscription      turn the monthly email of a customer and currency on or off
 */

export const STATEMENT_MAX_DAYS = 366;
export const STATEMENT_MESSAGES = {
  date: 'Enter a date as YYYY-MM-DD',
  order: 'The start of the period must be on or before its end',
  tooLong: `A statement covers at most ${STATEMENT_MAX_DAYS} days`,
} as const;

const ZDate = z.string().refine((value) => isCalendarDate(value), STATEMENT_MESSAGES.date);

export const ZStatementQuery = z
  .object({
    custNo: ZCustNo.optional().meta({ description: "Defaults to the session's current customer" }),
    currencyCode: ZCurrencyCode.optional().meta({
      description: "Defaults to the session's current currency",
    }),
    from: ZDate.optional().meta({ description: 'First day of the period; the 1st of this month by default' }),
    to: ZDate.optional().meta({ description: 'Last day of the period; today by default' }),
  })
  .superRefine((value, context) => {
    if (!value.from || !value.to || !isCalendarDate(value.from) || !isCalendarDate(value.to)) return;
    if (compareCalendarDates(value.from, value.to) > 0) {
      context.addIssue({ code: 'custom', path: ['from'], message: STATEMENT_MESSAGES.order });
    } else if (daysBetween(value.from, value.to) >= STATEMENT_MAX_DAYS) {
      context.addIssue({ code: 'custom', path: ['to'], message: STATEMENT_MESSAGES.tooLong });
    }
  });
export type TStatementQuery = z.infer<typeof ZStatementQuery>;

/** The period a statement covers when the query names none: the month to date. */
export function defaultStatementPeriod(today: string, query: { from?: string; to?: string }) {
  const to = query.to ?? today;
  const from = query.from ?? `${to.slice(0, 8)}01`;
  return { from, to };
}

/** The calendar month before `period` (YYYY-MM): what the monthly email of that period covers. */
export function previousMonth(period: string): { from: string; to: string; month: string } {
  const first = `${period}-01`;
  const to = addDays(first, -1);
  return { from: `${to.slice(0, 8)}01`, to, month: to.slice(0, 7) };
}

export const ZStatementItem = z.object({
  invNo: z.string(),
  invoiceDate: z.string(),
  dueDate: z.string(),
  amount: z.string(),
  balance: z.string(),
  daysPastDue: z
    .number()
    .int()
    .meta({ description: 'Days past due on the statement date; 0 or less is current' }),
});
export type TStatementItem = z.infer<typeof ZStatementItem>;

export const ZStatementPayment = z.object({
  paymentLogId: z.number().int(),
  date: z.string().meta({ description: 'The day the payment settled (UTC)' }),
  reference: z.string(),
  paymentType: z.string(),
  amount: z.string(),
});
export type TStatementPayment = z.infer<typeof ZStatementPayment>;

export const ZStatement = z
  .object({
    custNo: z.string(),
    company: z.string(),
    currencyCode: z.string(),
    asOf: z.string().meta({ description: 'The statement date: open items and aging as of this server date' }),
    from: z.string(),
    to: z.string(),
    openItems: z
      .array(ZStatementItem)
      .meta({ description: 'Open invoices that still owe, the oldest due first' }),
    credits: z.array(ZStatementItem).meta({ description: 'Open items with a negative balance' }),
    payments: z.array(ZStatementPayment).meta({ description: 'Successful payments settled in the period' }),
    aging: z.array(z.object({ bucket: ZAgingBucket, count: z.number().int(), amount: z.string() })),
    totals: z.object({
      openItems: z.string(),
      credits: z.string(),
      balanceDue: z.string().meta({ description: 'Open items plus credits: the sum of the aging buckets' }),
      payments: z.string(),
    }),
  })
  .meta({ id: 'Statement' });
export type TStatement = z.infer<typeof ZStatement>;

export const ZStatementSubscription = z
  .object({ custNo: ZCustNo, currencyCode: ZCurrencyCode, enabled: z.boolean() })
  .meta({ id: 'StatementSubscription' });
export type TStatementSubscription = z.infer<typeof ZStatementSubscription>;
export const ZStatementSubscriptions = z.array(ZStatementSubscription.omit({ enabled: true }));
export type TStatementSubscriptions = z.infer<typeof ZStatementSubscriptions>;
