import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdjustableClock } from '../../lib/clock';
import { expectError } from '../../test/expect-error';
import { buildCustomer, buildInvoice, buildTenant, buildUser, TEST_PASSWORD } from '../../test/factories';
import { countStatements } from '../../test/statement-count';
import { createTestApp, TestClient, type TestContext } from '../../test/test-app';

// On PGlite a session read stays known until the next write (session.repository.ts): whatever ends
// or narrows a session, by any path, must show on the very next call, and the time-outs, which no
// write announces, must still apply. (On PostgreSQL every call reads its session: nothing to prove.)
// From a time that stands still (the invoice validator changes with the quarter hour, which must not
// end between the calls a case counts), moved only by the case that makes a session idle.
const startedAt = new Date();
const clock = createAdjustableClock({ now: () => startedAt });
let context: TestContext;
let customer: { id: number; tenantId: number; custNo: string };

const listUrl = () => `/invoices?custNo=${customer.custNo}&currencyCode=USD&status=O&sort=invNo&dir=asc`;

async function signedIn() {
  const user = await buildUser(context.database.db, customer.tenantId, { customers: [{ id: customer.id }] });
  const client = new TestClient(context);
  await client.signIn(user.loginName, TEST_PASSWORD);
  // Asked twice: the second answer comes from the kept session (and the kept page).
  for (let n = 0; n < 2; n++) {
    const response = await client.get(listUrl());
    expect(response.statusCode).toBe(200);
    expect(response.json().rows.map((row: { invNo: string }) => row.invNo)).toEqual(['INV-M1']);
  }
  return { client, user };
}

/** Statements the database ran for one call. */
const statementsOf = async (call: () => Promise<unknown>) =>
  (await countStatements(context.database, call)).statements;

describe.skipIf(Boolean(process.env.DATABASE_URL))('sessions kept between writes (PGlite)', () => {
  beforeAll(async () => {
    context = await createTestApp({}, undefined, { services: { clock } });
    const { db } = context.database;
    const tenant = await buildTenant(db, { isDefault: true });
    customer = await buildCustomer(db, tenant.id, { currencies: ['USD'] });
    await buildInvoice(db, customer, { invNo: 'INV-M1' });
  });
  afterAll(() => context.close());

  it('answers a call again with no statement while nothing was written', async () => {
    const { client } = await signedIn();
    expect(await statementsOf(() => client.get(listUrl()))).toBe(0);
  });

  it('refuses a user deactivated in SQL on the next call (415)', async () => {
    const { client, user } = await signedIn();
    await context.database.db.execute(sql`update users set active = false where id = ${user.id}`);
    expectError(await client.get(listUrl()), 415, 'USER_INACTIVE');
  });

  it('refuses a session ended inside a transaction on the next call (401)', async () => {
    const { client, user } = await signedIn();
    await context.database.db.transaction(async (tx) => {
      await tx.execute(sql`delete from sessions where user_id = ${user.id}`);
    });
    expectError(await client.get(listUrl()), 401, 'UNAUTHENTICATED');
  });

  it('ends a session left idle past its limit though nothing was written meanwhile', async () => {
    const { client } = await signedIn();
    clock.advance((context.config.session.idleMinutes + 1) * 60_000);
    expectError(await client.get(listUrl()), 401, 'SESSION_EXPIRED');
  });
});
