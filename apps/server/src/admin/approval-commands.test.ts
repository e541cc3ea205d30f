import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentApprovalPolicies } from '../db/schema/payment-approvals';
import { userCustomers } from '../db/schema/users';
import { buildCustomer, buildTenant, buildUser } from '../test/factories';
import { createTestApp, type TestContext } from '../test/test-app';
import { runAdminCommand } from './command-list';

let context: TestContext;
let tenantId: number;

beforeAll(async () => {
  context = await createTestApp();
  tenantId = (await buildTenant(context.database.db, { isDefault: true })).id;
});
afterAll(() => context.close());

const run = (name: string, argument?: string) =>
  runAdminCommand({ db: context.database.db, services: context.app.services }, name, argument);

describe('approval-policy and approver commands', () => {
  it('sets, changes and removes a threshold; refuses a bad amount, currency or customer', async () => {
    const { db } = context.database;
    const customer = await buildCustomer(db, tenantId, { currencies: ['USD', 'EUR'] });
    const stored = async () =>
      db
        .select({ threshold: paymentApprovalPolicies.threshold })
        .from(paymentApprovalPolicies)
        .where(
          and(
            eq(paymentApprovalPolicies.customerId, customer.id),
            eq(paymentApprovalPolicies.currencyCode, 'USD'),
          ),
        );
    expect(await run('approval-policy', `${customer.custNo} usd 5000`)).toContain('above 5000');
    expect(await stored()).toEqual([{ threshold: '5000.00' }]);
    await run('approval-policy', `${customer.custNo} USD 250.50`);
    expect(await stored()).toEqual([{ threshold: '250.50' }]);
    await expect(run('approval-policy', `${customer.custNo} USD 12.345`)).rejects.toThrow(
      /at most 2 decimals/,
    );
    await expect(run('approval-policy', `${customer.custNo} GBP 10`)).rejects.toThrow(
      /does not use the currency/,
    );
    await expect(run('approval-policy', 'NOPE USD 10')).rejects.toThrow(/No customer NOPE/);
    await expect(run('approval-policy', customer.custNo)).rejects.toThrow(/Usage/);
    expect(await stored()).toEqual([{ threshold: '250.50' }]);
    expect(await run('approval-policy', `${customer.custNo} USD off`)).toContain('need no approval');
    expect(await stored()).toEqual([]);
  });

  it('makes a linked user an approver and withdraws it; refuses a user who is not linked', async () => {
    const { db } = context.database;
    const customer = await buildCustomer(db, tenantId);
    const other = await buildCustomer(db, tenantId);
    const user = await buildUser(db, tenantId, { customers: [{ id: customer.id }] });
    const flag = async () =>
      (
        await db
          .select({ approver: userCustomers.approver })
          .from(userCustomers)
          .where(and(eq(userCustomers.userId, user.id), eq(userCustomers.customerId, customer.id)))
      )[0]?.approver;
    expect(await flag()).toBe(false);
    await run('approver', `${user.loginName.toUpperCase()} ${customer.custNo} on`);
    expect(await flag()).toBe(true);
    await expect(run('approver', `${user.loginName} ${other.custNo} on`)).rejects.toThrow(/is not a user of/);
    await expect(run('approver', `${user.loginName} ${customer.custNo} maybe`)).rejects.toThrow(/Usage/);
    await run('approver', `${user.loginName} ${customer.custNo} off`);
    expect(await flag()).toBe(false);
  });
});
