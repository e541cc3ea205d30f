import type { Readable } from 'node:stream';
import {
  type TDispute,
  type TDisputeCheckResponse,
  type TDisputeListQuery,
  type TDisputeListResponse,
  type TDisputeTotalsResponse,
  type TReasonCode,
  UNKNOWN_REASON_DISPLAY,
} from '@settle/shared/disputes';
import { roundMoney } from '@settle/shared/money';
import { hasPrivilege, Privilege } from '@settle/shared/privileges';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/app-error';
import { type Clock, systemClock } from '../../lib/clock';
import { findGridPage, keysetAfter } from '../../lib/grid-paging';
import type { AccountsService } from '../accounts/accounts.service';
import type { SessionContext } from '../auth/session.service';
import { disputeListValidator } from '../grid-cache/grid-scope-probe';
import { resolveCustomerScope } from '../invoices/invoice-scope';
import { buildFilterWhere } from '../search/filter-helper';
import type { UploadsService } from '../uploads/uploads.service';
import { disputeFilterFields, disputeSortKey } from './dispute-fields';
import { toDispute, toDisputeRow } from './dispute-mapper';
import * as repository from './disputes.repository';

export type DisputesService = ReturnType<typeof createDisputesService>;

function toDisputeTotals(
  totals: repository.DisputeTotalsRecord,
  canViewAmounts: boolean,
): TDisputeTotalsResponse['totals'] {
  return {
    count: totals.count,
    originalAmount: roundMoney(totals.original_amount),
    disputedAmount: canViewAmounts ? roundMoney(totals.disputed_amount) : null,
  };
}

export function privilegesOf(session: SessionContext) {
  return {
    canViewAmounts: hasPrivilege(session.roles, Privilege.ALLOW_PROB_VIEW),
    canUpdate: hasPrivilege(session.roles, Privilege.ALLOW_PROB),
  };
}

/** Reading disputes: one, a grid page, an invoice's opening rule, reasons, notes, attachments. */
export function createDisputesService(
  db: Db,
  accounts: AccountsService,
  uploads: UploadsService,
  options: { clock?: Clock } = {},
) {
  const clock = options.clock ?? systemClock;
  async function requireDispute(session: SessionContext, key: { probNo?: number; id?: number }, tx: Db = db) {
    const record = await repository.findLinkedDispute(tx, {
      tenantId: session.tenantId,
      userId: session.userId,
      ...key,
    });
    if (!record) throw notFound(`Dispute ${key.probNo ?? key.id}`);
    return record;
  }

  async function load(
    session: SessionContext,
    key: { probNo?: number; id?: number },
    tx: Db = db,
  ): Promise<TDispute> {
    const record = await requireDispute(session, key, tx);
    const [lines, notes, attachments] = await Promise.all([
      repository.findDisputeLines(tx, record.id),
      repository.findExposedNotes(tx, record.id),
      repository.findAttachments(tx, record.id),
    ]);
    return toDispute(record, { lines, notes, attachments }, privilegesOf(session));
  }

  /** The grid's customer, currency, scope and filter; a bad filter answers 400 before any query. */
  async function selectionOf(session: SessionContext, query: TDisputeListQuery) {
    const { customer, currencyCode } = await resolveCustomerScope(accounts, session, query);
    const { canViewAmounts } = privilegesOf(session);
    const filter = buildFilterWhere(query.filter, disputeFilterFields(canViewAmounts));
    const sort = !canViewAmounts && query.sort === 'disputedAmount' ? 'createdOn' : query.sort;
    const scope = {
      customerId: customer.id,
      currencyCode,
      invNo: query.invNo,
      custDispute: query.custDispute === undefined ? undefined : query.custDispute === 'true',
    };
    return { customer, currencyCode, canViewAmounts, scope, filter, sort };
  }

  return {
    requireDispute,
    get: load,

    async list(session: SessionContext, query: TDisputeListQuery): Promise<TDisputeListResponse> {
      const { customer, currencyCode, canViewAmounts, scope, filter, sort } = await selectionOf(
        session,
        query,
      );
      // As the invoice grid: a filtered page may leave its totals to the /totals call beside it.
      // The totals are asked beside the page, not after it; an unfiltered list's come from the
      // aggregates and also say from which end a far jump walks.
      const totals =
        filter && query.totals === 'separate' ? null : repository.sumDisputes(db, { scope, filter });
      totals?.catch(() => {}); // awaited below; a failure is answered there, not left unhandled
      const fromAggregates = !filter && scope.invNo === undefined;
      const page = await findGridPage<repository.DisputeRecord>({
        list: [
          'disputes',
          scope.customerId,
          scope.currencyCode,
          scope.invNo,
          query.custDispute,
          sort,
          query.dir,
          query.pageSize,
          query.filter ?? '',
        ],
        page: query.page,
        pageSize: query.pageSize,
        cursor: query.cursor,
        after: (value, id) => keysetAfter(disputeSortKey(sort), sql.raw('d.id'), query.dir, value, id),
        positionOf: (record) => ({ value: record.sort_key ?? null, id: record.id }),
        read: (walk) =>
          repository.findDisputePage(db, {
            scope,
            filter,
            after: walk.after,
            sort,
            dir: query.dir,
            limit: walk.limit,
            offset: walk.offset,
            fromEnd: walk.fromEnd,
          }),
        countBeforeJump: totals && fromAggregates ? async () => (await totals).count : undefined,
        countAfterPage: totals ? async () => (await totals).count : undefined,
      });
      const sums = totals ? await totals : null;
      return {
        custNo: customer.custNo,
        currencyCode,
        page: query.page,
        pageSize: query.pageSize,
        total: sums ? sums.count : null,
        totals: sums ? toDisputeTotals(sums, canViewAmounts) : null,
        nextCursor: page.nextCursor,
        rows: page.records.map((record) => toDisputeRow(record, canViewAmounts)),
      };
    },

    /** The grid answer cache's validator of a list call (modules/grid-cache), from the session's probe. */
    listValidator(session: SessionContext, query: Pick<TDisputeListQuery, 'custNo' | 'currencyCode'>) {
      return disputeListValidator(session, query, {
        canViewAmounts: privilegesOf(session).canViewAmounts,
        now: clock.now(),
      });
    },

    /** The count and sums of a (filtered) dispute list: GET /disputes/totals. */
    async totals(session: SessionContext, query: TDisputeListQuery): Promise<TDisputeTotalsResponse> {
      const { canViewAmounts, scope, filter } = await selectionOf(session, query);
      const totals = await repository.sumDisputes(db, { scope, filter });
      return { total: totals.count, totals: toDisputeTotals(totals, canViewAmounts) };
    },

    /** The grid's selection for an export: its size up front, then its rows in the grid's order, batch by batch. */
    async exportSelection(session: SessionContext, query: TDisputeListQuery) {
      const { customer, currencyCode, canViewAmounts, scope, filter, sort } = await selectionOf(
        session,
        query,
      );
      const { count } = await repository.sumDisputes(db, { scope, filter });
      return {
        custNo: customer.custNo,
        company: customer.company,
        currencyCode,
        canViewAmounts,
        total: count,
        async *batches(range: { offset: number; limit: number; batchSize: number }) {
          for (let done = 0; done < range.limit; done += range.batchSize) {
            const records = await repository.findDisputePage(db, {
              scope,
              filter,
              sort,
              dir: query.dir,
              offset: range.offset + done,
              limit: Math.min(range.batchSize, range.limit - done),
            });
            if (records.length === 0) return;
            yield records.map((record) => toDisputeRow(record, canViewAmounts));
          }
        },
      };
    },

    /**
     * The opening rule's answer for an invoice of the current customer. There are no resolver
     * divisions in Settle, so resolverNotAssociatedToDivision is always false.
     */
    async assistance(session: SessionContext, invNo: string, status: string): Promise<TDisputeCheckResponse> {
      const { customer } = await resolveCustomerScope(accounts, session, {});
      const row = await repository.countInvoiceDisputes(db, { customerId: customer.id, invNo, status });
      if (!row) throw notFound(`Invoice ${invNo}`);
      return {
        resolverNotAssociatedToDivision: false,
        disputeCount: row.count,
        probNo: row.count === 1 ? row.prob_no : null,
        tranId: row.tran_id,
      };
    },

    reasonCodes(session: SessionContext): Promise<TReasonCode[]> {
      return repository.findReasonCodes(db, session.tenantId);
    },

    async reason(session: SessionContext, id: number) {
      const record = await requireDispute(session, { id });
      return {
        reasonCode: record.reason_code,
        reasonDisplay: record.reason_description ?? UNKNOWN_REASON_DISPLAY,
      };
    },

    async notes(session: SessionContext, id: number) {
      const record = await requireDispute(session, { id });
      const notes = await repository.findExposedNotes(db, record.id);
      return notes.map((note) => ({
        id: note.id,
        note: note.note,
        exposed: note.exposed,
        enteredBy: note.entered_by,
        enteredOn: note.entered_on,
      }));
    },

    /** An attachment's file, when its dispute belongs to a customer linked to the user. */
    async attachment(
      session: SessionContext,
      id: number,
    ): Promise<{ fileName: string; docType: string; size: number; stream: Readable }> {
      const link = await repository.findLinkedAttachment(db, {
        tenantId: session.tenantId,
        userId: session.userId,
        id,
      });
      const upload = link ? await uploads.findById(link.upload_id) : undefined;
      if (!upload) throw notFound(`Attachment ${id}`);
      return {
        fileName: upload.fileName,
        docType: upload.docType,
        size: upload.size,
        stream: uploads.open(upload),
      };
    },
  };
}
