import { INVOICE_LINE_ITEM_FIELDS } from '@settle/shared/invoices';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../../test/expect-error';
import {
  buildCustomer,
  buildInvoice,
  buildLineItems,
  buildTenant,
  buildUser,
  TEST_PASSWORD,
} from '../../test/factories';
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
    const invoice = await buildInvoice(db, own, {
      invNo: `INV-${String(n).padStart(3, '0')}`,
      amount: `${n * 10}.00`,
      dueDate: `2026-10-${String(n).padStart(2, '0')}`,
      poNumber: n % 3 === 0 ? 'PO-ACME' : 'PO-OTHER',
    });
    if (n === 3) {
      await buildLineItems(db, invoice.id, [
        { item: 'BOLT', description: 'Bolts', qtyShip: '2.000', price: '10.0000', ext: '20.00' },
        { item: 'NUT', description: 'Nuts', qtyShip: '1.000', price: '10.0000', ext: '10.00' },
      ]);
    }
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
    const bad = expectError(
      await client.get(`/invoices?filter=${encodeURIComponent("amount gt 'x' or (")}`),
      400,
      'INVALID_FILTER',
    );
    // The pointer: where the filter ends, a condition was expected.
    expect(bad.message).toMatch(/^Invalid property: .*\(at 18, /);
    const unknownField = expectError(
      await client.get(`/invoices?filter=${encodeURIComponent("password eq 'x'")}`),
      400,
      'INVALID_FILTER',
    );
    expect(unknownField.message).toContain('Invalid property');
    const badSort = expectError(await client.get('/invoices?sort=password'), 400, 'VALIDATION_FAILED');
    expect(badSort.fieldErrors).toEqual([
      { field: 'querystring.sort', message: 'Not a sortable invoice field' },
    ]);
    const tooLarge = expectError(await client.get('/invoices?pageSize=5000'), 400, 'VALIDATION_FAILED');
    expect(tooLarge.fieldErrors).toEqual([{ field: 'querystring.pageSize', message: expect.any(String) }]);
    const foreign = expectError(await client.get(`/invoices?custNo=${ids.foreign}`), 404, 'NOT_FOUND');
    const missing = expectError(await client.get('/invoices?custNo=C-NOPE'), 404, 'NOT_FOUND');
    expect(foreign.message).toBe(missing.message.replace('C-NOPE', ids.foreign));
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
    expect(body.lineItemFields).toEqual(INVOICE_LINE_ITEM_FIELDS);
    expect(body.lineItems).toEqual([
      expect.objectContaining({
        lineNo: 1,
        item: 'BOLT',
        description: 'Bolts',
        qtyShip: '2.000',
        ext: '20.00',
      }),
      expect.objectContaining({
        lineNo: 2,
        item: 'NUT',
        description: 'Nuts',
        qtyShip: '1.000',
        ext: '10.00',
      }),
    ]);
    expect(body.maxAmount).toBe('30.00');
    const tranId = body.invoice.tranId;
    expect((await client.get(`/invoices/detail/INV-003/${tranId}`)).json().invoice.tranId).toBe(tranId);
  });

  it("answers 404 for another customer's invoice exactly as for a missing one", async () => {
    const foreign = await client.get('/invoices/detail/INV-SECRET');
    const missing = await client.get('/invoices/detail/INV-NOPE');
    expectError(foreign, 404, 'NOT_FOUND');
    expectError(missing, 404, 'NOT_FOUND');
    expect(foreign.json().message).toBe(missing.json().message.replace('INV-NOPE', 'INV-SECRET'));
    expect(foreign.body).not.toContain('999');
    expectError(await client.get('/invoices/detail/INV-003?status=C'), 404, 'NOT_FOUND');
  });
});
