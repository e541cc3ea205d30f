import { Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { buildTenant } from '../../test/factories';
import { type SignedInCustomer, signedInCustomer } from '../../test/signed-in-customer';
import { createTestApp, type TestContext } from '../../test/test-app';
import { createLedgerLoadService } from './ledger-load.service';
import { ndjsonRows } from './ledger-rows';

/**
 * The large-load path (indexes and foreign keys dropped, then built again) against the small one:
 * the same invoices loaded for two customers, one through each path, must leave the same rows,
 * lines, totals and grid answers, and the indexes and keys as they were.
 */
let context: TestContext;
let small: SignedInCustomer;
let large: SignedInCustomer;
const COUNT = 240;

beforeAll(async () => {
  context = await createTestApp();
  const tenantId = (await buildTenant(context.database.db, { isDefault: true })).id;
  small = await signedInCustomer(context, tenantId);
  large = await signedInCustomer(context, tenantId);
});
afterAll(() => context.close());

function invoiceRows(custNo: string, from: number, count: number, balanceOf = (k: number) => k) {
  return Array.from({ length: count }, (_, offset) => {
    const k = from + offset;
    const closed = k % 5 === 0;
    const amount = (k * 37) % 900;
    return {
      custNo,
      invNo: `INV-${String(k).padStart(4, '0')}`,
      tranId: `${custNo}-T-${k}`,
      status: closed ? 'C' : 'O',
      invoiceDate: `2026-09-${String(1 + (k % 28)).padStart(2, '0')}`,
      dueDate: `2026-10-${String(1 + (k % 28)).padStart(2, '0')}`,
      currencyCode: 'USD',
      amount: `${amount + 30}.00`,
      balance: closed ? '0.00' : `${amount + 30 - (balanceOf(k) % 20)}.00`,
      poNumber: `PO-${k % 7}`,
      terms: k % 2 ? 'Net 30' : 'Net 60',
      lines: [1, 2, 3].map((lineNo) => ({
        lineNo,
        item: `I${lineNo}`,
        description: `Item ${lineNo} of ${k}`,
        qtyShip: String(lineNo),
        price: '10',
        ext: lineNo === 3 ? `${amount}.00` : `${lineNo * 10}.00`,
      })),
    };
  });
}

async function load(bulkFrom: number, rows: unknown[], tenantId: number) {
  const body = rows.map((row) => JSON.stringify(row)).join('\n');
  return createLedgerLoadService(context.database.db, { bulkFrom }).load({
    tenantId,
    kind: 'invoices',
    rows: ndjsonRows(Readable.from([body])),
    atomic: false,
  });
}

/** Each index and foreign key of invoices and their lines: name, definition and identity (rebuilt = new oid). */
async function structure() {
  return queryRows<{ name: string; definition: string; oid: number }>(
    context.database.db,
    sql`select c.relname as name, pg_get_indexdef(i.indexrelid) as definition, i.indexrelid::int as oid
        from pg_index i join pg_class c on c.oid = i.indexrelid
        where i.indrelid in ('invoices'::regclass, 'invoice_line_items'::regclass)
        union all
        select conname, pg_get_constraintdef(oid) || case when convalidated then '' else ' NOT VALID' end, oid::int
        from pg_constraint where contype = 'f' and conrelid in ('invoices'::regclass, 'invoice_line_items'::regclass)
        order by name`,
  );
}

async function storedLedger(customerId: number) {
  const { db } = context.database;
  const invoices = await queryRows(
    db,
    sql`select substr(tran_id, length(cust_no) + 2) as tran_id, inv_no, status, invoice_date::text, due_date::text, tran_currency_code, amount, balance,
          tran_bal, tran_orig, po_number, terms, dispute_amount, paid_amount
        from invoices where customer_id = ${customerId} order by tran_id`,
  );
  const lines = await queryRows(
    db,
    sql`select substr(i.tran_id, length(i.cust_no) + 2) as tran_id, l.line_no, l.item, l.description, l.qty_ship, l.price, l.ext
        from invoice_line_items l join invoices i on i.id = l.invoice_id
        where i.customer_id = ${customerId} order by i.tran_id, l.line_no`,
  );
  const totals = await queryRows(
    db,
    sql`select currency_code, status, count::int, amount, balance, dispute_amount, paid_amount
        from invoice_totals where customer_id = ${customerId} order by currency_code, status`,
  );
  const recomputed = await queryRows(
    db,
    sql`select tran_currency_code as currency_code, status, count(*)::int as count, sum(amount)::numeric(20, 2) as amount,
          sum(balance)::numeric(20, 2) as balance, sum(dispute_amount)::numeric(20, 2) as dispute_amount,
          sum(paid_amount)::numeric(20, 2) as paid_amount
        from invoices where customer_id = ${customerId} group by 1, 2 order by 1, 2`,
  );
  return { invoices, lines, totals, recomputed };
}

/** Grid answers without what names the customer or the row (ids, numbers, cursors): those differ by construction. */
async function gridAnswers(customer: SignedInCustomer) {
  const queries = [
    'status=O&sort=amount&dir=desc&pageSize=50',
    'status=O&sort=dueDate&dir=asc&pageSize=50&page=2',
    'status=C&sort=invNo&dir=asc&pageSize=50',
    `status=O&pageSize=50&filter=${encodeURIComponent("substringof('PO-3',poNumber) and amount ge 100")}`,
    `status=O&pageSize=50&filter=${encodeURIComponent("startswith(invNo,'INV-01') and terms eq 'Net 30'")}`,
  ];
  const answers = [];
  for (const query of queries) {
    const response = await customer.client.get(`/invoices?custNo=${customer.customer.custNo}&${query}`);
    expect(response.statusCode, response.body).toBe(200);
    const { rows, totals, total } = response.json();
    answers.push({
      total,
      totals,
      rows: rows.map(
        ({
          id: _id,
          accountName: _accountName,
          custNo,
          tranId,
          ...row
        }: {
          id: number;
          accountName: string;
          custNo: string;
          tranId: string;
        }) => ({
          ...row,
          tranId: tranId.slice(custNo.length + 1),
        }),
      ),
    });
  }
  return answers;
}

describe('a large invoice load', () => {
  it('builds the indexes and keys again and leaves the same rows, lines, totals and grid answers as the small path', async () => {
    const before = await structure();
    const smallReport = await load(
      Number.POSITIVE_INFINITY,
      invoiceRows(small.customer.custNo, 1, COUNT),
      small.customer.tenantId,
    );
    expect(smallReport).toMatchObject({ inserted: COUNT, updated: 0, refused: 0 });
    expect((await structure()).map((row) => row.oid)).toEqual(before.map((row) => row.oid));

    const largeReport = await load(
      100,
      invoiceRows(large.customer.custNo, 1, COUNT),
      large.customer.tenantId,
    );
    expect(largeReport).toMatchObject({ inserted: COUNT, updated: 0, refused: 0 });
    const after = await structure();
    // Every index and key is back, as defined, valid, and new (so the large path was taken).
    expect(after.map(({ name, definition }) => ({ name, definition }))).toEqual(
      before.map(({ name, definition }) => ({ name, definition })),
    );
    const rebuilt = after.filter((row, index) => row.oid !== before[index]!.oid).map((row) => row.name);
    expect(rebuilt).toEqual(
      expect.arrayContaining([
        'invoices_grid',
        'invoices_trgm_po_number',
        'invoice_line_items_invoice_id_invoices_id_fk',
        'invoices_customer_id_customers_id_fk',
      ]),
    );
    expect(rebuilt).not.toContain('invoices_tenant_tran_id');

    const smallLedger = await storedLedger(small.customer.id);
    const largeLedger = await storedLedger(large.customer.id);
    expect(largeLedger).toEqual(smallLedger);
    expect(largeLedger.invoices).toHaveLength(COUNT);
    expect(largeLedger.lines).toHaveLength(3 * COUNT);
    expect(largeLedger.totals).toEqual(largeLedger.recomputed);
    expect(await gridAnswers(large)).toEqual(await gridAnswers(small));
  });

  it('writes nothing on an unchanged re-load of the same size', async () => {
    const before = await structure();
    const versions = () =>
      queryRows<{ xmin: string }>(
        context.database.db,
        sql`select i.xmin::text || '/' || string_agg(l.xmin::text, ',' order by l.line_no) as xmin
            from invoices i join invoice_line_items l on l.invoice_id = i.id
            where i.customer_id = ${large.customer.id} group by i.id order by i.id`,
      );
    const stored = await versions();
    const report = await load(100, invoiceRows(large.customer.custNo, 1, COUNT), large.customer.tenantId);
    expect(report).toMatchObject({ received: COUNT, inserted: 0, updated: 0, unchanged: COUNT, refused: 0 });
    expect(await versions()).toEqual(stored);
    expect(await structure()).toEqual(before);
  });

  it('updates and inserts in one large load with the totals exact', async () => {
    // Ten stored invoices change their balance; 300 are new: enough for the large path.
    const rows = (custNo: string) => [
      ...invoiceRows(custNo, 1, 10, (k) => k + 3),
      ...invoiceRows(custNo, COUNT + 1, 300),
    ];
    const changed = invoiceRows(large.customer.custNo, 1, 10).filter((row) => row.status === 'O').length;
    const before = await structure();
    expect(await load(100, rows(large.customer.custNo), large.customer.tenantId)).toMatchObject({
      inserted: 300,
      updated: changed,
      refused: 0,
    });
    expect((await structure()).map((row) => row.oid)).not.toEqual(before.map((row) => row.oid));
    expect(
      await load(Number.POSITIVE_INFINITY, rows(small.customer.custNo), small.customer.tenantId),
    ).toMatchObject({ inserted: 300, updated: changed, refused: 0 });
    const largeLedger = await storedLedger(large.customer.id);
    expect(largeLedger.invoices).toHaveLength(COUNT + 300);
    expect(largeLedger.totals).toEqual(largeLedger.recomputed);
    expect(largeLedger).toEqual(await storedLedger(small.customer.id));
    expect(await gridAnswers(large)).toEqual(await gridAnswers(small));
  });
});
