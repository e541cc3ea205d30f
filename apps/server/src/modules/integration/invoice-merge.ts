import type { TLedgerInvoice } from '@settle/shared/integration';
import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import { withoutIndexesAndForeignKeys } from '../../db/deferred-constraints';
import { copyInto, copyLine } from './ledger-copy';

/**
 * The invoice load as sets: valid rows are COPied, a chunk at a time, into two temporary staging
 * tables of the load's transaction (headers by their line in the body, and their lines), then
 * merged with a handful of statements whatever the size: an update of the invoices that differ,
 * an insert of the new ones, and the same for the lines. Unchanged rows are filtered out before
 * any write, so a re-load of the same file writes nothing.
 */
const HEADER_COLUMNS = [
  'line',
  'customer_id',
  'cust_no',
  'tran_id',
  'inv_no',
  'status',
  'invoice_date',
  'due_date',
  'currency_code',
  'amount',
  'balance',
  'po_number',
  'terms',
  'sales_rep',
  'ship_via',
  'ship_to',
  'description',
  'has_lines',
];
const LINE_COLUMNS = ['line', 'line_no', 'item', 'description', 'qty_ship', 'price', 'ext'];
/** Optional text fields: null in staging means "not sent, keep what is stored". */
const OPTIONAL = ['po_number', 'terms', 'sales_rep', 'ship_via', 'ship_to', 'description'];
const REQUIRED = ['inv_no', 'status', 'invoice_date', 'due_date'];

export type StagedInvoice = { line: number; customerId: number; row: TLedgerInvoice };
export type MergeRefusal = { line: number; key: string; reason: string };
export type MergeCounts = { inserted: number; updated: number; unchanged: number };
/**
 * When the new invoices of a load are at least `bulkFrom` and the table holds at most twice as
 * many rows already, the invoices' secondary indexes and the foreign keys of invoices and lines
 * are dropped for the insert and built again after it (measured on PostgreSQL 15 at 200,000
 * invoices: about 15 µs of CPU per row with the rebuild against 52 µs maintaining them row by
 * row; the rebuild costs the whole table, hence the ratio). The price is an ACCESS EXCLUSIVE lock
 * on both tables until the load commits: other sessions' grid reads wait for it.
 */
export type MergeOptions = { bulkFrom: number };
export const BULK_INSERT_FROM = 50_000;
const TABLE_ROWS_PER_NEW_ROW = 2;

export async function createInvoiceStaging(tx: Db) {
  await tx.execute(sql`create temp table ledger_stage_invoices (
      line int not null, customer_id int not null, cust_no text not null, tran_id text not null,
      inv_no text not null, status text not null, invoice_date date not null, due_date date not null,
      currency_code text not null, amount numeric not null, balance numeric not null,
      po_number text, terms text, sales_rep text, ship_via text, ship_to text, description text,
      has_lines boolean not null) on commit drop`);
  await tx.execute(sql`create temp table ledger_stage_lines (
      line int not null, line_no int not null, item text, description text,
      qty_ship numeric, price numeric, ext numeric) on commit drop`);
}

export async function stageInvoices(tx: Db, chunk: StagedInvoice[]) {
  const headers: string[] = [];
  const lines: string[] = [];
  for (const { line, customerId, row } of chunk) {
    headers.push(
      copyLine([
        line,
        customerId,
        row.custNo,
        row.tranId,
        row.invNo,
        row.status,
        row.invoiceDate,
        row.dueDate,
        row.currencyCode,
        row.amount,
        row.balance,
        row.poNumber,
        row.terms,
        row.salesRep,
        row.shipVia,
        row.shipTo,
        row.description,
        row.lines !== undefined,
      ]),
    );
    for (const item of row.lines ?? [])
      lines.push(
        copyLine([line, item.lineNo, item.item, item.description, item.qtyShip, item.price, item.ext]),
      );
  }
  await copyInto(tx, 'ledger_stage_invoices', HEADER_COLUMNS, headers);
  await copyInto(tx, 'ledger_stage_lines', LINE_COLUMNS, lines);
}

/**
 * Rows that can only be judged against the whole load or the stored ledger: a tranId sent twice
 * (the last one is loaded) and an invoice that belongs to another customer. They leave staging.
 */
export async function refuseConflicts(tx: Db, tenantId: number, listed: number) {
  await tx.execute(sql`create index on ledger_stage_invoices (tran_id)`);
  await tx.execute(sql`create index on ledger_stage_lines (line)`);
  await tx.execute(sql`analyze ledger_stage_invoices`);
  await tx.execute(sql`analyze ledger_stage_lines`);
  await tx.execute(sql`create temp table ledger_stage_refused on commit drop as
    select s.line, s.tran_id as key,
      'tranId ' || s.tran_id || ' is sent again on line ' || d.last_line || '; the last one is loaded' as reason
    from ledger_stage_invoices s
    join (select tran_id, max(line) as last_line from ledger_stage_invoices group by tran_id having count(*) > 1) d
      on d.tran_id = s.tran_id and s.line < d.last_line
    union all
    select s.line, s.tran_id, 'Invoice ' || s.tran_id || ' belongs to another customer'
    from ledger_stage_invoices s join invoices i on i.tenant_id = ${tenantId} and i.tran_id = s.tran_id
    where i.customer_id <> s.customer_id`);
  const [count] = await queryRows<{ count: number }>(
    tx,
    sql`select count(*)::int as count from ledger_stage_refused`,
  );
  if (!count?.count) return { count: 0, listed: [] as MergeRefusal[] };
  await tx.execute(
    sql`delete from ledger_stage_invoices s using ledger_stage_refused r where r.line = s.line`,
  );
  await tx.execute(sql`delete from ledger_stage_lines s using ledger_stage_refused r where r.line = s.line`);
  const rows = await queryRows<MergeRefusal>(
    tx,
    sql`select line, key, reason from ledger_stage_refused order by line limit ${listed}`,
  );
  return { count: count.count, listed: rows };
}

/**
 * A load that may take the large path waits here, before it reads the invoices table, for any
 * other such load to commit: two of them holding a read lock on the table and both asking for the
 * exclusive one to drop its indexes would deadlock.
 */
export async function serializeLargeLoads(tx: Db) {
  await tx.execute(sql`select pg_advisory_xact_lock(hashtext('settle.invoice-large-load'))`);
}

export async function mergeInvoices(
  tx: Db,
  tenantId: number,
  options: MergeOptions = { bulkFrom: BULK_INSERT_FROM },
): Promise<MergeCounts & { bulk: boolean }> {
  const raw = sql.raw;
  const given = (name: string) => (OPTIONAL.includes(name) ? `coalesce(s.${name}, i.${name})` : `s.${name}`);
  const compared = [...REQUIRED, ...OPTIONAL];
  // The joins of a million staged rows hash in memory instead of spilling in batches (default 4 MB).
  await tx.execute(sql`set local work_mem = '64MB'`);
  await tx.execute(
    sql`create temp table ledger_changed (id int primary key, inserted boolean not null) on commit drop`,
  );
  // 1. Invoices that differ from what is stored, and only those, are updated.
  await tx.execute(sql`with changed as (
      update invoices i set ${raw(compared.map((name) => `${name} = ${given(name)}`).join(', '))},
        tran_currency_code = s.currency_code, amount = s.amount, balance = s.balance,
        tran_bal = s.balance, tran_orig = s.amount
      from ledger_stage_invoices s
      where i.tenant_id = ${tenantId} and i.tran_id = s.tran_id
        and (${raw(compared.map((name) => `i.${name}`).join(', '))}, i.tran_currency_code, i.amount, i.balance, i.tran_bal, i.tran_orig)
          is distinct from
            (${raw(compared.map(given).join(', '))}, s.currency_code, s.amount, s.balance, s.balance, s.amount)
      returning i.id, i.status)
    , uncarted as (
      delete from payment_cart_lines where invoice_id in (select id from changed where status = 'C'))
    insert into ledger_changed select id, false from changed`);
  // 2. New invoices: set apart first, so that their number decides how the insert is made.
  await tx.execute(sql`create temp table ledger_stage_new on commit drop as
    select s.* from ledger_stage_invoices s
    where not exists (select 1 from invoices i where i.tenant_id = ${tenantId} and i.tran_id = s.tran_id)`);
  const [sizes] = await queryRows<{ added: number; stored: number }>(
    tx,
    sql`select (select count(*)::int from ledger_stage_new) as added,
      (select greatest(reltuples, 0)::float8 from pg_class where oid = 'invoices'::regclass) as stored`,
  );
  const bulk =
    (sizes?.added ?? 0) >= options.bulkFrom &&
    Number(sizes?.stored ?? 0) <= TABLE_ROWS_PER_NEW_ROW * (sizes?.added ?? 0);
  let restore: (() => Promise<void>) | undefined;
  if (bulk) {
    // Index builds sort in memory rather than on disk at a million rows (the default is 64 MB).
    await tx.execute(sql`set local maintenance_work_mem = '256MB'`);
    restore = await withoutIndexesAndForeignKeys(tx, ['invoices', 'invoice_line_items']);
  }
  // Ids in the file's order, whatever order the anti-join left them in: the grids break ties by id.
  // A concurrent load may have added the same tranId since: that row is left to it.
  await tx.execute(sql`with added as (
      insert into invoices (tenant_id, customer_id, cust_no, tran_id, tran_currency_code, amount, balance,
        tran_bal, tran_orig, ${raw(compared.join(', '))})
      select ${tenantId}, s.customer_id, s.cust_no, s.tran_id, s.currency_code, s.amount, s.balance,
        s.balance, s.amount, ${raw(compared.map((name) => (OPTIONAL.includes(name) ? `coalesce(s.${name}, '')` : `s.${name}`)).join(', '))}
      from ledger_stage_new s order by s.line
      on conflict (tenant_id, tran_id) do nothing
      returning id)
    insert into ledger_changed select id, true from added`);
  // 3. Lines, for the invoices sent with lines: upserted by number where they differ, the rest removed.
  await tx.execute(sql`create temp table ledger_stage_ids on commit drop as
    select s.line, i.id from ledger_stage_invoices s
    join invoices i on i.tenant_id = ${tenantId} and i.tran_id = s.tran_id where s.has_lines`);
  await tx.execute(sql`create index on ledger_stage_ids (line)`);
  await tx.execute(sql`analyze ledger_stage_ids`);
  // The lines of new invoices are plain inserts; those of stored invoices only where they differ.
  await tx.execute(sql`insert into invoice_line_items (invoice_id, line_no, item, description, qty_ship, price, ext)
      select ids.id, l.line_no, l.item, l.description, l.qty_ship, l.price, l.ext
      from ledger_stage_lines l join ledger_stage_ids ids on ids.line = l.line
      join ledger_changed c on c.id = ids.id and c.inserted`);
  await tx.execute(sql`with written as (
      insert into invoice_line_items (invoice_id, line_no, item, description, qty_ship, price, ext)
      select ids.id, l.line_no, l.item, l.description, l.qty_ship, l.price, l.ext
      from ledger_stage_lines l join ledger_stage_ids ids on ids.line = l.line
      where not exists (select 1 from ledger_changed c where c.id = ids.id and c.inserted)
        and not exists (select 1 from invoice_line_items li where li.invoice_id = ids.id and li.line_no = l.line_no
          and (li.item, li.description, li.qty_ship, li.price, li.ext)
            is not distinct from (l.item, l.description, l.qty_ship, l.price, l.ext))
      on conflict (invoice_id, line_no) do update set item = excluded.item, description = excluded.description,
        qty_ship = excluded.qty_ship, price = excluded.price, ext = excluded.ext
      returning invoice_id)
    insert into ledger_changed select distinct invoice_id, false from written on conflict (id) do nothing`);
  await tx.execute(sql`with removed as (
      delete from invoice_line_items li using ledger_stage_ids ids
      where li.invoice_id = ids.id
        and not exists (select 1 from ledger_changed c where c.id = ids.id and c.inserted)
        and not exists (select 1 from ledger_stage_lines l where l.line = ids.line and l.line_no = li.line_no)
      returning li.invoice_id)
    insert into ledger_changed select distinct invoice_id, false from removed on conflict (id) do nothing`);
  if (restore) {
    await restore();
    // The planner's statistics would otherwise describe the table before the load until autovacuum.
    await tx.execute(sql`analyze invoices`);
    await tx.execute(sql`analyze invoice_line_items`);
  }
  const [counts] = await queryRows<{ staged: number; inserted: number; updated: number }>(
    tx,
    sql`select (select count(*)::int from ledger_stage_invoices) as staged,
      count(*) filter (where inserted)::int as inserted, count(*) filter (where not inserted)::int as updated
      from ledger_changed`,
  );
  const { staged = 0, inserted = 0, updated = 0 } = counts ?? {};
  return { inserted, updated, unchanged: staged - inserted - updated, bulk };
}
