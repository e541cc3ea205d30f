import { addDays } from '@settle/shared/calendar-date';
import { formatC2, formatDate } from '@settle/shared/format';
import type { EmailCourier } from '../../adapters/email/email-courier';
import { renderEmail, templateLanguage } from '../../adapters/email/email-templates';
import type { Db } from '../../db/client';
import { daily } from '../jobs/job-periods';
import type { ScheduledJob } from '../jobs/job-runner';
import * as repository from './reminders.repository';
import type { RemindersService } from './reminders.service';

export const REMINDER_DIGEST_JOB = 'reminder-digests';

const DUE_WORDS = {
  en: (company: string, due: string, balance: string) => `${company}: due ${due}, ${balance} to pay`,
  fr: (company: string, due: string, balance: string) =>
    `${company} : échéance le ${due}, ${balance} à payer`,
};

/**
 * Each day (07:00 UTC) a user who asked for reminders gets one email listing the invoices of
 * their customers due in 7 days, due tomorrow, and overdue since yesterday, in their language,
 * each with its link; nothing is sent when no invoice matches. The digest row (user, day) is
 * taken before sending: one email per user and day, whatever retries or processes race.
 */
export function reminderDigestJob(
  db: Db,
  deps: { reminders: RemindersService; email: EmailCourier; origin: string; apiBase: string },
): ScheduledJob {
  return {
    name: REMINDER_DIGEST_JOB,
    periodOf: daily(7),
    async run({ period: day }) {
      let sent = 0;
      let failed = 0;
      for (const user of await repository.findReminderUsers(db, day)) {
        const in7 = addDays(day, 7);
        const in1 = addDays(day, 1);
        const overdueSince = addDays(day, -1);
        const dates = [
          ...(user.due_in_7_days ? [in7] : []),
          ...(user.due_in_1_day ? [in1] : []),
          ...(user.overdue ? [overdueSince] : []),
        ];
        const invoices = await repository.findInvoicesDueOn(db, user.user_id, dates);
        if (invoices.length === 0) continue;
        const mark = { userId: user.user_id, day, invoiceCount: invoices.length };
        if (!(await repository.claimDigest(db, mark))) continue;
        const words = DUE_WORDS[templateLanguage(user.language)];
        const line = (invoice: repository.ReminderInvoiceRow) => ({
          text: `${invoice.inv_no} · ${words(
            invoice.company,
            formatDate(invoice.due_date, user.locale_for_formatting),
            formatC2(invoice.balance, {
              locale: user.locale_for_formatting,
              currencyCode: invoice.tran_currency_code,
            }),
          )}`,
          href: `${deps.origin}/detail/O/${encodeURIComponent(invoice.inv_no)}`,
        });
        const dueOn = (date: string) => invoices.filter((invoice) => invoice.due_date === date).map(line);
        try {
          const rendered = renderEmail('reminderDigest', user.language, {
            firstName: user.first_name,
            appName: user.app_name,
            dueIn7Days: dueOn(in7),
            dueIn1Day: dueOn(in1),
            overdue: dueOn(overdueSince),
            unsubscribe: `${deps.origin}${deps.apiBase}/reminders/unsubscribe?${deps.reminders.unsubscribeQuery(user.user_id)}`,
            settings: `${deps.origin}/profile?tab=reminders`,
          });
          await deps.email.send({ tenantId: user.tenant_id, to: user.email, ...rendered });
          sent++;
        } catch {
          await repository.releaseDigest(db, mark);
          failed++;
        }
      }
      if (failed > 0) throw new Error(`${failed} reminder digests could not be sent (${sent} sent)`);
      return { day, sent };
    },
  };
}
