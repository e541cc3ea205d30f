import { addDays, type CalendarDate, compareCalendarDates } from '../calendar-date';
import { toMinorUnits } from '../money';

export const AUTOPAY_LIMITS = {
  maxDaysBefore: 30,
  maxFailures: 10,
  /** How far ahead the dashboard shows what autopay will pay. */
  upcomingDays: 30,
} as const;

/** What autopay needs to know of an open invoice. */
export type AutopayInvoice = {
  dueDate: CalendarDate;
  balance: string;
  disputeAmount: string;
  promise: boolean;
  paymentPending: boolean;
  skipped: boolean;
};

export type AutopayDecision =
  | { pay: true; amountMinor: number }
  | { pay: false; reason: 'DISPUTED' | 'PROMISED' | 'SKIPPED_BY_USER' | 'ABOVE_LIMIT' | 'PAYMENT_PENDING' }
  | { pay: false; reason: 'NOT_DUE' | 'NOTHING_DUE' };

/** The day autopay pays an invoice: its due date less the rule's days before. */
export function autopayDate(dueDate: CalendarDate, daysBefore: number): CalendarDate {
  return addDays(dueDate, -daysBefore);
}

/**
 * Whether a run on `today` pays an invoice, and how much: its balance, once it is within the rule's
 * days before its due date (or overdue). Disputed (any amount disputed) and promised invoices are
 * left for a person, as are invoices the user skipped, invoices with a payment under way, and
 * invoices above the rule's per-invoice limit.
 */
export function decideAutopay(
  invoice: AutopayInvoice,
  rule: { daysBefore: number; maxAmount: string | null },
  today: CalendarDate,
): AutopayDecision {
  const balance = toMinorUnits(invoice.balance);
  if (balance <= 0) return { pay: false, reason: 'NOTHING_DUE' };
  if (compareCalendarDates(autopayDate(invoice.dueDate, rule.daysBefore), today) > 0)
    return { pay: false, reason: 'NOT_DUE' };
  if (invoice.skipped) return { pay: false, reason: 'SKIPPED_BY_USER' };
  if (toMinorUnits(invoice.disputeAmount) > 0) return { pay: false, reason: 'DISPUTED' };
  if (invoice.promise) return { pay: false, reason: 'PROMISED' };
  if (invoice.paymentPending) return { pay: false, reason: 'PAYMENT_PENDING' };
  if (rule.maxAmount !== null && balance > toMinorUnits(rule.maxAmount))
    return { pay: false, reason: 'ABOVE_LIMIT' };
  return { pay: true, amountMinor: balance };
}
