import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { queryRowsWithKeptPlan } from '../../db/kept-plan-query';
import {
  type GridPageOptions,
  keepsPagePlan,
  pageCondition,
  pageWindow,
  walkDirection,
} from '../../lib/grid-paging';
import { INVOICE_FIELDS } from './invoice-fields';

export type InvoiceRecord = {
  id: number;
  inv_no: string;
  tran_id: string;
  cust_no: string;
  company: string;
  status: 'O' | 'C';
  invoice_date: string;
  due_date: string;
  tran_currency_code: string;
  amount: string;
  balance: string;
  tran_bal: string;
  tran_orig: string;
  dispute_amount: string;
  paid_amount: string;
  payment_pending: boolean;
  payment_pending_amount: string;
  promise: boolean;
  promised_amount: string;
  next_followup_date: string | null;
  po_number: string;
  terms: string;
  sales_rep: string;
  ship_via: string;
  ship_to: string;
  description: string;
  in_cart: boolean;
  /** Only when asked (withScopeTotals): the scope's aggregates, [count, amount, balance, dispute, paid]. */
  scope_totals?: [number, string, string, string, string] | null;
};

export type InvoiceScope = { customerId: number; currencyCode: string; status: 'O' | 'C'; userId: number };

const SELECT_ROW = sql`
  i.id, i.inv_no, i.tran_id, i.cust_no, c.company, i.status,
  to_char(i.invoice_date, 'YYYY-MM-DD') as invoice_date, to_char(i.due_date, 'YYYY-MM-DD') as due_date,
  i.tran_currency_code, i.amount::text, i.balance::text, i.tran_bal::text, i.tran_orig::text,
  i.dispute_amount::text, i.paid_amount::text, i.payment_pending, i.payment_pending_amount::text,
  i.promise, i.promised_amount::text, to_char(i.next_followup_date, 'YYYY-MM-DD') as next_followup_date,
  i.po_number, i.terms, i.sales_rep, i.ship_via, i.ship_to, i.description`;

/** Whether the invoice is in this user's cart for its customer and currency. */
const IN_CART = (userId: number) => sql`exists (
  select 1 from payment_cart_lines l join payment_carts pc on pc.id = l.cart_id
  where l.invoice_id = i.id and pc.user_id = ${userId}) as in_cart`;

function scopeWhere(scope: InvoiceScope, filter: SQL | undefined): SQL {
  const base = sql`i.customer_id = ${scope.customerId} and i.tran_currency_code = ${scope.currencyCode} and i.status = ${scope.status}`;
  return filter ? sql`${base} and (${filter})` : base;
}

/**
 * One page, ordered by an allow-listed field and then by id so that paging is stable. The page's
 * ids are chosen first from the scope's index alone (an index-only walk for the indexed sorts),
 * then only those rows are read and joined: a deep page skips index entries, never table rows.
 * `fromEnd` walks the same order backwards (for pages nearer the end than the start) and the
 * rows come back in the grid's order all the same.
 */
export function findInvoicePage(db: Db, options: InvoicePageOptions): Promise<InvoiceRecord[]> {
  const query = invoicePageQuery(options);
  return keepsInvoicePagePlan(options)
    ? queryRowsWithKeptPlan<InvoiceRecord>(db, query)
    : queryRows<InvoiceRecord>(db, query);
}

export type InvoicePageOptions = GridPageOptions<InvoiceScope> & {
  /**
   * Each row also carries the scope's aggregates (scope_totals), read once by the plan (an
   * InitPlan): the unfiltered grid gets its page and totals in one round trip.
   */
  withScopeTotals?: boolean;
};

/** The sorts an index of the scope gives in order (invoices_grid, invoices_grid_amount, _balance, _inv_no, _invoice_date). */
export const INVOICE_SORTS_WALKING_AN_INDEX: ReadonlySet<string> = new Set([
  'dueDate',
  'amount',
  'balance',
  'invNo',
  'invoiceDate',
]);

/** Whether a page keeps one plan (lib/grid-paging.ts, keepsPagePlan). */
export function keepsInvoicePagePlan(options: InvoicePageOptions): boolean {
  return keepsPagePlan(options, INVOICE_SORTS_WALKING_AN_INDEX);
}

/** The page's SQL, also read by the plan tests (EXPLAIN). */
export function invoicePageQuery(options: InvoicePageOptions): SQL {
  const sortColumn = INVOICE_FIELDS[options.sort]?.column ?? sql.raw('i.due_date');
  const direction = sql.raw(options.dir === 'desc' ? 'desc' : 'asc');
  const walk = sql.raw(walkDirection(options));
  return sql`with page as (
          select i.id from invoices i
          where ${scopeWhere(options.scope, pageCondition(options))}
          order by ${sortColumn} ${walk}, i.id ${walk}
          ${pageWindow(options, keepsInvoicePagePlan(options))})
        select ${SELECT_ROW}, ${IN_CART(options.scope.userId)}${options.withScopeTotals ? sql`, ${scopeTotalsColumn(options.scope)}` : sql``}
        from invoices i join customers c on c.id = i.customer_id
        where i.id in (select id from page)
        order by ${sortColumn} ${direction}, i.id ${direction}`;
}

function scopeTotalsColumn(scope: InvoiceScope): SQL {
  return sql`(select json_build_array(t.count, t.amount::text, t.balance::text, t.dispute_amount::text, t.paid_amount::text)
          from invoice_totals t
          where t.customer_id = ${scope.customerId} and t.currency_code = ${scope.currencyCode} and t.status = ${scope.status}) as scope_totals`;
}

/** The aggregates a page's rows carried (withScopeTotals); none when the scope has no invoices. */
export function scopeTotalsOf(record: InvoiceRecord): InvoiceTotalsRecord {
  const totals = record.scope_totals;
  if (!totals) return { count: 0, amount: '0', balance: '0', dispute_amount: '0', paid_amount: '0' };
  const [count, amount, balance, dispute_amount, paid_amount] = totals;
  return { count: Number(count), amount, balance, dispute_amount, paid_amount };
}

export type InvoiceTotalsRecord = {
  count: number;
  amount: string;
  balance: string;
  dispute_amount: string;
  paid_amount: string;
};

/** The filtered set's count and sums in one pass over the rows the filter's indexes select. */
export async function sumInvoices(
  db: Db,
  options: { scope: InvoiceScope; filter?: SQL },
): Promise<InvoiceTotalsRecord> {
  const [row] = await queryRows<InvoiceTotalsRecord>(db, sumInvoicesQuery(options));
  return row!;
}

/** The filtered totals' SQL, also read by the plan tests (EXPLAIN). */
export function sumInvoicesQuery(options: { scope: InvoiceScope; filter?: SQL }): SQL {
  return sql`select count(*)::int as count, coalesce(sum(i.amount), 0)::text as amount,
          coalesce(sum(i.balance), 0)::text as balance, coalesce(sum(i.dispute_amount), 0)::text as dispute_amount,
          coalesce(sum(i.paid_amount), 0)::text as paid_amount
        from invoices i
        where ${scopeWhere(options.scope, options.filter)}`;
}

/** The whole scope's count and sums, from the aggregates the invoice triggers keep (migration 0009). */
export async function readScopeTotals(db: Db, scope: InvoiceScope): Promise<InvoiceTotalsRecord> {
  // One row by its key: the same plan for every scope.
  const [row] = await queryRowsWithKeptPlan<InvoiceTotalsRecord>(
    db,
    sql`select count::int as count, amount::text, balance::text, dispute_amount::text, paid_amount::text
        from invoice_totals
        where customer_id = ${scope.customerId} and currency_code = ${scope.currencyCode} and status = ${scope.status}`,
  );
  return row ?? { count: 0, amount: '0', balance: '0', dispute_amount: '0', paid_amount: '0' };
}

/** Invoices of one customer by number (and transaction id when given); other customers' never match. */
export function findInvoicesByNumber(
  db: Db,
  options: { customerId: number; invNos: string[]; tranId?: string; status?: 'O' | 'C'; userId: number },
): Promise<InvoiceRecord[]> {
  if (options.invNos.length === 0) return Promise.resolve([]);
  const invNoList = sql.join(
    options.invNos.map((invNo) => sql`${invNo}`),
    sql`, `,
  );
  return queryRows<InvoiceRecord>(
    db,
    sql`select ${SELECT_ROW}, ${IN_CART(options.userId)}
        from invoices i join customers c on c.id = i.customer_id
        where i.customer_id = ${options.customerId} and i.inv_no in (${invNoList})
          ${options.tranId ? sql`and i.tran_id = ${options.tranId}` : sql``}
          ${options.status ? sql`and i.status = ${options.status}` : sql``}
        order by i.inv_no, i.id`,
  );
}

export type LineItemRecord = {
  id: number;
  line_no: number;
  item: string;
  description: string;
  qty_ship: string;
  price: string;
  ext: string;
  disputed_count: string;
  disputed_amt: string;
};

export function findLineItems(db: Db, invoiceId: number): Promise<LineItemRecord[]> {
  return queryRows<LineItemRecord>(
    db,
    sql`select id, line_no, item, description, qty_ship::text, price::text, ext::text,
          disputed_count::text, disputed_amt::text
        from invoice_line_items where invoice_id = ${invoiceId} order by line_no`,
  );
}

export type LineWithFieldsRecord = LineItemRecord & {
  invoice_id: number;
  extended_fields: Array<{ field: string; title: string; dataType: string; value: string }>;
};

/**
 * The lines of several invoices in one statement, each with its extended fields (in the order
 * they were stored), ordered by invoice and line number. An invoice's own extended fields (no
 * line) are not read: nothing shows them.
 */
export function findLinesOfInvoices(db: Db, invoiceIds: number[]): Promise<LineWithFieldsRecord[]> {
  if (invoiceIds.length === 0) return Promise.resolve([]);
  const idList = sql.join(
    invoiceIds.map((id) => sql`${id}`),
    sql`, `,
  );
  return queryRows<LineWithFieldsRecord>(
    db,
    sql`select li.invoice_id, li.id, li.line_no, li.item, li.description, li.qty_ship::text,
          li.price::text, li.ext::text, li.disputed_count::text, li.disputed_amt::text,
          coalesce((select json_agg(json_build_object('field', f.field, 'title', f.title,
              'dataType', f.data_type, 'value', f.value) order by f.id)
            from invoice_extended_fields f
            where f.invoice_id = li.invoice_id and f.line_item_id = li.id), '[]'::json) as extended_fields
        from invoice_line_items li
        where li.invoice_id in (${idList})
        order by li.invoice_id, li.line_no`,
  );
}

/**
 * One invoice of a customer, locked for the rest of the transaction: disputes read its
 * balance and disputed amount and change them, and two at once must not both pass the check.
 */
export async function lockInvoice(
  db: Db,
  options: { customerId: number; invNo: string; tranId?: string; userId: number },
): Promise<InvoiceRecord | undefined> {
  const [row] = await queryRows<InvoiceRecord>(
    db,
    sql`select ${SELECT_ROW}, ${IN_CART(options.userId)}
        from invoices i join customers c on c.id = i.customer_id
        where i.customer_id = ${options.customerId} and i.inv_no = ${options.invNo}
          ${options.tranId ? sql`and i.tran_id = ${options.tranId}` : sql``}
        order by i.status desc, i.id
        limit 1
        for update of i`,
  );
  return row;
}

/** Adds a dispute's amounts to its invoice and lines (negative deltas release them). */
export async function addDisputedAmounts(
  db: Db,
  invoiceId: number,
  amount: string,
  lines: ReadonlyArray<{ lineItemId: number; count: string; amount: string }>,
): Promise<void> {
  await db.execute(
    sql`update invoices set dispute_amount = dispute_amount + ${amount}::numeric where id = ${invoiceId}`,
  );
  for (const line of lines) {
    await db.execute(
      sql`update invoice_line_items
          set disputed_count = disputed_count + ${line.count}::numeric,
              disputed_amt = disputed_amt + ${line.amount}::numeric
          where id = ${line.lineItemId} and invoice_id = ${invoiceId}`,
    );
  }
}

/**
 * Invoices of one customer by number, locked for the rest of the transaction in id order (so
 * two payments locking overlapping sets cannot deadlock): a payment checks and holds them.
 */
export function lockInvoicesByNumber(
  db: Db,
  options: { customerId: number; invNos: string[]; userId: number },
): Promise<InvoiceRecord[]> {
  if (options.invNos.length === 0) return Promise.resolve([]);
  const invNoList = sql.join(
    options.invNos.map((invNo) => sql`${invNo}`),
    sql`, `,
  );
  return queryRows<InvoiceRecord>(
    db,
    sql`select ${SELECT_ROW}, ${IN_CART(options.userId)}
        from invoices i join customers c on c.id = i.customer_id
        where i.customer_id = ${options.customerId} and i.inv_no in (${invNoList})
        order by i.id
        for update of i`,
  );
}

/** Marks an amount as in flight on an invoice (negative deltas release it). */
export async function addPendingPayment(db: Db, invoiceId: number, amount: string): Promise<void> {
  await db.execute(
    sql`update invoices
        set payment_pending_amount = payment_pending_amount + ${amount}::numeric,
            payment_pending = (payment_pending_amount + ${amount}::numeric) <> 0
        where id = ${invoiceId}`,
  );
}

/**
 * A payment received: the amount leaves what is pending and the balance, joins what is paid;
 * an invoice left with nothing to pay is closed.
 */
export async function applyPayment(db: Db, invoiceId: number, amount: string): Promise<void> {
  await db.execute(
    sql`update invoices
        set payment_pending_amount = payment_pending_amount - ${amount}::numeric,
            payment_pending = (payment_pending_amount - ${amount}::numeric) <> 0,
            balance = balance - ${amount}::numeric,
            tran_bal = tran_bal - ${amount}::numeric,
            paid_amount = paid_amount + ${amount}::numeric,
            status = case when balance - ${amount}::numeric = 0 then 'C' else status end
        where id = ${invoiceId}`,
  );
}
