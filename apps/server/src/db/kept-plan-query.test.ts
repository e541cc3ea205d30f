import { randomBytes } from 'node:crypto';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSessionReader, insertSession } from '../modules/auth/session.repository';
import { findInvoicePage, type InvoicePageOptions } from '../modules/invoices/invoices.repository';
import { buildCustomer, buildInvoice, buildTenant, buildUser } from '../test/factories';
import { openTestDatabase } from '../test/test-database';
import { type DatabaseHandle, type Db, queryRows } from './client';
import { MAX_KEPT_PLAN_STATEMENTS, queryRowsWithKeptPlan } from './kept-plan-query';

// Statements PostgreSQL plans once and keeps (issue 15: planning was the larger half of a computed
// grid page's time in the database). Each PostgreSQL case runs in one transaction, so on one
// connection, whose named statements and plan counts pg_prepared_statements shows.

let database: DatabaseHandle;
let db: Db;
let tenantId: number;
let customerId: number;
let userId: number;

beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
  const tenant = await buildTenant(db);
  tenantId = tenant.id;
  const customer = await buildCustomer(db, tenant.id, { currencies: ['USD'] });
  customerId = customer.id;
  for (const n of [3, 1, 2]) {
    await buildInvoice(db, customer, { invNo: `INV-K${n}`, dueDate: `2026-0${n}-15` });
  }
  userId = (await buildUser(db, tenant.id, { customers: [{ id: customer.id }] })).id;
});
afterAll(() => database.close());

const firstPage = (): InvoicePageOptions => ({
  scope: { customerId, currencyCode: 'USD', status: 'O', userId },
  sort: 'dueDate',
  dir: 'asc',
  limit: 50,
  offset: 0,
});

type PreparedStatement = { name: string; statement: string; generic_plans: string; custom_plans: string };
const preparedStatements = (tx: Db) =>
  queryRows<PreparedStatement>(
    tx,
    sql`select name, statement, generic_plans::text, custom_plans::text from pg_prepared_statements order by name`,
  );

describe('statements that keep their plan', () => {
  it('answers a first page with the rows of its scope, in order, on either engine', async () => {
    const rows = await findInvoicePage(db, firstPage());
    expect(rows.map((row) => row.inv_no)).toEqual(['INV-K1', 'INV-K2', 'INV-K3']);
    const rows2 = await findInvoicePage(db, { ...firstPage(), dir: 'desc', limit: 2 });
    expect(rows2.map((row) => row.inv_no)).toEqual(['INV-K3', 'INV-K2']);
  });
});

describe.skipIf(!process.env.DATABASE_URL)('statements that keep their plan (PostgreSQL)', () => {
  it('runs a first page as one named statement, which PostgreSQL plans once after five calls', async () => {
    await db.transaction(async (tx) => {
      for (let call = 0; call < 8; call++) {
        const rows = await findInvoicePage(tx, firstPage());
        expect(rows.map((row) => row.inv_no)).toEqual(['INV-K1', 'INV-K2', 'INV-K3']);
      }
      const keptNames = async () =>
        (await preparedStatements(tx)).filter((row) => row.name.startsWith('kept_')).map((row) => row.name);
      const kept = (await preparedStatements(tx)).filter(
        (row) =>
          row.name.startsWith('kept_') &&
          /limit 50\)/.test(row.statement) &&
          /due_date asc/.test(row.statement),
      );
      expect(kept).toHaveLength(1);
      expect(kept[0]!.statement).toMatch(/^with page as/);
      expect(Number(kept[0]!.generic_plans)).toBeGreaterThanOrEqual(3);
      // A filtered page, whose text varies without bound, is planned at each call and kept by no name.
      const before = await keptNames();
      await findInvoicePage(tx, { ...firstPage(), filter: sql`i.amount > 0` });
      await findInvoicePage(tx, { ...firstPage(), offset: 1 });
      expect(await keptNames()).toEqual(before);
    });
  });

  it("plans a single session's read once, as every API call's first statement", async () => {
    const tokenHash = randomBytes(32).toString('hex');
    await insertSession(db, {
      tokenHash,
      publicId: randomBytes(8).toString('hex'),
      tenantId,
      userId,
      csrfToken: 'csrf',
      absoluteExpiresAt: new Date(Date.now() + 3_600_000),
    });
    await db.transaction(async (tx) => {
      const read = createSessionReader(tx);
      for (let call = 0; call < 8; call++) {
        expect((await read(tokenHash))?.user.id).toBe(userId);
      }
      const [statement] = (await preparedStatements(tx)).filter((row) => row.name === 'read_session');
      expect(Number(statement?.generic_plans)).toBeGreaterThanOrEqual(3);
    });
  });

  it(`names at most ${MAX_KEPT_PLAN_STATEMENTS} texts, and runs the others unnamed`, async () => {
    await db.transaction(async (tx) => {
      const before = (await preparedStatements(tx)).filter((row) => row.name.startsWith('kept_')).length;
      for (let n = 0; n < MAX_KEPT_PLAN_STATEMENTS + 20; n++) {
        const [row] = await queryRowsWithKeptPlan<{ n: number }>(
          tx,
          sql`select ${n}::int as n, ${sql.raw(String(n))} as m`,
        );
        expect(row).toEqual({ n, m: n });
      }
      const kept = (await preparedStatements(tx)).filter((row) => row.name.startsWith('kept_')).length;
      expect(kept - before).toBeLessThanOrEqual(MAX_KEPT_PLAN_STATEMENTS);
      expect(kept - before).toBeGreaterThan(MAX_KEPT_PLAN_STATEMENTS - 20);
    });
  });
});

describe.skipIf(process.env.DATABASE_URL)('statements that keep their plan (PGlite)', () => {
  it('runs a first page as one named statement outside a transaction, which PGlite plans once after five calls', async () => {
    const keptNames = async () =>
      (await preparedStatements(db)).filter((row) => row.name.startsWith('kept_')).map((row) => row.name);
    const before = await keptNames();
    for (let call = 0; call < 8; call++) {
      const rows = await findInvoicePage(db, { ...firstPage(), limit: 25 });
      expect(rows.map((row) => row.inv_no)).toEqual(['INV-K1', 'INV-K2', 'INV-K3']);
    }
    const kept = (await preparedStatements(db)).filter(
      (row) => row.name.startsWith('kept_') && /limit 25\)/.test(row.statement),
    );
    expect(kept).toHaveLength(1);
    expect(Number(kept[0]!.generic_plans)).toBeGreaterThanOrEqual(3);
    // Filtered and offset pages, and a kept statement inside a transaction, add no name.
    await findInvoicePage(db, { ...firstPage(), limit: 25, filter: sql`i.amount > 0` });
    await findInvoicePage(db, { ...firstPage(), limit: 25, offset: 1 });
    await db.transaction(async (tx) => {
      const rows = await findInvoicePage(tx, { ...firstPage(), limit: 10 });
      expect(rows).toHaveLength(3);
    });
    expect(await keptNames()).toEqual([...before, kept[0]!.name].sort());
  });
});
