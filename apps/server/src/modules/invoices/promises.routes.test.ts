import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCustomer, buildInvoice, buildTenant, buildUser, TEST_PASSWORD } from '../../test/factories';
import { createTestApp, TestClient, type TestContext } from '../../test/test-app';

let context: TestContext;
let client: TestClient;
let limited: TestClient;
let custNo = '';

function daysFromNow(days: number): string {
  const date = new Date();
  date.setUTCDate(date.getUTCDate() + days);
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'America/New_York' }).format(date);
}

async function invoice(invNo: string) {
  return (await client.get(`/invoices/detail/${invNo}`)).json().invoice;
}

beforeAll(async () => {
  context = await createTestApp();
  const { db } = context.database;
  const tenant = await buildTenant(db, { isDefault: true });
  const customer = await buildCustomer(db, tenant.id);
  custNo = customer.custNo;
  const other = await buildCustomer(db, tenant.id);
  const user = await buildUser(db, tenant.id, { customers: [{ id: customer.id }] });
  const noPromise = await buildUser(db, tenant.id, {
    roles: ['TR_USER.ALLOW_PAY'],
    customers: [{ id: customer.id }],
  });
  await buildInvoice(db, customer, { invNo: 'P-1', amount: '100.00' });
  await buildInvoice(db, customer, { invNo: 'P-2', amount: '200.00' });
  await buildInvoice(db, customer, { invNo: 'P-ZERO', amount: '10.00', paidAmount: '10.00' });
  await buildInvoice(db, customer, { invNo: 'P-PENDING', amount: '10.00', paymentPending: true });
  await buildInvoice(db, customer, { invNo: 'P-CART', amount: '40.00' });
  await buildInvoice(db, other, { invNo: 'P-OTHER', amount: '10.00' });
  client = new TestClient(context);
  await client.signIn(user.loginName, TEST_PASSWORD);
  limited = new TestClient(context);
  await limited.signIn(noPromise.loginName, TEST_PASSWORD);
});
afterAll(() => context.close());

describe('PUT /invoices/promiseUnPromise', () => {
  it('promises a selection with a follow-up date, then removes the promise', async () => {
    const date = daysFromNow(14);
    const promised = await client.put('/invoices/promiseUnPromise', {
      invNo: ['P-1', 'P-2'],
      promised: true,
      nextFollowupDate: date,
    });
    expect(promised.json()).toEqual({ promised: true, invNo: ['P-1', 'P-2'], nextFollowupDate: date });
    expect(await invoice('P-1')).toMatchObject({
      promise: 'true',
      promisedAmount: '100.00',
      nextFollowupDate: date,
    });
    const removed = await client.put('/invoices/promiseUnPromise', { invNo: 'P-1', promised: false });
    expect(removed.statusCode).toBe(200);
    expect(await invoice('P-1')).toMatchObject({
      promise: 'false',
      promisedAmount: '0.00',
      nextFollowupDate: null,
    });
  });

  it('needs a selection and a valid date no further than the limit', async () => {
    const empty = await client.put('/invoices/promiseUnPromise', {
      invNo: [],
      promised: true,
      nextFollowupDate: daysFromNow(1),
    });
    expect(empty.json()).toMatchObject({ statusCode: 400, message: 'Please select Transactions to Include' });
    const missingDate = await client.put('/invoices/promiseUnPromise', { invNo: ['P-1'], promised: true });
    expect(missingDate.json().message).toBe('Select a valid date');
    const impossible = await client.put('/invoices/promiseUnPromise', {
      invNo: ['P-1'],
      promised: true,
      nextFollowupDate: '2026-02-30',
    });
    expect(impossible.json().message).toBe('Select a valid date');
    const past = await client.put('/invoices/promiseUnPromise', {
      invNo: ['P-1'],
      promised: true,
      nextFollowupDate: daysFromNow(-3),
    });
    expect(past.json().message).toBe('Select a valid date');
    const tooFar = await client.put('/invoices/promiseUnPromise', {
      invNo: ['P-1'],
      promised: true,
      nextFollowupDate: daysFromNow(91),
    });
    expect(tooFar.json()).toMatchObject({ code: 'PROMISE_DATE_TOO_FAR', args: ['90'] });
    expect((await invoice('P-1')).promise).toBe('false');
  });

  it('refuses zero-balance, payment-pending and in-cart invoices, all or nothing', async () => {
    await client.post('/payment/cart/add', { custNo, currencyCode: 'USD', invNo: ['P-CART'] });
    const date = daysFromNow(5);
    for (const refused of ['P-ZERO', 'P-PENDING', 'P-CART']) {
      const response = await client.put('/invoices/promiseUnPromise', {
        invNo: ['P-2', refused],
        promised: true,
        nextFollowupDate: date,
      });
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toMatch(/^Failed to mark as promised/);
      expect((await invoice(refused)).promise).toBe('false');
    }
    const notPromised = await client.put('/invoices/promiseUnPromise', { invNo: ['P-1'], promised: false });
    expect(notPromised.json().message).toMatch(/^Cannot remove promise/);
  });

  it('needs the promise privilege and answers 404 for another customer', async () => {
    const denied = await limited.put('/invoices/promiseUnPromise', {
      invNo: ['P-1'],
      promised: true,
      nextFollowupDate: daysFromNow(3),
    });
    expect(denied.statusCode).toBe(400);
    expect(denied.json().message).toContain('permission');
    const foreign = await client.put('/invoices/promiseUnPromise', {
      invNo: ['P-OTHER'],
      promised: true,
      nextFollowupDate: daysFromNow(3),
    });
    expect(foreign.statusCode).toBe(404);
  });
});
