import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../src/db/client';
import type { SessionContext } from '../src/modules/auth/session.service';
import type { Services } from '../src/services';
import { benchFarPages } from './grid-page-bench';
import { describeTimes, timeIt } from './stats';

/** The filter of the bench: the kind the advanced search makes on the log (status, amount, method). */
export const PAYMENT_LOG_FILTER = "status eq 'SUCCESS' and amount ge 100 and methodType ne 'ECHECK'";

/** The payment log grid as the API runs it: pages of 50 with and without a filter, per date range. */
export async function benchPaymentLogs(options: {
  db: Db;
  services: Services;
  session: SessionContext;
  runs: number;
}) {
  const { services, session, runs } = options;
  const [scope] = await queryRows<{ count: number; total: number }>(
    options.db,
    sql`select count(*) filter (where cust_no = 'C10001' and currency_code = 'USD')::int as count,
          count(*)::int as total from payments`,
  );
  console.log(`payment log scope (C10001, USD): ${scope!.count} payments of ${scope!.total}`);
  // The indexed sorts (0012); the others sort the selection in memory.
  const sorts = ['createdAt', 'amount'] as const;
  const ranges = ['ALL', 'LAST_30', 'DAYS_31_60', 'OVER_60'] as const;
  const plain = await timeIt(runs, (run) =>
    services.paymentLogs.list(session, {
      dateRange: ranges[run % ranges.length]!,
      page: 1 + (run % 20),
      pageSize: 50,
      sort: sorts[run % sorts.length]!,
      dir: run % 2 ? 'desc' : 'asc',
    }),
  );
  console.log(
    `payment log page of 50 (date ranges, sorts ${sorts.join(', ')}, pages 1-20): ${describeTimes(plain)}`,
  );
  const filtered = await timeIt(Math.max(20, runs / 2), (run) =>
    services.paymentLogs.list(session, {
      dateRange: ranges[run % ranges.length]!,
      page: 1 + (run % 5),
      pageSize: 50,
      sort: 'createdAt',
      dir: 'desc',
      filter: PAYMENT_LOG_FILTER,
    }),
  );
  const sample = await services.paymentLogs.list(session, {
    dateRange: 'ALL',
    page: 1,
    pageSize: 50,
    sort: 'createdAt',
    dir: 'desc',
    filter: PAYMENT_LOG_FILTER,
  });
  console.log(
    `payment log page of 50 with the filter "${PAYMENT_LOG_FILTER}" (${sample.total} matching in All; date ranges, pages 1-5): ${describeTimes(filtered)}`,
  );
  await benchFarPages({
    label: 'payment log (All, newest first)',
    runs: Math.max(10, runs / 4),
    count: scope!.count,
    pageSize: 50,
    list: (page, cursor) =>
      services.paymentLogs.list(session, {
        dateRange: 'ALL',
        page,
        pageSize: 50,
        sort: 'createdAt',
        dir: 'desc',
        cursor,
      }),
  });
}
