import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { APPROVAL_MESSAGES } from '@settle/shared/payment-approvals';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCommand } from '../../admin/command-list';
import { paymentApprovals } from '../../db/schema/payment-approvals';
import { userCustomers, users } from '../../db/schema/users';
import { expectError } from '../../test/expect-error';
import { buildCustomer } from '../../test/factories';
import { type PaymentsHarness, startPaymentsHarness } from '../payments/payments-test-support';
import { integrationClient } from './integration-test-support';

/**
 * The payment approver flag per customer link in the users load (POST integration/v1/users, NDJSON,
 * CSV, npm run import -- users): approverCustNos beside the row-wide approver, and the approvals
 * feature following it. On the payments harness, so that approving runs a real payment.
 */

let harness: PaymentsHarness;
let erp: Awaited<ReturnType<typeof integrationClient>>;
const folder = mkdtempSync(path.join(tmpdir(), 'settle-approvers-'));

beforeAll(async () => {
  harness = await startPaymentsHarness();
  erp = await integrationClient(harness.context, harness.tenantId, ['ledger:write']);
});
afterAll(async () => {
  await harness.close();
  rmSync(folder, { recursive: true, force: true });
});

let sequence = 0;
/** Customers of the key's tenant, numbered for this test alone. */
async function customers(howMany: number) {
  sequence += 1;
  const built = [];
  for (let index = 1; index <= howMany; index += 1)
    built.push(
      await buildCustomer(harness.context.database.db, harness.tenantId, {
        custNo: `AP${sequence}-${index}`,
        company: `Approvers ${sequence}.${index}`,
      }),
    );
  return built;
}

/** A new user's row of the load: names, email and the links. */
function newUser(name: string, custNos: string[], fields: Record<string, unknown> = {}) {
  const loginName = `${name}.${sequence}@example.com`;
  return { loginName, firstName: 'Ap', lastName: 'Prover', email: loginName, custNos, ...fields };
}

async function userId(loginName: string) {
  const [user] = await harness.context.database.db
    .select({ id: users.id })
    .from(users)
    .where(eq(users.loginKey, loginName.toUpperCase()));
  return user!.id;
}

/** Every stored column of the user's links, in the account selector's order. */
async function storedLinks(loginName: string) {
  return harness.context.database.db
    .select()
    .from(userCustomers)
    .where(eq(userCustomers.userId, await userId(loginName)))
    .orderBy(asc(userCustomers.position));
}

/** The approver flag of each of the user's links, in their order. */
async function approverFlags(loginName: string) {
  return (await storedLinks(loginName)).map((link) => ({
    customerId: link.customerId,
    approver: link.approver,
  }));
}

describe('approverCustNos in the users load', () => {
  it('stores the flag per link from JSON, NDJSON and CSV; the same load again changes nothing', async () => {
    const [a, b, c] = await customers(3);
    const all = [a!.custNo, b!.custNo, c!.custNo];
    const json = newUser('json', all, { approverCustNos: [b!.custNo] });
    const ndjson = newUser('ndjson', all, { approverCustNos: [c!.custNo, a!.custNo, c!.custNo] });
    const csvName = `csv.${sequence}@example.com`;
    const wideName = `wide.${sequence}@example.com`;
    const csv = [
      'loginName,firstName,lastName,email,custNos,approver,approverCustNos',
      `${csvName},Cs,Vee,${csvName},${all.join(';')},,${a!.custNo}|${b!.custNo}`,
      // The row-wide form is unchanged: approver alone, approverCustNos left empty.
      `${wideName},Wi,De,${wideName},${all.join(';')},Y,`,
    ].join('\n');

    const loads = [
      () => erp.post('/users', [json]),
      () => erp.post('/users', JSON.stringify(ndjson), 'application/x-ndjson'),
      () => erp.post('/users', csv, 'text/csv'),
    ];
    const first = [];
    for (const load of loads) first.push((await load()).json());
    expect(first.map((report) => [report.inserted, report.refused])).toEqual([
      [1, 0],
      [1, 0],
      [2, 0],
    ]);
    const flags = (approving: boolean[]) =>
      [a!, b!, c!].map((customer, index) => ({ customerId: customer.id, approver: approving[index] }));
    expect(await approverFlags(json.loginName)).toEqual(flags([false, true, false]));
    expect(await approverFlags(ndjson.loginName)).toEqual(flags([true, false, true]));
    expect(await approverFlags(csvName)).toEqual(flags([true, true, false]));
    expect(await approverFlags(wideName)).toEqual(flags([true, true, true]));

    const before = await Promise.all([json.loginName, ndjson.loginName, csvName, wideName].map(storedLinks));
    for (const load of loads)
      expect((await load()).json()).toMatchObject({ inserted: 0, updated: 0, refused: 0 });
    const after = await Promise.all([json.loginName, ndjson.loginName, csvName, wideName].map(storedLinks));
    expect(after).toEqual(before);
  });

  it("changes one link's flag alone: the other links, their order and the default stay as they were", async () => {
    const [a, b, c] = await customers(3);
    const all = [a!.custNo, b!.custNo, c!.custNo];
    const row = newUser('single', all, { defaultCustNo: b!.custNo, approverCustNos: [a!.custNo, c!.custNo] });
    expect((await erp.post('/users', [row])).json()).toMatchObject({ inserted: 1 });
    const before = await storedLinks(row.loginName);

    const changed = await erp.post('/users', [
      { loginName: row.loginName, custNos: all, approverCustNos: [a!.custNo] },
    ]);
    expect(changed.json()).toMatchObject({ inserted: 0, updated: 1, unchanged: 0, refused: 0 });
    const after = await storedLinks(row.loginName);
    expect(after).toEqual(
      before.map((link) => (link.customerId === c!.id ? { ...link, approver: false } : link)),
    );
    expect(after.map((link) => link.defAccount)).toEqual([false, true, false]);

    // Left out, both forms keep each link's flag; approver still speaks for every link; [] for none.
    const keep = await erp.post('/users', [{ loginName: row.loginName, custNos: all, firstName: 'Other' }]);
    expect(keep.json()).toMatchObject({ updated: 1 });
    expect(await storedLinks(row.loginName)).toEqual(after);
    await erp.post('/users', [{ loginName: row.loginName, custNos: all, approver: 'Y' }]);
    expect((await storedLinks(row.loginName)).map((link) => link.approver)).toEqual([true, true, true]);
    await erp.post('/users', [{ loginName: row.loginName, custNos: all, approverCustNos: [] }]);
    expect((await storedLinks(row.loginName)).map((link) => link.approver)).toEqual([false, false, false]);
  });

  it('refuses by line approverCustNos outside custNos, a row with both forms and a list that is not one; refused rows change nothing', async () => {
    const [a, b, c, d] = await customers(4);
    const linked = [a!.custNo, b!.custNo];
    const stored = newUser('refused', linked, { approverCustNos: [a!.custNo] });
    expect((await erp.post('/users', [stored])).json()).toMatchObject({ inserted: 1 });
    const before = await storedLinks(stored.loginName);

    const response = await erp.post('/users', [
      { loginName: stored.loginName, custNos: linked, approverCustNos: [c!.custNo] },
      { loginName: stored.loginName, custNos: linked, approverCustNos: [b!.custNo, c!.custNo, d!.custNo] },
      { loginName: stored.loginName, custNos: linked, approver: false, approverCustNos: [b!.custNo] },
      { loginName: stored.loginName, custNos: linked, approverCustNos: b!.custNo },
    ]);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      committed: true,
      received: 4,
      inserted: 0,
      updated: 0,
      unchanged: 0,
      refused: 4,
      errors: [
        {
          line: 1,
          key: stored.loginName,
          reason: `approverCustNos: must be among custNos (${c!.custNo} is not)`,
        },
        {
          line: 2,
          key: stored.loginName,
          reason: `approverCustNos: must be among custNos (${c!.custNo}, ${d!.custNo} are not)`,
        },
        {
          line: 3,
          key: stored.loginName,
          reason: 'approverCustNos: send approver (every link) or approverCustNos (per link), not both',
        },
        { line: 4, key: stored.loginName, reason: expect.stringMatching(/^approverCustNos: .*array/) },
      ],
    });

    // CSV lines count the header as line 1.
    const csv = [
      'loginName,custNos,approver,approverCustNos',
      `${stored.loginName},${linked.join(';')},,${b!.custNo}`,
      `${stored.loginName},${linked.join(';')},N,${b!.custNo}`,
      `${stored.loginName},${linked.join(';')},,${d!.custNo};${a!.custNo}`,
    ].join('\n');
    const fromCsv = (await erp.post('/users', csv, 'text/csv', '?atomic=true')).json();
    expect(fromCsv).toMatchObject({ committed: false, refused: 2 });
    expect(fromCsv.errors).toEqual([
      {
        line: 3,
        key: stored.loginName,
        reason: 'approverCustNos: send approver (every link) or approverCustNos (per link), not both',
      },
      {
        line: 4,
        key: stored.loginName,
        reason: `approverCustNos: must be among custNos (${d!.custNo} is not)`,
      },
    ]);
    expect(await storedLinks(stored.loginName)).toEqual(before);
  });

  it('loads per-link flags from a file with npm run import -- users, as the API does', async () => {
    const [a, b] = await customers(2);
    const loginName = `imported.${sequence}@example.com`;
    const file = path.join(folder, 'approvers.csv');
    writeFileSync(
      file,
      `loginName,firstName,lastName,email,custNos,approverCustNos\n${loginName},Im,Ported,${loginName},${a!.custNo};${b!.custNo},${b!.custNo}\n`,
    );
    const run = () =>
      runAdminCommand(
        { db: harness.context.database.db, services: harness.context.app.services },
        'import',
        `users --file ${file}`,
      );
    expect(await run()).toBe('users: 1 row(s) read; 1 inserted, 0 updated, 0 unchanged, 0 refused');
    expect((await storedLinks(loginName)).map((link) => [link.customerId, link.approver])).toEqual([
      [a!.id, false],
      [b!.id, true],
    ]);
    expect(await run()).toContain('0 inserted, 0 updated, 1 unchanged, 0 refused');
  });
});

describe('the OpenAPI document', () => {
  it('describes both forms of the approver flag on the LedgerUser row, from its zod schema', async () => {
    const { context } = harness;
    const document = (await context.app.inject({ url: `${context.api}/docs/json` })).json();
    // The shape an integrator sends (the input side of the zod schema).
    const row = document.components.schemas.LedgerUserInput;
    expect(row.properties.approverCustNos).toMatchObject({
      type: 'array',
      items: { type: 'string', minLength: 1, maxLength: 60 },
      description: expect.stringContaining('per link'),
    });
    expect(row.properties.approver.description).toContain('every link');
    expect(document.paths['/integration/v1/users'].post.description).toContain('approverCustNos');
  });
});

describe('the approvals follow the per-link flag', () => {
  type Own = Awaited<ReturnType<PaymentsHarness['account']>>;

  /**
   * A submitter of a new customer with a 1000.00 USD threshold and a saved bank account; submit puts
   * a new invoice of 1500.00 in the cart and sends it for approval.
   */
  async function submitter() {
    const own = await harness.account();
    await harness.context.app.services.approvalPolicy.setThreshold({
      tenantId: harness.tenantId,
      customerId: own.customer.id,
      currencyCode: 'USD',
      threshold: '1000.00',
    });
    const bank = await own.client.post('/payment/add/', {
      profileType: 'ECHECK',
      custNo: own.customer.custNo,
      name: 'Ada Lovelace',
      accountType: 'Checking',
      routingNum: '021000021',
      accountNum: '000123456789',
    });
    expect(bank.statusCode, bank.body).toBe(200);
    const submit = async () => {
      const invoice = await own.invoice({ amount: '1500.00' });
      await own.putInCart([invoice.id]);
      return own.client.post('/payment/approvals', {
        custNo: own.customer.custNo,
        currency: 'USD',
        paymentType: 'ECHECK',
        paymentProfile: { id: bank.json().paymentProfileId as number },
        payments: [{ invNo: invoice.invNo, payment: invoice.balance }],
      });
    };
    return { ...own, submit };
  }

  const approverOf = async (caller: Own, custNo: string) =>
    (await caller.client.get(`/payment/approvals/policy?custNo=${custNo}&currency=USD`)).json().approver;

  it("a colleague approves the payments of the customers in approverCustNos and of no other; a link's flag changed alone moves that right alone", async () => {
    const first = await submitter();
    const second = await submitter();
    // A user of the first customer, then linked to both by the provider, approving the second's payments only.
    const colleague = await harness.account({ colleagueOf: { customer: first.customer } });
    const both = [first.customer.custNo, second.customer.custNo];
    const loaded = await erp.post('/users', [
      { loginName: colleague.user.loginName, custNos: both, approverCustNos: [second.customer.custNo] },
    ]);
    expect(loaded.json()).toMatchObject({ updated: 1, refused: 0 });

    expect(await approverOf(colleague, first.customer.custNo)).toBe(false);
    expect(await approverOf(colleague, second.customer.custNo)).toBe(true);
    // Nobody approves the first customer's payments: its submission is refused and holds nothing.
    const refused = await first.submit();
    expect(expectError(refused, 400, 'APPROVAL_NO_APPROVER').message).toBe(APPROVAL_MESSAGES.noApprover);
    const secondId = (await second.submit()).json().id as number;
    expect((await colleague.client.get('/payment/approvals/count')).json()).toEqual({ toDecide: 1 });
    const approved = await colleague.client.post(`/payment/approvals/${secondId}/approve`);
    expect(approved.statusCode, approved.body).toBe(200);
    expect(approved.json()).toMatchObject({ status: 'APPROVED', paymentStatus: 'SUCCESS' });
    expect(await storedApproval(secondId)).toMatchObject({
      status: 'APPROVED',
      decidedBy: colleague.user.id,
    });
    expect(await harness.paymentCount(second.customer.id)).toBe(1);

    // The provider moves the right from the second customer to the first, in one row.
    const moved = await erp.post('/users', [
      { loginName: colleague.user.loginName, custNos: both, approverCustNos: [first.customer.custNo] },
    ]);
    expect(moved.json()).toMatchObject({ updated: 1, refused: 0 });
    expect(await approverOf(colleague, first.customer.custNo)).toBe(true);
    expect(await approverOf(colleague, second.customer.custNo)).toBe(false);
    const noLonger = await second.submit();
    expectError(noLonger, 400, 'APPROVAL_NO_APPROVER');

    // The first customer's cart (refused before, still in place) now goes to the colleague.
    const firstId = (await first.submit()).json().id as number;
    expect((await colleague.client.get('/payment/approvals/count')).json()).toEqual({ toDecide: 1 });
    const listed = (await colleague.client.get(`/payment/approvals?custNo=${first.customer.custNo}`)).json()
      .approvals;
    expect(listed).toEqual([expect.objectContaining({ id: firstId, canDecide: true, status: 'PENDING' })]);
    const approvedFirst = await colleague.client.post(`/payment/approvals/${firstId}/approve`);
    expect(approvedFirst.statusCode, approvedFirst.body).toBe(200);
    expect(await harness.paymentCount(first.customer.id)).toBe(1);
  });
});

async function storedApproval(id: number) {
  const [row] = await harness.context.database.db
    .select()
    .from(paymentApprovals)
    .where(eq(paymentApprovals.id, id));
  return row!;
}
