import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { queryRowsWithKeptPlan } from '../../db/kept-plan-query';
import {
  type GridPageOptions,
  keepsPagePlan,
  keysetOrder,
  keysetText,
  pageCondition,
  pageWindow,
  walkDirection,
} from '../../lib/grid-paging';
import { disputeSortKey } from './dispute-fields';

const ISO = (column: string) =>
  sql.raw(`to_char(${column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`);

export type DisputeRecord = {
  id: number;
  tenant_id: number;
  customer_id: number;
  invoice_id: number | null;
  prob_no: number;
  cust_no: string;
  company: string;
  inv_no: string | null;
  tran_id: string | null;
  invoice_date: string | null;
  due_date: string | null;
  original_amount: string | null;
  disputed_amount: string;
  currency_code: string;
  reason_code: string;
  reason_description: string | null;
  status_code: string;
  style: 'artran' | 'other';
  cust_dispute: boolean;
  description: string;
  created_on: string;
  created_by_name: string;
  days: number;
  /** The latest exposed notes, newest first (the grid's tooltip). */
  latest_notes: Array<{ note: string; enteredOn: string; enteredBy: string }> | null;
  /** Grid pages only: the sort value of the row as text (null when empty), for the cursor. */
  sort_key?: string | null;
};

const SELECT_DISPUTE = sql`
  d.id, d.tenant_id, d.customer_id, d.invoice_id, d.prob_no, c.cust_no, c.company, i.inv_no, i.tran_id,
  to_char(i.invoice_date, 'YYYY-MM-DD') as invoice_date, to_char(i.due_date, 'YYYY-MM-DD') as due_date,
  i.amount::text as original_amount, d.disputed_amount::text, d.currency_code, d.reason_code,
  r.description as reason_description, d.status_code, d.style, d.cust_dispute, d.description,
  ${ISO('d.created_at')} as created_on, d.created_by_name,
  greatest(0, current_date - (d.created_at at time zone 'UTC')::date)::int as days,
  (select json_agg(json_build_object('note', n.note, 'enteredOn', ${ISO('n.entered_on')}, 'enteredBy', n.entered_by)
                   order by n.entered_on desc, n.id desc)
     from (select * from dispute_notes n where n.dispute_id = d.id and n.exposed
           order by n.entered_on desc, n.id desc limit 5) n) as latest_notes`;

const FROM_DISPUTE = sql`
  from disputes d
  join customers c on c.id = d.customer_id
  left join invoices i on i.id = d.invoice_id
  left join dispute_reason_codes r on r.tenant_id = d.tenant_id and r.code = d.reason_code`;

/** Only disputes of customers linked to the user: another customer's dispute is not found. */
const LINKED = (userId: number) =>
  sql`d.customer_id in (select uc.customer_id from user_customers uc where uc.user_id = ${userId})`;

export type DisputeScope = {
  customerId: number;
  currencyCode: string;
  invNo?: string;
  custDispute?: boolean;
};

function scopeWhere(scope: DisputeScope, filter: SQL | undefined): SQL {
  const conditions = [sql`d.customer_id = ${scope.customerId}`, sql`d.currency_code = ${scope.currencyCode}`];
  if (scope.invNo !== undefined) conditions.push(sql`d.inv_no = ${scope.invNo}`);
  if (scope.custDispute !== undefined) conditions.push(sql`d.cust_dispute = ${scope.custDispute}`);
  if (filter) conditions.push(sql`(${filter})`);
  return sql.join(conditions, sql` and `);
}

/**
 * One page, ordered by an allow-listed field and then by id so that paging is stable. The page's
 * ids are chosen first, on the disputes alone (through their indexes, the invoice's fields included);
 * names, reasons and the notes tooltip are then read for those rows only. `fromEnd` walks the
 * same order backwards (for pages nearer the end than the start); the rows come back in the
 * grid's order all the same, each with its sort value as text for the next page's cursor.
 */
export function findDisputePage(db: Db, options: DisputePageOptions): Promise<DisputeRecord[]> {
  const query = disputePageQuery(options);
  return keepsDisputePagePlan(options)
    ? queryRowsWithKeptPlan<DisputeRecord>(db, query)
    : queryRows<DisputeRecord>(db, query);
}

export type DisputePageOptions = GridPageOptions<DisputeScope>;

/** The sorts an index of the scope gives in order (disputes_customer_created and the disputes_grid_ indexes). */
export const DISPUTE_SORTS_WALKING_AN_INDEX: ReadonlySet<string> = new Set([
  'createdOn',
  'disputedAmount',
  'probNo',
  'invNo',
  'invoiceDate',
  'dueDate',
  'originalAmount',
]);

/**
 * Whether a page keeps one plan (lib/grid-paging.ts, keepsPagePlan). A list of one invoice's disputes
 * is narrowed by its own index, which a generic plan cannot weigh; a keyset start on a key that can be
 * empty is an "or" of two conditions, which an index walk does not take as its start.
 */
export function keepsDisputePagePlan(options: DisputePageOptions): boolean {
  return (
    keepsPagePlan(options, DISPUTE_SORTS_WALKING_AN_INDEX) &&
    options.scope.invNo === undefined &&
    !(options.after && disputeSortKey(options.sort).nullable)
  );
}

/** The page's SQL, also read by the plan tests (EXPLAIN). */
export function disputePageQuery(options: DisputePageOptions): SQL {
  const key = disputeSortKey(options.sort);
  const id = sql.raw('d.id');
  const walk = walkDirection(options);
  return sql`with page as (
          select d.id from disputes d
          where ${scopeWhere(options.scope, pageCondition(options))}
          order by ${keysetOrder(key, id, walk)}
          ${pageWindow(options, keepsDisputePagePlan(options))})
        select ${SELECT_DISPUTE}, ${keysetText(key)} as sort_key ${FROM_DISPUTE}
        where d.id in (select id from page)
        order by ${keysetOrder(key, id, options.dir)}`;
}

export type DisputeTotalsRecord = { count: number; original_amount: string; disputed_amount: string };

/**
 * The count and sums of a list: an unfiltered list of a customer and currency from the
 * aggregates the dispute triggers keep (dispute_totals), any other in one pass over the rows its
 * scope and filter select.
 */
export async function sumDisputes(
  db: Db,
  options: { scope: DisputeScope; filter?: SQL },
): Promise<DisputeTotalsRecord> {
  const query = sumDisputesQuery(options);
  // The aggregates' rows of one customer and currency: the same plan for every scope.
  const [row] = fromDisputeTotals(options)
    ? await queryRowsWithKeptPlan<DisputeTotalsRecord>(db, query)
    : await queryRows<DisputeTotalsRecord>(db, query);
  return row!;
}

/** Whether a list's totals are the aggregates': an unfiltered list of a customer and currency. */
function fromDisputeTotals(options: { scope: DisputeScope; filter?: SQL }): boolean {
  return !options.filter && options.scope.invNo === undefined;
}

/** The totals' SQL, also read by the plan tests (EXPLAIN). */
export function sumDisputesQuery(options: { scope: DisputeScope; filter?: SQL }): SQL {
  const { scope } = options;
  if (fromDisputeTotals(options)) {
    const kind = scope.custDispute === undefined ? sql`` : sql`and t.cust_dispute = ${scope.custDispute}`;
    return sql`select coalesce(sum(t.count), 0)::int as count,
          coalesce(sum(t.original_amount), 0)::text as original_amount,
          coalesce(sum(t.disputed_amount), 0)::text as disputed_amount
        from dispute_totals t
        where t.customer_id = ${scope.customerId} and t.currency_code = ${scope.currencyCode} ${kind}`;
  }
  return sql`select count(*)::int as count, coalesce(sum(d.invoice_amount), 0)::text as original_amount,
          coalesce(sum(d.disputed_amount), 0)::text as disputed_amount
        from disputes d
        where ${scopeWhere(scope, options.filter)}`;
}

/** A dispute by probNo or id, of a customer linked to the user. */
export async function findLinkedDispute(
  db: Db,
  options: { tenantId: number; userId: number; probNo?: number; id?: number; forUpdate?: boolean },
): Promise<DisputeRecord | undefined> {
  const key = options.id !== undefined ? sql`d.id = ${options.id}` : sql`d.prob_no = ${options.probNo ?? -1}`;
  const [row] = await queryRows<DisputeRecord>(
    db,
    sql`select ${SELECT_DISPUTE} ${FROM_DISPUTE}
        where d.tenant_id = ${options.tenantId} and ${key} and ${LINKED(options.userId)}
        ${options.forUpdate ? sql`for update of d` : sql``}`,
  );
  return row;
}

export type DisputeLineRecord = {
  line_item_id: number;
  line_no: number;
  item: string;
  description: string;
  qty_ship: string;
  price: string;
  ext: string;
  disputed_count: string;
  disputed_amt: string;
};

export function findDisputeLines(db: Db, disputeId: number): Promise<DisputeLineRecord[]> {
  return queryRows<DisputeLineRecord>(
    db,
    sql`select l.id as line_item_id, l.line_no, l.item, l.description, l.qty_ship::text, l.price::text, l.ext::text,
          dl.disputed_count::text, dl.disputed_amt::text
        from dispute_lines dl join invoice_line_items l on l.id = dl.line_item_id
        where dl.dispute_id = ${disputeId} order by l.line_no`,
  );
}

export type NoteRecord = {
  id: number;
  note: string;
  exposed: boolean;
  entered_by: string;
  entered_on: string;
};

/** The notes a customer's user sees: the exposed ones, newest first. */
export function findExposedNotes(db: Db, disputeId: number): Promise<NoteRecord[]> {
  return queryRows<NoteRecord>(
    db,
    sql`select id, note, exposed, entered_by, ${ISO('entered_on')} as entered_on
        from dispute_notes where dispute_id = ${disputeId} and exposed
        order by entered_on desc, id desc`,
  );
}

export type AttachmentRecord = {
  id: number;
  uuid: string;
  creator_name: string;
  created_on: string;
  description: string;
  file_name: string;
  doc_type: string;
  size: number;
  upload_id: number;
};

export function findAttachments(db: Db, disputeId: number): Promise<AttachmentRecord[]> {
  return queryRows<AttachmentRecord>(
    db,
    sql`select a.id, u.uuid, u.creator_name, ${ISO('a.created_at')} as created_on, u.description, u.file_name,
          u.doc_type, u.size::int as size, u.id as upload_id
        from dispute_attachments a join uploads u on u.id = a.upload_id
        where a.dispute_id = ${disputeId} order by a.created_at, a.id`,
  );
}

/** An attachment whose dispute belongs to a customer linked to the user. */
export async function findLinkedAttachment(
  db: Db,
  options: { tenantId: number; userId: number; id: number },
) {
  const [row] = await queryRows<{ upload_id: number }>(
    db,
    sql`select a.upload_id from dispute_attachments a join disputes d on d.id = a.dispute_id
        where a.id = ${options.id} and d.tenant_id = ${options.tenantId} and ${LINKED(options.userId)}`,
  );
  return row;
}

export function findReasonCodes(db: Db, tenantId: number) {
  return queryRows<{ code: string; description: string }>(
    db,
    sql`select code, description from dispute_reason_codes where tenant_id = ${tenantId} order by position, code`,
  );
}

/** How many disputes an invoice of the customer has (with a status code, or all for 'N'), and the only one when one. */
export async function countInvoiceDisputes(
  db: Db,
  options: { customerId: number; invNo: string; status: string },
) {
  const statusCondition = options.status === 'N' ? sql`` : sql`and d.status_code = ${options.status}`;
  const [row] = await queryRows<{ count: number; prob_no: number | null; tran_id: string | null }>(
    db,
    sql`select count(d.id)::int as count, min(d.prob_no) as prob_no, min(i.tran_id) as tran_id
        from invoices i left join disputes d on d.invoice_id = i.id ${statusCondition}
        where i.customer_id = ${options.customerId} and i.inv_no = ${options.invNo}
        having count(i.id) > 0`,
  );
  return row;
}

/**
 * The next probNo of a tenant. Taken under a lock on the tenant row so that two creations at
 * once never pick the same number (the unique constraint stays as the last guard).
 */
export async function nextProbNo(db: Db, tenantId: number): Promise<number> {
  await db.execute(sql`select id from tenants where id = ${tenantId} for update`);
  const [row] = await queryRows<{ next: number }>(
    db,
    sql`select coalesce(max(prob_no), 1000)::int + 1 as next from disputes where tenant_id = ${tenantId}`,
  );
  return row!.next;
}
