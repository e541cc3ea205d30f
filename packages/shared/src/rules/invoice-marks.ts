import { daysBetween, isCalendarDate } from '../calendar-date';
import { COMING_DUE_DAYS } from '../dashboard';
import { toMinorUnits } from '../money';

/** What the marks need to know about an invoice (the grid row and the detail both have it). */
export type InvoiceMarkFacts = {
  status: 'O' | 'C';
  dueDate: string;
  balance: string;
  disputeAmount: string;
  promise: 'true' | 'false' | boolean;
  nextFollowupDate: string | null;
  /** A payment of the invoice is in flight (its row actions are refused meanwhile). */
  paymentPending?: 'true' | 'false' | boolean;
};

/**
 * One mark of an invoice, shown as a badge with an icon and text (never by colour alone):
 * at most one of overdue, coming due or credit (what is owed when), then payment pending,
 * promised and disputed.
 */
export type InvoiceMark =
  | { kind: 'overdue'; days: number }
  | { kind: 'comingDue'; days: number }
  | { kind: 'credit' }
  | { kind: 'paymentPending' }
  | { kind: 'promised'; date: string | null }
  | { kind: 'disputed' };

/**
 * The marks of an invoice on the server's `today`. Only open invoices with something owed are
 * overdue (due before today, with the days past due) or coming due (due today up to
 * COMING_DUE_DAYS ahead, the home card's window, with the days left); an open negative balance
 * is a credit, whose due date does not matter. A closed invoice owes nothing and shows no
 * marks at all: its promise and dispute are history.
 */
export function invoiceMarks(invoice: InvoiceMarkFacts, today: string): InvoiceMark[] {
  if (invoice.status !== 'O') return [];
  const marks: InvoiceMark[] = [];
  const balance = toMinorUnits(invoice.balance);
  if (balance < 0) marks.push({ kind: 'credit' });
  else if (balance > 0 && isCalendarDate(invoice.dueDate.slice(0, 10)) && isCalendarDate(today)) {
    const days = daysBetween(today, invoice.dueDate.slice(0, 10));
    if (days < 0) marks.push({ kind: 'overdue', days: -days });
    else if (days <= COMING_DUE_DAYS) marks.push({ kind: 'comingDue', days });
  }
  if (invoice.paymentPending === true || invoice.paymentPending === 'true')
    marks.push({ kind: 'paymentPending' });
  if (invoice.promise === true || invoice.promise === 'true')
    marks.push({ kind: 'promised', date: invoice.nextFollowupDate });
  if (toMinorUnits(invoice.disputeAmount) > 0) marks.push({ kind: 'disputed' });
  return marks;
}
