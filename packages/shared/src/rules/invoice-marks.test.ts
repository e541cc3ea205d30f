import { describe, expect, it } from 'vitest';
import { type InvoiceMarkFacts, invoiceMarks } from './invoice-marks';

const TODAY = '2026-11-25';
/** Open, owing, due far ahead, not promised or disputed: no marks. */
const PLAIN: InvoiceMarkFacts = {
  status: 'O',
  dueDate: '2027-03-01',
  balance: '100.00',
  disputeAmount: '0.00',
  promise: 'false',
  nextFollowupDate: null,
};
const marks = (changes: Partial<InvoiceMarkFacts>) => invoiceMarks({ ...PLAIN, ...changes }, TODAY);

describe('invoiceMarks', () => {
  it('marks nothing on an open invoice due after the coming-due window', () => {
    expect(marks({})).toEqual([]);
    expect(marks({ dueDate: '2026-12-26' })).toEqual([]);
  });

  it('counts the days past due of an overdue invoice', () => {
    expect(marks({ dueDate: '2026-11-24' })).toEqual([{ kind: 'overdue', days: 1 }]);
    expect(marks({ dueDate: '2026-10-26' })).toEqual([{ kind: 'overdue', days: 30 }]);
  });

  it('counts the days left of an invoice due today up to 30 days ahead', () => {
    expect(marks({ dueDate: TODAY })).toEqual([{ kind: 'comingDue', days: 0 }]);
    expect(marks({ dueDate: '2026-12-25' })).toEqual([{ kind: 'comingDue', days: 30 }]);
  });

  it('reads a due date with a time part by its calendar day', () => {
    expect(marks({ dueDate: '2026-11-20T00:00:00' })).toEqual([{ kind: 'overdue', days: 5 }]);
  });

  it('marks a payment in flight, from the text flag or a boolean, before promised and disputed', () => {
    expect(marks({ paymentPending: 'true' })).toEqual([{ kind: 'paymentPending' }]);
    expect(marks({ paymentPending: true, disputeAmount: '5.00', dueDate: '2026-11-24' })).toEqual([
      { kind: 'overdue', days: 1 },
      { kind: 'paymentPending' },
      { kind: 'disputed' },
    ]);
    expect(marks({ paymentPending: 'false' })).toEqual([]);
    expect(marks({ paymentPending: 'true', status: 'C' })).toEqual([]);
  });

  it('marks a negative balance as a credit whatever its due date', () => {
    expect(marks({ balance: '-207.36', dueDate: '2026-01-01' })).toEqual([{ kind: 'credit' }]);
  });

  it('gives a fully paid open invoice no due mark', () => {
    expect(marks({ balance: '0.00', dueDate: '2026-01-01' })).toEqual([]);
  });

  it('gives no due mark when a date is not a calendar date', () => {
    expect(marks({ dueDate: '' })).toEqual([]);
    expect(invoiceMarks({ ...PLAIN, dueDate: '2026-01-01' }, 'soon')).toEqual([]);
  });

  it('marks a promise with its follow-up date, from the text flag or a boolean', () => {
    expect(marks({ promise: 'true', nextFollowupDate: '2026-12-03' })).toEqual([
      { kind: 'promised', date: '2026-12-03' },
    ]);
    expect(marks({ promise: true })).toEqual([{ kind: 'promised', date: null }]);
  });

  it('marks a disputed amount', () => {
    expect(marks({ disputeAmount: '0.01' })).toEqual([{ kind: 'disputed' }]);
  });

  it('lists the due mark first, then promised, then disputed', () => {
    expect(
      marks({ dueDate: '2026-11-01', promise: 'true', nextFollowupDate: '2026-12-01', disputeAmount: '5' }),
    ).toEqual([
      { kind: 'overdue', days: 24 },
      { kind: 'promised', date: '2026-12-01' },
      { kind: 'disputed' },
    ]);
  });

  it('marks nothing on a closed invoice', () => {
    expect(marks({ status: 'C', dueDate: '2026-01-01', promise: 'true', disputeAmount: '5' })).toEqual([]);
  });
});
