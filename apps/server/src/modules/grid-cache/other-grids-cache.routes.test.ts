import { Privilege } from '@settle/shared/privileges';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { disputes } from '../../db/schema/disputes';
import {
  buildCustomer,
  buildInvoice,
  buildReasonCodes,
  buildTenant,
  buildUser,
  TEST_PASSWORD,
} from '../../test/factories';
import { countStatements } from '../../test/statement-count';
import { createTestApp, TestClient, type TestContext } from '../../test/test-app';
import { buildPayment } from '../payment-logs/payment-log-factories';

// The dispute and payment-log grids keep their answers as the invoice grid does (response-cache.ts),
// under the versions migration 0029 keeps of what their rows show. Each case changes that by
// another path than the grid (SQL, as an operator or another process would) and asks the same
// address again: without the triggers, or with a validator that left a part out, the kept answer
// would come back and the case would fail.

let context: TestContext;
let client: TestClient;
let customer: Awaited<ReturnType<typeof buildCustomer>>;
let userId = 0;
let invoiceId = 0;
let probNo = 7000;

type DisputePage = {
  total: number | null;
  rows: Array<{
    probNo: number;
    originalAmount: string | null;
    tranId: string | null;
    disputedAmount: string | null;
    reasonDisplay: string;
    statusCode: string;
    disputeNoteList: unknown;
  }>;
};
type PaymentLogPage = {
  total: number;
  rows: Array<{ paymentLogId: number; status: string; invoiceCount: number }>;
};

const disputesUrl = () => `/disputes?custNo=${customer.custNo}&currencyCode=USD&sort=probNo&dir=asc`;
const paymentLogsUrl = () =>
  `/payment/logs?custNo=${customer.custNo}&currencyCode=USD&sort=createdAt&dir=asc`;

async function page<T>(url: string): Promise<T> {
  const response = await client.get(url);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

/** The session statement of a kept answer: one on PostgreSQL, none on PGlite (db/client.ts). */
const sessionStatements = () => (context.database.writeGeneration ? 0 : 1);

/** Asked until kept (a call may refresh the session's last-seen time, a write), then once more, counted. */
async function askKept<T>(url: string): Promise<{ statements: number; kept: T; again: T }> {
  await page<T>(url);
  const kept = await page<T>(url);
  const { statements, answer } = await countStatements(context.database, () => page<T>(url));
  return { statements, kept, again: answer };
}

async function addDispute(values: { invoiceId?: number; amount: string }) {
  const [row] = await context.database.db
    .insert(disputes)
    .values({
      tenantId: customer.tenantId,
      customerId: customer.id,
      probNo: ++probNo,
      invoiceId: values.invoiceId ?? null,
      custDispute: values.invoiceId === undefined,
      currencyCode: 'USD',
      style: 'other',
      disputedAmount: values.amount,
      reasonCode: 'PRICE',
      createdByName: 'Pat',
    })
    .returning();
  return row!;
}

beforeAll(async () => {
  // The validators change with the quarter hour: a clock that stands still keeps a case that
  // counts a kept answer's statements from meeting one's end between its calls.
  const startedAt = new Date();
  context = await createTestApp({}, undefined, { services: { clock: { now: () => startedAt } } });
  const { db } = context.database;
  const tenant = await buildTenant(db, { isDefault: true });
  await buildReasonCodes(db, tenant.id);
  customer = await buildCustomer(db, tenant.id, { company: 'Kept Co', currencies: ['USD'] });
  const invoice = await buildInvoice(db, customer, { invNo: 'INV-K1', tranId: 'T-K1', amount: '100.00' });
  invoiceId = invoice.id;
  await addDispute({ invoiceId, amount: '40.00' });
  await addDispute({ amount: '15.00' });
  for (let n = 0; n < 3; n++) {
    await buildPayment(db, customer, { createdAt: new Date(Date.now() - (n + 1) * 3_600_000) });
  }
  const user = await buildUser(db, tenant.id, { customers: [{ id: customer.id }] });
  userId = user.id;
  client = new TestClient(context);
  await client.signIn(user.loginName, TEST_PASSWORD);
});
afterAll(() => context.close());

describe('the dispute grid answer cache', () => {
  it('answers the same page again from what it kept, with the session statement alone (none on PGlite)', async () => {
    const { statements, kept, again } = await askKept<DisputePage>(disputesUrl());
    expect(statements).toBe(sessionStatements());
    expect(again).toEqual(kept);
    expect(kept.rows.map((row) => row.disputedAmount)).toEqual(['40.00', '15.00']);
  });

  it('shows a dispute written in SQL on the next call', async () => {
    const before = await askKept<DisputePage>(disputesUrl());
    const added = await addDispute({ amount: '7.00' });
    const after = await page<DisputePage>(disputesUrl());
    expect(after.total).toBe(before.kept.total! + 1);
    expect(after.rows.at(-1)!.probNo).toBe(added.probNo);
  });

  it("shows a dispute's new status, a new exposed note and its reason's new description", async () => {
    const first = (await askKept<DisputePage>(disputesUrl())).kept.rows[0]!;
    expect(first.reasonDisplay).toBe('Price difference');
    const { db } = context.database;
    await db.execute(
      sql`update disputes set status_code = 'A' where prob_no = ${first.probNo} and customer_id = ${customer.id}`,
    );
    expect((await page<DisputePage>(disputesUrl())).rows[0]!.statusCode).toBe('A');

    await page<DisputePage>(disputesUrl());
    await db.execute(sql`insert into dispute_notes (dispute_id, note, exposed, entered_by)
      select id, 'Credit due', true, 'Collector' from disputes
      where prob_no = ${first.probNo} and customer_id = ${customer.id}`);
    expect(JSON.stringify((await page<DisputePage>(disputesUrl())).rows[0]!.disputeNoteList)).toContain(
      'Credit due',
    );

    await page<DisputePage>(disputesUrl());
    await db.execute(
      sql`update dispute_reason_codes set description = 'Price agreed differs' where tenant_id = ${customer.tenantId} and code = 'PRICE'`,
    );
    expect((await page<DisputePage>(disputesUrl())).rows[0]!.reasonDisplay).toBe('Price agreed differs');
  });

  it("keeps the tenant's reason version when a load sends the same reason descriptions again", async () => {
    const { db } = context.database;
    const version = async () =>
      (
        await queryRows<{ version: string }>(
          db,
          sql`select version::text from dispute_reason_versions where tenant_id = ${customer.tenantId}`,
        )
      )[0]!.version;
    const before = await version();
    await db.execute(
      sql`update dispute_reason_codes set position = position + 10 where tenant_id = ${customer.tenantId}`,
    );
    expect(await version()).toBe(before);
    await db.execute(
      sql`update dispute_reason_codes set description = description || '.' where tenant_id = ${customer.tenantId} and code = 'PRICE'`,
    );
    expect(BigInt(await version()) > BigInt(before)).toBe(true);
  });

  it("shows the disputed invoice's new amount and transaction on the next call", async () => {
    const kept = (await askKept<DisputePage>(disputesUrl())).kept.rows[0]!;
    expect([kept.originalAmount, kept.tranId]).toEqual(['100.00', 'T-K1']);
    const { db } = context.database;
    // The amount is copied onto the dispute (migration 0022), which bumps the dispute group.
    await db.execute(sql`update invoices set amount = 120 where id = ${invoiceId}`);
    expect((await page<DisputePage>(disputesUrl())).rows[0]!.originalAmount).toBe('120.00');
    // The transaction is read from the invoice: the validator's invoice data versions see it.
    await page<DisputePage>(disputesUrl());
    await db.execute(sql`update invoices set tran_id = 'T-K2' where id = ${invoiceId}`);
    expect((await page<DisputePage>(disputesUrl())).rows[0]!.tranId).toBe('T-K2');
  });

  it('hides the disputed amounts once the user may no longer see them', async () => {
    expect((await askKept<DisputePage>(disputesUrl())).kept.rows[0]!.disputedAmount).toBe('40.00');
    await context.database.db.execute(
      sql`delete from user_roles where user_id = ${userId} and role = ${Privilege.ALLOW_PROB_VIEW}`,
    );
    try {
      expect((await page<DisputePage>(disputesUrl())).rows[0]!.disputedAmount).toBeNull();
    } finally {
      await context.database.db.execute(
        sql`insert into user_roles (user_id, role) values (${userId}, ${Privilege.ALLOW_PROB_VIEW})`,
      );
    }
    expect((await page<DisputePage>(disputesUrl())).rows[0]!.disputedAmount).toBe('40.00');
  });
});

describe.skipIf(!process.env.DATABASE_URL)('the dispute grid beside concurrent writers (PostgreSQL)', () => {
  it("shows a reason's new description to a customer whose first dispute was committed while it changed", async () => {
    // The change cannot see a dispute committed after it began: had it renewed only the groups of
    // the disputes it found, this customer's page, kept in between, would keep the old description.
    const { db } = context.database;
    const newcomer = await buildCustomer(db, customer.tenantId, {
      company: 'Newcomer Co',
      currencies: ['USD'],
    });
    const user = await buildUser(db, customer.tenantId, { customers: [{ id: newcomer.id }] });
    const newcomerClient = new TestClient(context);
    await newcomerClient.signIn(user.loginName, TEST_PASSWORD);
    const url = `/disputes?custNo=${newcomer.custNo}&currencyCode=USD&sort=probNo&dir=asc`;
    const reasonsOf = async () => {
      const response = await newcomerClient.get(url);
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as DisputePage).rows.map((row) => row.reasonDisplay);
    };
    const before = (
      await queryRows<{ description: string }>(
        db,
        sql`select description from dispute_reason_codes where tenant_id = ${customer.tenantId} and code = 'PRICE'`,
      )
    )[0]!.description;

    let changeWritten!: () => void;
    const written = new Promise<void>((resolve) => {
      changeWritten = resolve;
    });
    let commitChange!: () => void;
    const mayCommit = new Promise<void>((resolve) => {
      commitChange = resolve;
    });
    const change = db.transaction(async (tx) => {
      await tx.execute(
        sql`update dispute_reason_codes set description = 'Price not as quoted' where tenant_id = ${customer.tenantId} and code = 'PRICE'`,
      );
      changeWritten();
      await mayCommit;
    });
    try {
      await written;
      await db.insert(disputes).values({
        tenantId: customer.tenantId,
        customerId: newcomer.id,
        probNo: ++probNo,
        custDispute: true,
        currencyCode: 'USD',
        style: 'other',
        disputedAmount: '5.00',
        reasonCode: 'PRICE',
        createdByName: 'Pat',
      });
      expect(await reasonsOf()).toEqual([before]);
      expect(await reasonsOf()).toEqual([before]);
    } finally {
      commitChange();
      await change;
    }
    expect(await reasonsOf()).toEqual(['Price not as quoted']);
  });
});

describe('the payment log answer cache', () => {
  it('answers the same page again from what it kept, with the session statement alone (none on PGlite)', async () => {
    const { statements, kept, again } = await askKept<PaymentLogPage>(paymentLogsUrl());
    expect(statements).toBe(sessionStatements());
    expect(again).toEqual(kept);
    expect(kept.total).toBe(3);
  });

  it('shows a new payment, a settlement and a payment line written in SQL on the next call', async () => {
    const before = (await askKept<PaymentLogPage>(paymentLogsUrl())).kept;
    const payment = await buildPayment(context.database.db, customer, {
      createdAt: new Date(),
      status: 'PENDING',
    });
    const added = await page<PaymentLogPage>(paymentLogsUrl());
    expect(added.total).toBe(before.total + 1);
    expect(added.rows.find((row) => row.paymentLogId === payment.id)!.status).toBe('PENDING');

    const { db } = context.database;
    await db.execute(
      sql`update payments set status = 'SUCCESS', settled_at = now() where id = ${payment.id}`,
    );
    const settled = await page<PaymentLogPage>(paymentLogsUrl());
    expect(settled.rows.find((row) => row.paymentLogId === payment.id)!.status).toBe('SUCCESS');

    expect(settled.rows.find((row) => row.paymentLogId === payment.id)!.invoiceCount).toBe(0);
    await db.execute(sql`insert into payment_lines (payment_id, invoice_id, inv_no, amount, in_flight)
      values (${payment.id}, ${invoiceId}, 'INV-K1', 10, false)`);
    expect(
      (await page<PaymentLogPage>(paymentLogsUrl())).rows.find((row) => row.paymentLogId === payment.id)!
        .invoiceCount,
    ).toBe(1);
  });
});
