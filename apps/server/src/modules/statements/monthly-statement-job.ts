import { formatC2 } from '@settle/shared/format';
import { previousMonth } from '@settle/shared/statements';
import type { EmailCourier } from '../../adapters/email/email-courier';
import { renderEmail } from '../../adapters/email/email-templates';
import type { Db } from '../../db/client';
import { monthly } from '../jobs/job-periods';
import type { ScheduledJob } from '../jobs/job-runner';
import * as repository from './statements.repository';
import type { StatementsService } from './statements.service';

export const MONTHLY_STATEMENT_JOB = 'monthly-statements';

function monthName(month: string, locale: string): string {
  try {
    return new Intl.DateTimeFormat(locale, { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
      new Date(`${month}-01T00:00:00Z`),
    );
  } catch {
    return month;
  }
}

/**
 * On the 1st of each month (06:00 UTC), every subscriber gets the statement of the month before
 * for each customer and currency they chose, with a link to its PDF. A delivery row taken before
 * sending (its primary key: user, customer, currency, month) makes each email go once, however
 * many runs or processes race; a send that fails gives the row back so that a retry sends it.
 */
export function monthlyStatementJob(
  db: Db,
  deps: { statements: StatementsService; email: EmailCourier; origin: string; apiBase: string },
): ScheduledJob {
  return {
    name: MONTHLY_STATEMENT_JOB,
    periodOf: monthly(1, 6),
    async run({ period }) {
      const { from, to, month } = previousMonth(period);
      let sent = 0;
      let failed = 0;
      for (const subscriber of await repository.findDueSubscribers(db, month)) {
        const mark = {
          userId: subscriber.user_id,
          customerId: subscriber.customer_id,
          currencyCode: subscriber.currency_code,
          period: month,
        };
        if (!(await repository.claimDelivery(db, mark))) continue;
        try {
          const statement = await deps.statements.build({
            customer: { id: subscriber.customer_id, custNo: subscriber.cust_no, company: subscriber.company },
            currencyCode: subscriber.currency_code,
            today: to,
            from,
            to,
          });
          const money = (value: string) =>
            formatC2(value, {
              locale: subscriber.locale_for_formatting,
              currencyCode: subscriber.currency_code,
            });
          const query = new URLSearchParams({
            custNo: subscriber.cust_no,
            currencyCode: subscriber.currency_code,
            from,
            to,
          });
          const rendered = renderEmail('monthlyStatement', subscriber.language, {
            firstName: subscriber.first_name,
            appName: subscriber.app_name,
            company: subscriber.company,
            custNo: subscriber.cust_no,
            currencyCode: subscriber.currency_code,
            month: monthName(month, subscriber.locale_for_formatting),
            balanceDue: money(statement.totals.balanceDue),
            payments: money(statement.totals.payments),
            openCount: statement.openItems.length + statement.credits.length,
            link: `${deps.origin}${deps.apiBase}/statement/pdf?${query}`,
          });
          await deps.email.send({ tenantId: subscriber.tenant_id, to: subscriber.email, ...rendered });
          sent++;
        } catch {
          await repository.releaseDelivery(db, mark);
          failed++;
        }
      }
      // A failed send fails the run, so that the runner tries the period again for those left.
      if (failed > 0) throw new Error(`${failed} statement emails could not be sent (${sent} sent)`);
      return { month, sent };
    },
  };
}
