import { z } from 'zod';
import { ZCustNo } from './accounts';
import { daysBetween, isCalendarDate } from './calendar-date';

/** How far ahead a follow-up date may be; a server setting, this is its default. */
export const DEFAULT_PROMISE_MAX_DAYS = 90;

const ZIsoDate = z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'Select a valid date');

/**
 * PUT {api}/invoices/promiseUnPromise. Promise sends the invNo list, promised true and
 * nextFollowupDate; removal sends invNo (one or a list) and promised false.
 */
export const ZPromiseRequest = z
  .object({
    invNo: z.union([z.string().min(1), z.array(z.string().min(1).max(60)).max(500)]),
    promised: z.boolean(),
    nextFollowupDate: ZIsoDate.optional(),
    custNo: ZCustNo.optional().meta({ description: "Defaults to the session's current customer" }),
  })
  .meta({ id: 'PromiseRequest' });
export type TPromiseRequest = z.infer<typeof ZPromiseRequest>;

export const ZPromiseResponse = z
  .object({
    promised: z.boolean(),
    invNo: z.array(z.string()),
    nextFollowupDate: z.string().nullable(),
  })
  .meta({ id: 'PromiseResponse' });

export const PROMISE_MESSAGES = {
  noSelection: 'Please select Transactions to Include',
  invalidDate: 'Select a valid date',
  tooFar: 'The date is too far in the future: choose one within {0} days',
  failed: 'Failed to mark as promised',
  cannotRemove: 'Cannot remove promise',
} as const;

/** A follow-up date must be a real calendar date, from today up to maxDays ahead. */
export function checkFollowupDate(
  date: string,
  options: { today: string; maxDays: number },
): 'ok' | 'invalid' | 'tooFar' {
  if (!isCalendarDate(date) || !isCalendarDate(options.today)) return 'invalid';
  const days = daysBetween(options.today, date);
  if (days < 0) return 'invalid';
  if (days > options.maxDays) return 'tooFar';
  return 'ok';
}
