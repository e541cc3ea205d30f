import { maskAccountNumber } from '@settle/shared/payments';
import { FULL_ACCESS_PRIVILEGES, Privilege } from '@settle/shared/privileges';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/client';
import { insertProfile } from '../modules/payment-profiles/payment-profiles.repository';
import { startPaymentsHarness } from '../modules/payments/payments-test-support';
import { PAYMENT_PRIVILEGE_CASES, type PrivilegeSetup } from './privilege-cases';

/**
 * Section 6 of the specification on the state-changing payment routes: a user without ALLOW_PAY
 * is refused by the server (403, the reason in the body) and nothing of the customer changes;
 * the same call by a user with the privilege goes through, so the refusal is the privilege's.
 * The cases are in privilege-cases.ts; a state-changing /payment route without one fails here.
 */

let harness: Awaited<ReturnType<typeof startPaymentsHarness>>;
let routes: string[];

beforeAll(async () => {
  harness = await startPaymentsHarness();
  const document = (await harness.context.app.inject({ url: `${harness.context.api}/docs/json` })).json() as {
    paths: Record<string, Record<string, unknown>>;
  };
  routes = Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.keys(methods)
      .map((method) => `${method.toUpperCase()} ${path}`)
      .filter((route) => !route.startsWith('GET ') && path.startsWith('/payment')),
  );
}, 60_000);
afterAll(() => harness.close());

/** A signed-in user of a new customer with one open invoice of 100.00. */
async function payerWith(roles: readonly string[], prepare?: (setup: PrivilegeSetup) => Promise<void>) {
  const account = await harness.account({ roles });
  const invoice = await account.invoice({ amount: '100.00' });
  await prepare?.({
    db: harness.context.database.db,
    customer: account.customer,
    userId: account.user.id,
    invoiceId: invoice.id,
    setThreshold: harness.context.app.services.approvalPolicy.setThreshold,
  });
  // A saved bank account of the user's, stored as the profiles service stores one (a user without ALLOW_PAY
  // cannot save one through the API; one saved before the privilege was withdrawn is what this stands for).
  const profile = await insertProfile(harness.context.database.db, {
    tenantId: account.customer.tenantId,
    customerId: account.customer.id,
    custNo: account.customer.custNo,
    userId: account.user.id,
    profileType: 'ECHECK',
    aliasName: 'Operating account',
    accountEncrypted: harness.context.app.services.sealer.seal('echeck-account', '123456789'),
    accountMasked: maskAccountNumber('123456789'),
    routingNum: '021000021',
    accountType: 'Checking',
    name: 'Pat Payer',
  });
  return {
    account,
    own: { custNo: account.customer.custNo, invNo: invoice.invNo, paymentProfileId: profile.id },
  };
}

/**
 * Every row of the customer and of its user, table by table (payments, lines, cart, invoices...).
 * Idempotency keys are left out: a key keeps the answer it got, a refusal included, by design.
 */
async function rowsOf(customerId: number, userId: number) {
  const { db } = harness.context.database;
  const columns = await queryRows<{ table_name: string; column_name: string }>(
    db,
    sql`select table_name, column_name from information_schema.columns
        where table_schema = 'public' and column_name in ('customer_id', 'user_id')
          and table_name <> 'idempotency_keys'`,
  );
  const snapshot: Record<string, unknown[]> = {};
  for (const { table_name: table, column_name: column } of columns) {
    const id = column === 'customer_id' ? customerId : userId;
    snapshot[`${table}.${column}`] = await queryRows(
      db,
      sql`select * from ${sql.identifier(table)} where ${sql.identifier(column)} = ${id} order by 1`,
    );
  }
  return snapshot;
}

describe('privileges of section 6 on the state-changing payment routes', () => {
  it('has a case for every state-changing /payment route, and none for a route the document lacks', () => {
    const missing = routes.filter((route) => !(route in PAYMENT_PRIVILEGE_CASES));
    const stale = Object.keys(PAYMENT_PRIVILEGE_CASES).filter((route) => !routes.includes(route));
    expect(missing, 'state-changing payment routes without a privilege case (privilege-cases.ts)').toEqual(
      [],
    );
    expect(stale).toEqual([]);
  });

  it.each(
    Object.entries(PAYMENT_PRIVILEGE_CASES).flatMap(([route, entry]) =>
      entry.kind === 'requires' ? [[route, entry] as const] : [],
    ),
  )('%s: refused without the privilege, changing nothing; allowed with it', async (_route, entry) => {
    const without = await payerWith(
      FULL_ACCESS_PRIVILEGES.filter((role) => role !== entry.privilege),
      entry.prepare,
    );
    const before = await rowsOf(without.account.customer.id, without.account.user.id);
    expect(Object.values(before).flat().length).toBeGreaterThan(1);
    const call = entry.call(without.own);
    const refused = await without.account.client.request({ ...call, method: call.method ?? 'GET' });
    if (entry.refusal === 'notAdded') {
      expect(refused.statusCode, refused.body).toBe(200);
      expect(refused.json()).toMatchObject({
        added: [],
        notAdded: [{ invNo: without.own.invNo, reason: expect.stringMatching(/permission/i) }],
      });
    } else {
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json().message).toMatch(/permission/i);
    }
    expect(await rowsOf(without.account.customer.id, without.account.user.id)).toEqual(before);

    // The same call with the privilege goes through and changes something (a payment, a cart line).
    const allowed = await payerWith(FULL_ACCESS_PRIVILEGES, entry.prepare);
    const untouched = await rowsOf(allowed.account.customer.id, allowed.account.user.id);
    const granted = entry.call(allowed.own);
    const response = await allowed.account.client.request({ ...granted, method: granted.method ?? 'GET' });
    expect(response.statusCode, response.body).toBe(200);
    if (entry.refusal === 'notAdded') expect(response.json().notAdded).toEqual([]);
    expect(await rowsOf(allowed.account.customer.id, allowed.account.user.id)).not.toEqual(untouched);
  });

  it('tests the privilege the specification names for paying', () => {
    const privileges = Object.values(PAYMENT_PRIVILEGE_CASES).flatMap((entry) =>
      entry.kind === 'requires' ? [entry.privilege] : [],
    );
    expect(privileges.length).toBeGreaterThanOrEqual(5);
    expect(new Set(privileges)).toEqual(new Set([Privilege.ALLOW_PAY]));
  });
});
