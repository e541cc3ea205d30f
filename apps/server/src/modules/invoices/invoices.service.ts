import {
  INVOICE_LINE_ITEM_FIELDS,
  type TInvoiceDetail,
  type TInvoiceListQuery,
  type TInvoiceListResponse,
  type TInvoiceRow,
  type TInvoiceTotalsResponse,
} from '@settle/shared/invoices';
import { roundMoney, subtractMoney, toMinorUnits } from '@settle/shared/money';
import type { SQL } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { notFound } from '../../lib/app-error';
import { type Clock, systemClock } from '../../lib/clock';
import type { AccountsService } from '../accounts/accounts.service';
import type { SessionContext } from '../auth/session.service';
import { BoundedCache } from '../grid-cache/bounded-cache';
import { invoiceListValidator, probedScope, quarterHourOf } from '../grid-cache/grid-scope-probe';
import { buildFilterWhere, filterFieldNames } from '../search/filter-helper';
import { type InvoiceBatchQuery, readInvoiceBatches } from './invoice-batches';
import { INVOICE_FIELDS } from './invoice-fields';
import { toInvoiceRow } from './invoice-mapper';
import { findGridPage } from './invoice-page';
import { resolveCustomerScope } from './invoice-scope';
import * as repository from './invoices.repository';

export type InvoicesService = ReturnType<typeof createInvoicesService>;

/** The grid's fields held in the columns invoice_versions' dataVersion leaves out (migration 0027). */
export const MARK_FIELDS = new Set(['promise', 'promisedAmount', 'nextFollowupDate', 'paymentPending']);

const HEADER_FIELDS: Array<{
  key: keyof repository.InvoiceRecord;
  field: string;
  title: string;
  dataType: TInvoiceDetail['headerFields'][number]['dataType'];
}> = [
  { key: 'inv_no', field: 'invNo', title: 'Invoice number', dataType: 'string' },
  { key: 'tran_id', field: 'tranId', title: 'Transaction id', dataType: 'string' },
  { key: 'invoice_date', field: 'invoiceDate', title: 'Invoice date', dataType: 'date' },
  { key: 'due_date', field: 'dueDate', title: 'Due date', dataType: 'date' },
  { key: 'terms', field: 'terms', title: 'Terms', dataType: 'string' },
  { key: 'po_number', field: 'poNumber', title: 'PO number', dataType: 'string' },
  { key: 'sales_rep', field: 'salesRep', title: 'Sales representative', dataType: 'string' },
  { key: 'ship_via', field: 'shipVia', title: 'Ship via', dataType: 'string' },
  { key: 'ship_to', field: 'shipTo', title: 'Ship to', dataType: 'string' },
  { key: 'amount', field: 'amount', title: 'Amount', dataType: 'currency' },
  { key: 'paid_amount', field: 'paidAmount', title: 'Paid', dataType: 'currency' },
  { key: 'dispute_amount', field: 'disputeAmount', title: 'Disputed', dataType: 'currency' },
  { key: 'balance', field: 'balance', title: 'Balance', dataType: 'currency' },
];

function toTotals(totals: repository.InvoiceTotalsRecord): TInvoiceTotalsResponse['totals'] {
  return {
    count: totals.count,
    amount: roundMoney(totals.amount),
    balance: roundMoney(totals.balance),
    disputeAmount: roundMoney(totals.dispute_amount),
    paidAmount: roundMoney(totals.paid_amount),
  };
}

/** An invoice and its lines (each with its extended fields) as the detail's response. */
function toDetail(
  record: repository.InvoiceRecord,
  lines: repository.LineWithFieldsRecord[],
): TInvoiceDetail {
  const open = toMinorUnits(subtractMoney(record.balance, record.dispute_amount));
  return {
    invoice: toInvoiceRow(record),
    headerFields: HEADER_FIELDS.map(({ key, field, title, dataType }) => ({
      field,
      title,
      dataType,
      value: (record[key] as string | null) ?? null,
    })),
    lineItems: lines.map((line) => ({
      id: line.id,
      lineNo: line.line_no,
      item: line.item,
      description: line.description,
      qtyShip: line.qty_ship,
      price: line.price,
      ext: line.ext,
      disputedCount: line.disputed_count,
      disputedAmt: line.disputed_amt,
      extendedFields: line.extended_fields,
    })),
    lineItemFields: INVOICE_LINE_ITEM_FIELDS,
    maxAmount: open > 0 ? subtractMoney(record.balance, record.dispute_amount) : '0.00',
  };
}

export function createInvoicesService(
  db: Db,
  accounts: AccountsService,
  options: { cacheTotals?: boolean; clock?: Clock } = {},
) {
  const clock = options.clock ?? systemClock;
  /**
   * The totals of filtered lists, kept under the version of their group of invoices as the
   * session statement read it on the same call (grid-cache): every user and page of one filter
   * shares one pass over its rows until the group's next write or the quarter hour's end.
   */
  const filteredTotals = new BoundedCache<repository.InvoiceTotalsRecord>(
    { maxEntries: 5_000, maxBytes: 4 * 1024 * 1024 },
    () => 200,
  );

  /** The list's customer, currency and filter; a bad filter answers 400 here, before any query. */
  async function selectionOf(session: SessionContext, query: TInvoiceListQuery) {
    const { customer, currencyCode } = await resolveCustomerScope(accounts, session, query);
    const filter = buildFilterWhere(query.filter, INVOICE_FIELDS);
    const scope = { customerId: customer.id, currencyCode, status: query.status, userId: session.userId };
    const versions = probedScope(session, customer.custNo)?.ledger[`${currencyCode}/${query.status}`];
    // Totals that read no payment or promise mark stay current across writes of only those marks.
    const readsMarks = [...filterFieldNames(query.filter)].some((field) => MARK_FIELDS.has(field));
    const version = versions?.[readsMarks ? 0 : 1];
    return { customer, currencyCode, scope, filter, version };
  }

  /** One pass over the filtered rows, or its result for the same filter at the same version. */
  async function sumFiltered(
    selection: { scope: repository.InvoiceScope; filter: SQL; version: number | undefined },
    filterText: string,
  ): Promise<repository.InvoiceTotalsRecord> {
    const { scope, filter, version } = selection;
    if (version === undefined || options.cacheTotals === false)
      return repository.sumInvoices(db, { scope, filter });
    const key = JSON.stringify([scope.customerId, scope.currencyCode, scope.status, filterText]);
    // The quarter hour: a relative date filter's days move on without a write.
    const validator = `${version}@${quarterHourOf(clock.now())}`;
    const known = filteredTotals.get(key, validator);
    if (known) return known;
    const totals = await repository.sumInvoices(db, { scope, filter });
    filteredTotals.set(key, validator, totals);
    return totals;
  }

  return {
    /** The grid answer cache's validator of a list call (modules/grid-cache), from the session's probe. */
    listValidator(
      session: SessionContext,
      query: Pick<TInvoiceListQuery, 'custNo' | 'currencyCode' | 'status'>,
    ) {
      return invoiceListValidator(session, query, { now: clock.now() });
    },

    /** Rows of one (already authorised) customer by invoice number, for other modules. */
    async findRows(session: SessionContext, customerId: number, invNos: string[]) {
      const records = await repository.findInvoicesByNumber(db, {
        customerId,
        invNos,
        userId: session.userId,
      });
      return records.map(toInvoiceRow);
    },

    /**
     * For disputes, inside their transaction: the invoice (locked until commit) and its lines.
     * Undefined when the customer has no such invoice.
     */
    async lockForDispute(
      tx: Db,
      session: SessionContext,
      options: { customerId: number; invNo: string; tranId?: string },
    ) {
      const record = await repository.lockInvoice(tx, { ...options, userId: session.userId });
      if (!record) return undefined;
      return {
        id: record.id,
        row: toInvoiceRow(record),
        lines: await repository.findLineItems(tx, record.id),
      };
    },

    /** Holds (or releases, with negative amounts) a dispute's amounts on its invoice and lines. */
    addDisputedAmounts(
      tx: Db,
      invoiceId: number,
      amount: string,
      lines: ReadonlyArray<{ lineItemId: number; count: string; amount: string }>,
    ) {
      return repository.addDisputedAmounts(tx, invoiceId, amount, lines);
    },

    /** For payments, inside their transaction: the customer's invoices by number, locked until commit. */
    async lockForPayment(
      tx: Db,
      session: { userId: number },
      options: { customerId: number; invNos: string[] },
    ) {
      const records = await repository.lockInvoicesByNumber(tx, { ...options, userId: session.userId });
      return records.map((record) => ({ id: record.id, row: toInvoiceRow(record) }));
    },

    /** Holds (positive) or releases (negative) an in-flight payment's amount on its invoice. */
    addPendingPayment(tx: Db, invoiceId: number, amount: string) {
      return repository.addPendingPayment(tx, invoiceId, amount);
    },

    /** A payment received (see the repository): balance down, paid up, closed when nothing is left. */
    applyPayment(tx: Db, invoiceId: number, amount: string) {
      return repository.applyPayment(tx, invoiceId, amount);
    },

    /** How many invoices of a scope pass the filter: an export's row count, known before its first row. */
    async count(query: { scope: repository.InvoiceScope; filter?: SQL }): Promise<number> {
      const totals = query.filter
        ? await repository.sumInvoices(db, query)
        : await repository.readScopeTotals(db, query.scope);
      return totals.count;
    },

    /** The rows in the grid's order, one batch at a time: exports of any size in flat memory. */
    readBatches(query: InvoiceBatchQuery): AsyncGenerator<TInvoiceRow[]> {
      return readInvoiceBatches(db, query);
    },

    /**
     * A grid page. Unfiltered, the totals are the aggregates' (no scan); filtered, they are one
     * pass over the filtered rows, beside the page, or left to the /totals call (totals=separate).
     */
    async list(session: SessionContext, query: TInvoiceListQuery): Promise<TInvoiceListResponse> {
      const selection = await selectionOf(session, query);
      const { customer, currencyCode, scope, filter } = selection;
      let totals: repository.InvoiceTotalsRecord | null;
      let page: Awaited<ReturnType<typeof findGridPage>>;
      if (!filter) {
        page = await findGridPage(db, { scope, query, scopeTotals: true });
        totals = page.totals;
      } else {
        [page, totals] = await Promise.all([
          findGridPage(db, { scope, filter, query }),
          query.totals === 'separate' ? null : sumFiltered({ ...selection, filter }, query.filter ?? ''),
        ]);
      }
      return {
        custNo: customer.custNo,
        currencyCode,
        status: query.status,
        page: query.page,
        pageSize: query.pageSize,
        total: totals ? totals.count : null,
        totals: totals ? toTotals(totals) : null,
        nextCursor: page.nextCursor,
        rows: page.rows,
      };
    },

    /** The count and sums of a (filtered) list: GET /invoices/totals, asked beside the page. */
    async totals(session: SessionContext, query: TInvoiceListQuery): Promise<TInvoiceTotalsResponse> {
      const selection = await selectionOf(session, query);
      const { scope, filter } = selection;
      const totals = filter
        ? await sumFiltered({ ...selection, filter }, query.filter ?? '')
        : await repository.readScopeTotals(db, scope);
      return { total: totals.count, totals: toTotals(totals) };
    },

    async detail(
      session: SessionContext,
      options: { invNo: string; tranId?: string; status?: 'O' | 'C'; custNo?: string },
    ): Promise<TInvoiceDetail> {
      const { customer } = await resolveCustomerScope(accounts, session, { custNo: options.custNo });
      const [record] = await repository.findInvoicesByNumber(db, {
        customerId: customer.id,
        invNos: [options.invNo],
        tranId: options.tranId,
        status: options.status,
        userId: session.userId,
      });
      if (!record) throw notFound(`Invoice ${options.invNo}`);
      return toDetail(record, await repository.findLinesOfInvoices(db, [record.id]));
    },

    /**
     * The details of an (already authorised) customer's invoices by number, for other modules
     * (the invoice documents): every transaction of each number, of the status when given, in
     * two statements whatever their count. Numbers the customer does not have are left out.
     */
    async findDetails(
      session: SessionContext,
      options: { customerId: number; invNos: string[]; status?: 'O' | 'C' },
    ): Promise<TInvoiceDetail[]> {
      const records = await repository.findInvoicesByNumber(db, {
        customerId: options.customerId,
        invNos: options.invNos,
        status: options.status,
        userId: session.userId,
      });
      const linesOf = new Map<number, repository.LineWithFieldsRecord[]>();
      for (const line of await repository.findLinesOfInvoices(
        db,
        records.map((record) => record.id),
      )) {
        const list = linesOf.get(line.invoice_id);
        if (list) list.push(line);
        else linesOf.set(line.invoice_id, [line]);
      }
      return records.map((record) => toDetail(record, linesOf.get(record.id) ?? []));
    },
  };
}
