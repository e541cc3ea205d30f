import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCustomer, buildInvoice, buildTenant, buildUser, TEST_PASSWORD } from '../../test/factories';
import { createTestApp, TestClient, type TestContext } from '../../test/test-app';

let context: TestContext;
let full: TestClient;
let noCredit: TestClient;
let custNo = '';
let foreignNo = '';

beforeAll(async () => {
  context = await createTestApp();
  const { db } = context.database;
  const tenant = await buildTenant(db, { isDefault: true });
  const customer = await buildCustomer(db, tenant.id, { currencies: ['USD', 'EUR'] });
  const foreign = await buildCustomer(db, tenant.id);
  custNo = customer.custNo;
  foreignNo = foreign.custNo;
  const user = await buildUser(db, tenant.id, { customers: [{ id: customer.id }] });
  const payer = await buildUser(db, tenant.id, {
    roles: ['TR_USER.ALLOW_PAY'],
    customers: [{ id: customer.id }],
  });
  await buildInvoice(db, customer, { invNo: 'C-1', amount: '100.00', tranId: 'T-C1' });
  await buildInvoice(db, customer, {
    invNo: 'C-2',
    amount: '250.55',
    disputeAmount: '50.50',
    tranId: 'T-C2',
  });
  await buildInvoice(db, customer, { invNo: 'C-CREDIT', amount: '-30.00', tranId: 'T-CR' });
  await buildInvoice(db, customer, {
    invNo: 'C-DISPUTED',
    amount: '80.00',
    disputeAmount: '80.00',
    tranId: 'T-FD',
  });
  await buildInvoice(db, customer, {
    invNo: 'C-CLOSED',
    amount: '5.00',
    status: 'C',
    balance: '0.00',
    tranId: 'T-CL',
  });
  await buildInvoice(db, customer, {
    invNo: 'C-EUR',
    amount: '9.00',
    tranCurrencyCode: 'EUR',
    tranId: 'T-EU',
  });
  await buildInvoice(db, foreign, { invNo: 'C-FOREIGN', amount: '9.00', tranId: 'T-FO' });
  full = new TestClient(context);
  await full.signIn(user.loginName, TEST_PASSWORD);
  noCredit = new TestClient(context);
  await noCredit.signIn(payer.loginName, TEST_PASSWORD);
});
afterAll(() => context.close());

describe('payment cart', () => {
  it('adds what the rules allow, computes payment = balance - disputed, and lists the refused transaction ids', async () => {
    const response = await full.post('/payment/cart/add', {
      custNo,
      currencyCode: 'USD',
      invNo: ['C-1', 'C-2', 'C-CREDIT', 'C-DISPUTED', 'C-CLOSED', 'C-EUR', 'C-FOREIGN'],
    });
    const body = response.json();
    expect(body.added).toEqual(['C-1', 'C-2', 'C-CREDIT']);
    expect(body.notAdded.map((entry: { tranId: string }) => entry.tranId)).toEqual([
      'T-FD',
      'T-CL',
      'T-EU',
      'C-FOREIGN',
    ]);
    expect(body.message).toBe(
      'Add to cart is not available for the transaction(s): T-FD, T-CL, T-EU, C-FOREIGN',
    );
    expect(body.cart.paymentCartName).toBe(`${custNo}-PaymentCart-USD`);
    expect(body.cart.payments.find((line: { invNo: string }) => line.invNo === 'C-2')).toMatchObject({
      balance: '250.55',
      disputed: '50.50',
      payment: '200.05',
      originalAmount: '250.55',
    });
    expect(body.cart.paymentSummary).toEqual({ nbrOfInvoices: 3, totalAmount: '270.05' });
    const again = (
      await full.post('/payment/cart/add', { custNo, currencyCode: 'USD', invNo: ['C-1'] })
    ).json();
    expect(again.notAdded[0].reason).toBe('The invoice is in the payment cart.');
    expect(again.cart.paymentSummary.nbrOfInvoices).toBe(3);
  });

  it('shows the cart in the invoice rows and the customer summary', async () => {
    const row = (await full.get('/invoices/detail/C-1')).json().invoice;
    expect(row.inCart).toBe(true);
    const customers = (await full.get('/invoices/associationAccounts')).json();
    expect(customers[0].cartSummary).toEqual({ nbrOfInvoices: 3, totalAmount: '270.05' });
  });

  it('summarises the cart of the currency the user works in for each customer', async () => {
    await full.put(`/user/currenctCust/${custNo}`, { currencyCode: 'EUR' });
    await full.post('/payment/cart/add', { custNo, currencyCode: 'EUR', invNo: ['C-EUR'] });
    const customers = (await full.get('/invoices/associationAccounts')).json();
    expect(customers[0].cartSummary).toEqual({ nbrOfInvoices: 1, totalAmount: '9.00' });
    const userData = (await full.get(`/user/currenctCust/${custNo}`)).json();
    expect(userData.currentCustomer.cartSummary).toEqual({ nbrOfInvoices: 1, totalAmount: '9.00' });
    await full.request({ method: 'DELETE', url: `/payment/cart?custNo=${custNo}&currencyCode=EUR` });
    await full.put(`/user/currenctCust/${custNo}`, { currencyCode: 'USD' });
    expect((await full.get('/invoices/associationAccounts')).json()[0].cartSummary.nbrOfInvoices).toBe(3);
  });

  it('refuses a credit without the credit-adjustment privilege, with its tooltip text', async () => {
    const body = (
      await noCredit.post('/payment/cart/add', { custNo, currencyCode: 'USD', invNo: ['C-CREDIT', 'C-2'] })
    ).json();
    expect(body.notAdded).toEqual([
      { invNo: 'C-CREDIT', tranId: 'T-CR', reason: 'No permission provided for credit adjustment.' },
      { invNo: 'C-2', tranId: 'T-C2', reason: 'No permission to pay disputed invoices.' },
    ]);
    // Carts belong to each user: the other user's lines are not here.
    expect(body.cart.payments).toEqual([]);
  });

  it('removes singly and in bulk, and empties', async () => {
    const removed = (
      await full.post('/payment/cart/remove', { custNo, currencyCode: 'USD', invNo: ['C-1'] })
    ).json();
    expect(removed.payments.map((line: { invNo: string }) => line.invNo)).toEqual(['C-2', 'C-CREDIT']);
    expect(removed.paymentSummary).toEqual({ nbrOfInvoices: 2, totalAmount: '170.05' });
    const emptied = (
      await full.request({ method: 'DELETE', url: `/payment/cart?custNo=${custNo}&currencyCode=USD` })
    ).json();
    expect(emptied.paymentSummary).toEqual({ nbrOfInvoices: 0, totalAmount: '0.00' });
    const noSelection = await full.post('/payment/cart/remove', { custNo, currencyCode: 'USD', invNo: [] });
    expect(noSelection.json().message).toContain('Please select Transactions to Include');
  });

  it('syncs: drops lines that stopped being payable and answers the server figures of the rest', async () => {
    await full.post('/payment/cart/add', { custNo, currencyCode: 'USD', invNo: ['C-1', 'C-2'] });
    await context.database.db.execute(
      (await import('drizzle-orm')).sql`update invoices set balance = 0, status = 'C' where inv_no = 'C-1'`,
    );
    const synced = (
      await full.post(`/payment/syncPaymentCart/${custNo}`, ['C-1', 'C-2', 'C-UNKNOWN'])
    ).json();
    expect(synced).toEqual([{ invNo: 'C-2', balance: '250.55', disputed: '50.50', payment: '200.05' }]);
    const cart = (await full.get(`/payment/cart?custNo=${custNo}&currencyCode=USD`)).json();
    expect(cart.payments.map((line: { invNo: string }) => line.invNo)).toEqual(['C-2']);
  });

  it("answers 404 for another customer's cart", async () => {
    expect((await full.get(`/payment/cart?custNo=${foreignNo}&currencyCode=USD`)).statusCode).toBe(404);
    expect((await full.post(`/payment/syncPaymentCart/${foreignNo}`, [])).statusCode).toBe(404);
  });
});
