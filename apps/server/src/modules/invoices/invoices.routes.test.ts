import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCustomer, buildInvoice, buildTenant, buildUser, TEST_PASSWORD } from '../../test/factories';
import { createTestApp, TestClient, type TestContext } from '../../test/test-app';

let context: TestContext;
let client: TestClient;
const ids = { own: '', foreign: '' };

beforeAll(async () => {
  context = await createTestApp();
  const { db } = context.database;
  const tenant = await buildTenant(db, { isDefault: true });
  const own = await buildCustomer(db, tenant.id, { company: 'Own Co', currencies: ['USD', 'EUR'] });
  const foreign = await buildCustomer(db, tenant.id, { company: 'Foreign Co', currencies: ['USD'] });
  ids.own = own.custNo;
  ids.foreign = foreign.custNo;
  const user = await buildUser(db, tenant.id, { customers: [{ id: own.id }] });
  await buildUser(db, tenant.id, { customers: [{ id: foreign.id }] });
  for (let n = 1; n <= 30; n++) {
    await buildInvoice(db, own, {
      invNo: `INV-${String(n).padStart(3, '0')}`,
      amount: `${n * 10}.00`,
      dueDate: `2026-10-${String(n).padStart(2, '0')}`,
      poNumber: n % 3 === 0 ? 'PO-ACME' : 'PO-OTHER',
    });
  }
  await buildInvoice(db, own, {
    invNo: 'INV-CLOSED',
    status: 'C',
    balance: '0.00',
    paidAmount: '50.00',
    amount: '50.00',
  });
  await buildInvoice(db, own, { invNo: 'INV-EUR', tranCurrencyCode: 'EUR', amount: '70.00' });
  await buildInvoice(db, foreign, { invNo: 'INV-SECRET', amount: '999.00' });
  client = new TestClient(context);
  await client.signIn(user.loginName, TEST_PASSWORD);
});
afterAll(() => context.close());

describe('GET /invoices', () => {
  it('pages the open invoices of the current customer and currency, with totals of the whole set', async () => {
    const body = (await client.get('/invoices?pageSize=10&page=2&sort=dueDate&dir=asc')).json();
    expect(body).toMatchObject({
      custNo: ids.own,
      currencyCode: 'USD',
      status: 'O',
      page: 2,
      pageSize: 10,
      total: 30,
    });
    expect(body.rows.map((row: { invNo: string }) => row.invNo)).toEqual(
      Array.from({ length: 10 }, (_, i) => `INV-${String(i + 11).padStart(3, '0')}`),
    );
    // 10 + 20 + ... + 300
    expect(body.totals).toEqual({
      count: 30,
      amount: '4650.00',
      balance: '4650.00',
      disputeAmount: '0.00',
      paidAmount: '0.00',
    });
    expect(body.rows[0]).toMatchObject({
      accountName: 'Own Co',
      promise: 'false',
      paymentPending: 'false',
      inCart: false,
    });
  });

  it('sorts descending by amount, shows closed invoices on request, and never another currency', async () => {
    const sorted = (await client.get('/invoices?sort=amount&dir=desc&pageSize=3')).json();
    expect(sorted.rows.map((row: { amount: string }) => row.amount)).toEqual(['300.00', '290.00', '280.00']);
    const closed = (await client.get('/invoices?status=C')).json();
    expect(closed.rows.map((row: { invNo: string }) => row.invNo)).toEqual(['INV-CLOSED']);
    const all = (await client.get('/invoices?pageSize=200')).json();
    expect(all.rows.some((row: { invNo: string }) => row.invNo === 'INV-EUR')).toBe(false);
    const eur = (await client.get('/invoices?currencyCode=EUR')).json();
    expect(eur.rows.map((row: { invNo: string }) => row.invNo)).toEqual(['INV-EUR']);
  });

  it('applies the advanced filter to the rows and the totals', async () => {
    const filter = encodeURIComponent("substringof('ACME',poNumber) and amount ge 100");
    const body = (await client.get(`/invoices?filter=${filter}&pageSize=50`)).json();
    expect(body.rows.map((row: { invNo: string }) => row.invNo)).toEqual([
      'INV-012',
      'INV-015',
      'INV-018',
      'INV-021',
      'INV-024',
      'INV-027',
      'INV-030',
    ]);
    expect(body.totals.amount).toBe('1470.00');
  });

  it('refuses a bad filter with 400 and a pointer, a bad sort field, and another customer with 404', async () => {
    const bad = await client.get(`/invoices?filter=${encodeURIComponent("amount gt 'x' or (")}`);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBeTruthy();
    const unknownField = await client.get(`/invoices?filter=${encodeURIComponent("password eq 'x'")}`);
    expect(unknownField.statusCode).toBe(400);
    expect(unknownField.json().message).toContain('Invalid property');
    expect((await client.get('/invoices?sort=password')).statusCode).toBe(400);
    expect((await client.get('/invoices?pageSize=5000')).statusCode).toBe(400);
    const foreign = await client.get(`/invoices?custNo=${ids.foreign}`);
    expect(foreign.statusCode).toBe(404);
    expect((await client.get('/invoices?currencyCode=GBP')).json().code).toBe('CURRENCY_NOT_AVAILABLE');
  });
});

describe('GET /invoices/detail', () => {
  it('answers the header fields, line items and maxAmount of an own invoice', async () => {
    const body = (await client.get('/invoices/detail/INV-003?status=O')).json();
    expect(body.invoice).toMatchObject({ invNo: 'INV-003', amount: '30.00' });
    expect(body.headerFields).toContainEqual({
      field: 'poNumber',
      title: 'PO number',
      dataType: 'string',
      value: 'PO-ACME',
    });
    expect(body.lineItemFields[0]).toMatchObject({ field: 'lineNo', sort: 'asc' });
    expect(body.maxAmount).toBe('30.00');
    const tranId = body.invoice.tranId;
    expect((await client.get(`/invoices/detail/INV-003/${tranId}`)).json().invoice.tranId).toBe(tranId);
  });

  it("answers 404 for another customer's invoice exactly as for a missing one", async () => {
    const foreign = await client.get('/invoices/detail/INV-SECRET');
    const missing = await client.get('/invoices/detail/INV-NOPE');
    expect(foreign.statusCode).toBe(404);
    expect(missing.statusCode).toBe(404);
    expect(foreign.body).not.toContain('999');
    expect((await client.get('/invoices/detail/INV-003?status=C')).statusCode).toBe(404);
  });
});
