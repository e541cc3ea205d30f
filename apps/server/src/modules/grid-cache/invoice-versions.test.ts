import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type DatabaseHandle, type Db, queryRows } from '../../db/client';
import { buildCustomer, buildInvoice, buildReasonCodes, buildTenant } from '../../test/factories';
import { openTestDatabase } from '../../test/test-database';

// invoice_versions (migration 0025): a new number per group of invoices at the commit of every
// transaction that wrote to it, whoever wrote, taken at commit so that no writer holds the group's
// row while it waits on anything else.

let database: DatabaseHandle;
let db: Db;
let customer: { id: number; tenantId: number; custNo: string };

const versionsOf = async (customerId: number) =>
  Object.fromEntries(
    (
      await queryRows<{ group: string; version: string }>(
        db,
        sql`select currency_code || '/' || status as group, version::text from invoice_versions
            where customer_id = ${customerId}`,
      )
    ).map((row) => [row.group, BigInt(row.version)]),
  );

const dataVersionOf = async (customerId: number) =>
  BigInt(
    (
      await queryRows<{ version: string }>(
        db,
        sql`select data_version::text as version from invoice_versions
            where customer_id = ${customerId} and currency_code = 'USD' and status = 'O'`,
      )
    )[0]!.version,
  );

const pendingBumps = async () =>
  (await queryRows<{ count: number }>(db, sql`select count(*)::int as count from invoice_version_bumps`))[0]!
    .count;

beforeAll(async () => {
  database = await openTestDatabase();
  db = database.db;
  const tenant = await buildTenant(db);
  customer = await buildCustomer(db, tenant.id);
  await buildInvoice(db, customer, { invNo: 'V-1' });
  await buildInvoice(db, customer, { invNo: 'V-2' });
});
afterAll(() => database.close());

describe('invoice versions', () => {
  it('gives a group a new, larger number at every committed write, and leaves nothing pending', async () => {
    const before = await versionsOf(customer.id);
    expect(before['USD/O']).toEqual(expect.any(BigInt));
    // A write that moves no sum (a promise) counts as much as one that does.
    await db.execute(
      sql`update invoices set promise = true where customer_id = ${customer.id} and inv_no = 'V-1'`,
    );
    const promised = await versionsOf(customer.id);
    expect(promised['USD/O']! > before['USD/O']!).toBe(true);
    // Several statements in one transaction: one new number at its commit.
    await db.transaction(async (tx) => {
      await tx.execute(sql`update invoices set po_number = 'A' where customer_id = ${customer.id}`);
      await tx.execute(sql`update invoices set po_number = 'B' where customer_id = ${customer.id}`);
      // Not yet: the number changes at commit.
      const [during] = await queryRows<{ version: string }>(
        tx,
        sql`select version::text from invoice_versions
            where customer_id = ${customer.id} and currency_code = 'USD' and status = 'O'`,
      );
      expect(BigInt(during!.version)).toBe(promised['USD/O']);
    });
    const written = await versionsOf(customer.id);
    expect(written['USD/O']! > promised['USD/O']!).toBe(true);
    expect(await pendingBumps()).toBe(0);
  });

  it('numbers both groups of an invoice that moves, and a new group', async () => {
    const before = await versionsOf(customer.id);
    await db.execute(
      sql`update invoices set status = 'C' where customer_id = ${customer.id} and inv_no = 'V-2'`,
    );
    const after = await versionsOf(customer.id);
    expect(after['USD/O']! > before['USD/O']!).toBe(true);
    expect(after['USD/C']).toEqual(expect.any(BigInt));
    await db.execute(sql`delete from invoices where customer_id = ${customer.id} and inv_no = 'V-2'`);
    expect((await versionsOf(customer.id))['USD/C']! > after['USD/C']!).toBe(true);
  });

  it('gives a new data number only when more than the payment and promise marks changed', async () => {
    const before = { all: (await versionsOf(customer.id))['USD/O']!, data: await dataVersionOf(customer.id) };
    await db.execute(sql`
      update invoices set promise = true, promised_amount = balance, next_followup_date = current_date + 3,
        payment_pending = true, payment_pending_amount = 1
      where customer_id = ${customer.id} and inv_no = 'V-1'`);
    const marked = { all: (await versionsOf(customer.id))['USD/O']!, data: await dataVersionOf(customer.id) };
    expect(marked.all > before.all).toBe(true);
    expect(marked.data).toBe(before.data);
    // Marks and data in one transaction: data.
    await db.transaction(async (tx) => {
      await tx.execute(
        sql`update invoices set promise = false where customer_id = ${customer.id} and inv_no = 'V-1'`,
      );
      await tx.execute(
        sql`update invoices set balance = balance - 1 where customer_id = ${customer.id} and inv_no = 'V-1'`,
      );
    });
    expect((await dataVersionOf(customer.id)) > marked.data).toBe(true);
  });

  it('keeps the number of a write rolled back', async () => {
    const before = await versionsOf(customer.id);
    await expect(
      db.transaction(async (tx) => {
        await tx.execute(sql`update invoices set po_number = 'X' where customer_id = ${customer.id}`);
        throw new Error('rolled back');
      }),
    ).rejects.toThrow('rolled back');
    expect(await versionsOf(customer.id)).toEqual(before);
    expect(await pendingBumps()).toBe(0);
  });
});

describe('a table emptied whole (TRUNCATE)', () => {
  const groupVersion = async (status: string) =>
    BigInt(
      (
        await queryRows<{ version: string }>(
          db,
          sql`select version::text from invoice_versions
              where customer_id = ${customer.id} and currency_code = 'USD' and status = ${status}`,
        )
      )[0]!.version,
    );
  const reasonsVersion = async (tenantId: number) =>
    BigInt(
      (
        await queryRows<{ version: string }>(
          db,
          sql`select version::text from dispute_reason_versions where tenant_id = ${tenantId}`,
        )
      )[0]!.version,
    );

  it("renews every tenant's reasons number, and every group of the disputes or payments it held", async () => {
    const other = await buildTenant(db);
    await buildReasonCodes(db, customer.tenantId);
    await buildReasonCodes(db, other.id);
    const reasonsBefore = [await reasonsVersion(customer.tenantId), await reasonsVersion(other.id)];
    await db.execute(sql`truncate dispute_reason_codes cascade`);
    const reasonsAfter = [await reasonsVersion(customer.tenantId), await reasonsVersion(other.id)];
    expect(reasonsAfter[0]! > reasonsBefore[0]!).toBe(true);
    expect(reasonsAfter[1]! > reasonsBefore[1]!).toBe(true);

    // The groups the other grids read (migration 0029), as the first dispute and payment made them.
    await db.execute(sql`
      insert into invoice_versions (customer_id, currency_code, status, version, data_version)
      select ${customer.id}, 'USD', kind, nextval('invoice_versions_seq'), nextval('invoice_versions_seq')
      from (values ('disputes'), ('payments')) as kinds(kind)
      on conflict do nothing`);
    // A parent's TRUNCATE … CASCADE empties its child too, whose own trigger would renew the group
    // as well: the child's is switched off for the parent's step, so each step proves its table's.
    for (const [table, group, child] of [
      ['dispute_notes', 'disputes', null],
      ['disputes', 'disputes', 'dispute_notes'],
      ['payment_lines', 'payments', null],
      ['payments', 'payments', 'payment_lines'],
    ] as const) {
      const before = { emptied: await groupVersion(group), invoices: await groupVersion('O') };
      if (child) await db.execute(sql.raw(`alter table ${child} disable trigger grid_versions_truncate`));
      try {
        await db.execute(sql.raw(`truncate ${table} cascade`));
      } finally {
        if (child) await db.execute(sql.raw(`alter table ${child} enable trigger grid_versions_truncate`));
      }
      expect((await groupVersion(group)) > before.emptied, table).toBe(true);
      expect(await groupVersion('O'), table).toBe(before.invoices);
    }
  });
});

describe.skipIf(!process.env.DATABASE_URL)('invoice versions under concurrent writers (PostgreSQL)', () => {
  it('lets two writers of one group that wait on each other for another row both commit', async () => {
    // The shape of a payment start (its invoice, then the day's payment totals) against a
    // settlement (the day's totals, then its invoice): had the group's row been locked by the first
    // statement, each would wait on the other until the deadlock detector ended one.
    const other = await buildCustomer(db, customer.tenantId);
    await buildInvoice(db, customer, { invNo: 'V-3' });
    const before = await versionsOf(customer.id);
    let firstWrote!: () => void;
    const firstHasWritten = new Promise<void>((resolve) => {
      firstWrote = resolve;
    });
    let secondLocked!: () => void;
    const secondHasLocked = new Promise<void>((resolve) => {
      secondLocked = resolve;
    });
    const first = db.transaction(async (tx) => {
      await tx.execute(
        sql`update invoices set payment_pending_amount = 1 where customer_id = ${customer.id} and inv_no = 'V-1'`,
      );
      firstWrote();
      await secondHasLocked;
      // Waits until the second commits.
      await tx.execute(sql`select id from customers where id = ${other.id} for update`);
    });
    const second = db.transaction(async (tx) => {
      await firstHasWritten;
      await tx.execute(sql`select id from customers where id = ${other.id} for update`);
      secondLocked();
      // Give the first time to queue behind this transaction's lock.
      await new Promise((resolve) => setTimeout(resolve, 200));
      await tx.execute(
        sql`update invoices set promise = true where customer_id = ${customer.id} and inv_no = 'V-3'`,
      );
    });
    await Promise.all([first, second]);
    const after = await versionsOf(customer.id);
    expect(after['USD/O']! >= before['USD/O']! + 2n).toBe(true);
    expect(await pendingBumps()).toBe(0);
  });
});
