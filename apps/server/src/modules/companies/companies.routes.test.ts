import { ErrorCode } from '@settle/shared/errors';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { userCustomers } from '../../db/schema/users';
import { expectError } from '../../test/expect-error';
import { buildCustomer, buildTenant, buildUser, TEST_PASSWORD } from '../../test/factories';
import { createTestApp, TestClient, type TestContext } from '../../test/test-app';

let context: TestContext;
let tenantId = 0;

beforeAll(async () => {
  context = await createTestApp();
  tenantId = (await buildTenant(context.database.db, { isDefault: true })).id;
});
afterAll(() => context.close());

/** A user of three companies, the second the default; and a stranger's company. */
async function userOfThree() {
  const { db } = context.database;
  const alpha = await buildCustomer(db, tenantId, { company: 'Alpha Tools' });
  const beta = await buildCustomer(db, tenantId, { company: 'Beta Foods' });
  const gamma = await buildCustomer(db, tenantId, { company: 'Gamma Works' });
  const foreign = await buildCustomer(db, tenantId, { company: 'Secret Corp' });
  const user = await buildUser(db, tenantId, {
    customers: [{ id: alpha.id }, { id: beta.id, defAccount: true }, { id: gamma.id }],
  });
  await buildUser(db, tenantId, { customers: [{ id: foreign.id, defAccount: true }] });
  const client = new TestClient(context);
  const signIn = await client.signIn(user.loginName, TEST_PASSWORD);
  expect(signIn.statusCode).toBe(200);
  return { user, client, alpha, beta, gamma, foreign, signIn: signIn.json() };
}

async function storedDefaults(userId: number) {
  const rows = await context.database.db
    .select({ customerId: userCustomers.customerId })
    .from(userCustomers)
    .where(and(eq(userCustomers.userId, userId), eq(userCustomers.defAccount, true)));
  return rows.map((row) => row.customerId);
}

describe('GET /companies', () => {
  it("lists only the user's companies, the current and the default marked", async () => {
    const { client, alpha, beta, gamma } = await userOfThree();
    expect((await client.get('/companies')).json()).toEqual([
      { custNo: alpha.custNo, company: 'Alpha Tools', current: false, defAccount: false },
      { custNo: beta.custNo, company: 'Beta Foods', current: true, defAccount: true },
      { custNo: gamma.custNo, company: 'Gamma Works', current: false, defAccount: false },
    ]);
  });

  it('marks the company switched to as current', async () => {
    const { client, gamma } = await userOfThree();
    expect((await client.put(`/user/currenctCust/${gamma.custNo}`, {})).statusCode).toBe(200);
    const current = (await client.get('/companies'))
      .json()
      .filter((company: { current: boolean }) => company.current);
    expect(current.map((company: { custNo: string }) => company.custNo)).toEqual([gamma.custNo]);
  });
});

describe('PUT /companies/default/{custNo}', () => {
  it('keeps one default on the server, and the default wins at the next sign-in over the last choice', async () => {
    const { client, user, alpha, gamma } = await userOfThree();
    // The last choice in this session is alpha...
    expect((await client.put(`/user/currenctCust/${alpha.custNo}`, {})).statusCode).toBe(200);
    // ...but gamma is made the default.
    const response = await client.put(`/companies/default/${gamma.custNo}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().filter((company: { defAccount: boolean }) => company.defAccount)).toEqual([
      { custNo: gamma.custNo, company: 'Gamma Works', current: false, defAccount: true },
    ]);
    expect(await storedDefaults(user.id)).toEqual([gamma.id]);
    // This session keeps the user's explicit choice.
    expect(
      (await client.get('/companies')).json().find((company: { current: boolean }) => company.current).custNo,
    ).toBe(alpha.custNo);

    expect((await client.get('/auth/logout')).statusCode).toBe(200);
    const again = new TestClient(context);
    const signIn = (await again.signIn(user.loginName, TEST_PASSWORD)).json();
    expect(signIn.currentCustNo).toBe(gamma.custNo);
    expect((await again.get('/dashboard/custSummary')).json().custNo).toBe(gamma.custNo);
  });

  it("answers 404 for another user's company, as for one that does not exist, and changes nothing", async () => {
    const { client, user, beta, foreign } = await userOfThree();
    const foreignAnswer = expectError(
      await client.put(`/companies/default/${foreign.custNo}`),
      404,
      ErrorCode.NOT_FOUND,
    );
    const missingAnswer = expectError(
      await client.put('/companies/default/NO-SUCH'),
      404,
      ErrorCode.NOT_FOUND,
    );
    expect(foreignAnswer.message.replace(foreign.custNo, 'X')).toBe(
      missingAnswer.message.replace('NO-SUCH', 'X'),
    );
    expect(await storedDefaults(user.id)).toEqual([beta.id]);
  });

  it('answers 401 without a session', async () => {
    expectError(await new TestClient(context).get('/companies'), 401, ErrorCode.UNAUTHENTICATED);
  });
});
