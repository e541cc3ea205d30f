import { roundMoney } from '@settle/shared/money';
import type {
  TPaymentLogListQuery,
  TPaymentLogListResponse,
  TPaymentLogTotals,
  TPaymentLogTotalsResponse,
} from '@settle/shared/payment-logs';
import type { TPaymentSummary } from '@settle/shared/payments';
import { paymentLogDateBounds } from '@settle/shared/rules/payment-log-dates';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { type Clock, systemClock } from '../../lib/clock';
import { findGridPage, keysetAfter } from '../../lib/grid-paging';
import type { AccountsService } from '../accounts/accounts.service';
import type { SessionContext } from '../auth/session.service';
import { paymentLogListValidator } from '../grid-cache/grid-scope-probe';
import { resolveCustomerScope } from '../invoices/invoice-scope';
import type { PaymentQueriesService } from '../payments/payment-queries.service';
import { buildFilterWhere } from '../search/filter-helper';
import { PAYMENT_LOG_FILTER_FIELDS, paymentLogSortKey } from './payment-log-fields';
import { toPaymentLogRow } from './payment-log-mapper';
import * as repository from './payment-logs.repository';

export type PaymentLogsService = ReturnType<typeof createPaymentLogsService>;

function toPaymentLogTotals(sums: repository.PaymentLogTotalsRecord): TPaymentLogTotals {
  return {
    count: sums.count,
    succeededCount: sums.succeeded_count,
    succeededTotal: roundMoney(sums.succeeded_total),
  };
}

/**
 * The payment log grid of a customer linked to the user, in one currency and date range, and one
 * payment's detail. `clock` says what today is for the date ranges (tests fix it).
 */
export function createPaymentLogsService(
  db: Db,
  deps: { accounts: AccountsService; paymentQueries: PaymentQueriesService; clock?: Clock },
) {
  const clock = deps.clock ?? systemClock;

  /** The grid's customer, currency, range and filter; a bad filter answers 400 before any query. */
  async function selectionOf(session: SessionContext, query: TPaymentLogListQuery) {
    const { customer, currencyCode } = await resolveCustomerScope(deps.accounts, session, query);
    const filter = buildFilterWhere(query.filter, PAYMENT_LOG_FILTER_FIELDS);
    const scope: repository.PaymentLogScope = {
      tenantId: session.tenantId,
      customerId: customer.id,
      currencyCode,
      ...paymentLogDateBounds(query.dateRange, clock.now()),
    };
    return { customer, currencyCode, scope, filter };
  }

  return {
    async list(session: SessionContext, query: TPaymentLogListQuery): Promise<TPaymentLogListResponse> {
      const { customer, currencyCode, scope, filter } = await selectionOf(session, query);
      // As the invoice and dispute grids: a filtered page may leave its totals to the /totals call
      // beside it. Otherwise asked beside the page, not after it; unfiltered, they come from the
      // per-day aggregates and also say from which end a far jump walks.
      const totals =
        filter && query.totals === 'separate' ? null : repository.sumPaymentLogs(db, { scope, filter });
      totals?.catch(() => {}); // awaited below; a failure is answered there, not left unhandled
      const page = await findGridPage<repository.PaymentLogRecord>({
        list: [
          'paymentLogs',
          scope.customerId,
          scope.currencyCode,
          query.dateRange,
          scope.from?.toISOString(),
          scope.to?.toISOString(),
          query.sort,
          query.dir,
          query.pageSize,
          query.filter ?? '',
        ],
        page: query.page,
        pageSize: query.pageSize,
        cursor: query.cursor,
        after: (value, id) =>
          keysetAfter(paymentLogSortKey(query.sort), sql.raw('p.id'), query.dir, value, id),
        positionOf: (record) => ({ value: record.sort_key ?? null, id: record.id }),
        read: (walk) =>
          repository.findPaymentLogPage(db, {
            scope,
            filter,
            after: walk.after,
            sort: query.sort,
            dir: query.dir,
            limit: walk.limit,
            offset: walk.offset,
            fromEnd: walk.fromEnd,
          }),
        countBeforeJump: totals && !filter ? async () => (await totals).count : undefined,
        countAfterPage: totals ? async () => (await totals).count : undefined,
      });
      const sums = totals ? await totals : null;
      return {
        custNo: customer.custNo,
        currencyCode,
        dateRange: query.dateRange,
        page: query.page,
        pageSize: query.pageSize,
        total: sums ? sums.count : null,
        totals: sums ? toPaymentLogTotals(sums) : null,
        nextCursor: page.nextCursor,
        rows: page.records.map(toPaymentLogRow),
      };
    },

    /** The count and sums of a list's filtered set: the same selection as the list, without its rows. */
    async totals(session: SessionContext, query: TPaymentLogListQuery): Promise<TPaymentLogTotalsResponse> {
      const { scope, filter } = await selectionOf(session, query);
      const sums = await repository.sumPaymentLogs(db, { scope, filter });
      return { total: sums.count, totals: toPaymentLogTotals(sums) };
    },

    /** The grid answer cache's validator of a list call (modules/grid-cache), from the session's probe. */
    listValidator(session: SessionContext, query: Pick<TPaymentLogListQuery, 'custNo' | 'currencyCode'>) {
      return paymentLogListValidator(session, query, { now: clock.now() });
    },

    /** The grid's selection for an export: its size up front, then its rows in the grid's order. */
    async exportSelection(session: SessionContext, query: TPaymentLogListQuery) {
      const { customer, currencyCode, scope, filter } = await selectionOf(session, query);
      const { count } = await repository.sumPaymentLogs(db, { scope, filter });
      return {
        custNo: customer.custNo,
        company: customer.company,
        currencyCode,
        total: count,
        async *batches(range: { offset: number; limit: number; batchSize: number }) {
          for (let done = 0; done < range.limit; done += range.batchSize) {
            const records = await repository.findPaymentLogPage(db, {
              scope,
              filter,
              sort: query.sort,
              dir: query.dir,
              offset: range.offset + done,
              limit: Math.min(range.batchSize, range.limit - done),
            });
            if (records.length === 0) return;
            yield records.map(toPaymentLogRow);
          }
        },
      };
    },

    /**
     * One payment of the customer named, which must be linked to the user: another customer's
     * payment, or one under another custNo, is not found (404), as one that does not exist.
     */
    detail(
      session: SessionContext,
      query: { custNo: string; paymentLogId: number },
    ): Promise<TPaymentSummary> {
      return deps.paymentQueries.summary(session, query.paymentLogId, query.custNo);
    },
  };
}
