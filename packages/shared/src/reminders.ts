import { z } from 'zod';

/**
 * Reminders (beyond the spec): a user asks to be emailed before invoices fall due (7 days,
 * 1 day) and when they become overdue; one digest a day at most.
 * - GET  reminders                 the signed-in user's choices
 * - PUT  reminders                 change them
 * - GET|POST reminders/unsubscribe?u=&sig=   the emailed one-click link: no session, signed
 */
export const ZReminderSettings = z
  .object({
    dueIn7Days: z.boolean().meta({ description: 'A reminder 7 days before an invoice falls due' }),
    dueIn1Day: z.boolean().meta({ description: 'A reminder the day before an invoice falls due' }),
    overdue: z.boolean().meta({ description: 'A reminder the day after the due date, once it is overdue' }),
  })
  .meta({ id: 'ReminderSettings' });
export type TReminderSettings = z.infer<typeof ZReminderSettings>;

export const NO_REMINDERS: TReminderSettings = { dueIn7Days: false, dueIn1Day: false, overdue: false };

export const ZUnsubscribeQuery = z.object({
  u: z.coerce
    .number({ message: 'The link is not valid' })
    .int()
    .positive({ message: 'The link is not valid' }),
  sig: z.string().regex(/^[0-9a-f]{64}$/, 'The link is not valid'),
});
export type TUnsubscribeQuery = z.infer<typeof ZUnsubscribeQuery>;
export const ZUnsubscribeResult = z.object({ unsubscribed: z.boolean() });
