import { Privilege } from '@settle/shared/privileges';
import { REFUSAL_MESSAGES, type RefusalReason } from '@settle/shared/rules/invoices';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoices } from '../../db/schema/invoices';
import { buildTenant } from '../../test/factories';
import { type SignedInCustomer, signedInCustomer } from '../../test/signed-in-customer';
import { createTestApp, type TestContext } from '../../test/test-app';

let context: TestContext;
let tenantId = 0;

beforeAll(async () => {
  context = await createTestApp();
  tenantId = (await buildTenant(context.database.db, { isDefault: true })).id;
});
afterAll(() => context.close());

const account = (options: Parameters<typeof signedInCustomer>[2] = {}) =>
  signedInCustomer(context, tenantId, options);

const invNos = (lines: Array<{ invNo: string }>) => lines.map((line) => line.invNo);

describe('POST /payment/cart/add', () => {
  it('adds the selection; each line pays the balance less what is disputed', async () => {
    const own = await account();
    const plain = await own.invoice({ amount: '100.00' });
    const disputed = await own.invoice({ amount: '250.55', disputeAmount: '50.50' });
    const credit = await own.invoice({ amount: '-30.00' });

    const response = await own.client.post('/payment/cart/add', {
      custNo: own.customer.custNo,
      currencyCode: 'USD',
      invNo: [plain.invNo, disputed.invNo, credit.invNo],
    });

    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      added: [plain.invNo, disputed.invNo, credit.invNo],
      notAdded: [],
      message: null,
    });
    expect(body.cart.paymentCartName).toBe(`${own.customer.custNo}-PaymentCart-USD`);
    expect(body.cart.payments.find((line: { invNo: string }) => line.invNo === disputed.invNo)).toEqual({
      invNo: disputed.invNo,
      tranId: disputed.tranId,
      balance: '250.55',
      disputed: '50.50',
      originalAmount: '250.55',
      payment: '200.05',
      custNo: own.customer.custNo,
      currencyCode: 'USD',
    });
    expect(body.cart.paymentSummary).toEqual({ nbrOfInvoices: 3, totalAmount: '270.05' });
    expect(await own.storedCart()).toEqual([plain.invNo, disputed.invNo, credit.invNo]);
  });

  const refusals: Array<{
    reason: RefusalReason;
    roles?: string[];
    /** The privilege is missing: the payable invoice is refused too. */
    refusesAll?: boolean;
    setup: (own: SignedInCustomer) => Promise<{ id: number; invNo: string; tranId: string }>;
  }> = [
    { reason: 'CLOSED', setup: (own) => own.invoice({ status: 'C' }) },
    { reason: 'ZERO_BALANCE', setup: (own) => own.invoice({ amount: '10.00', paidAmount: '10.00' }) },
    { reason: 'FULLY_DISPUTED', setup: (own) => own.invoice({ amount: '80.00', disputeAmount: '80.00' }) },
    {
      reason: 'IN_CART',
      setup: async (own) => {
        const invoice = await own.invoice();
        await own.putInCart([invoice.id]);
        return invoice;
      },
    },
    { reason: 'PAYMENT_PENDING', setup: (own) => own.invoice({ paymentPending: true }) },
    {
      reason: 'NO_CREDIT_ADJ_PERMISSION',
      roles: [Privilege.ALLOW_PAY, Privilege.ALLOW_PROB_VIEW],
      setup: (own) => own.invoice({ amount: '-30.00' }),
    },
    {
      reason: 'NO_DISPUTE_VIEW_PERMISSION',
      roles: [Privilege.ALLOW_PAY, Privilege.ALLOW_CREDIT_ADJ],
      setup: (own) => own.invoice({ amount: '100.00', disputeAmount: '10.00' }),
    },
    {
      reason: 'NO_PERMISSION',
      roles: [Privilege.ALLOW_PROB_VIEW, Privilege.ALLOW_CREDIT_ADJ],
      refusesAll: true,
      setup: (own) => own.invoice(),
    },
  ];

  it.each(refusals)(
    'leaves out an invoice refused for $reason, with its reason, and adds the rest',
    async ({ reason, roles, refusesAll, setup }) => {
      const own = await account({ roles });
      const payable = await own.invoice({ amount: '40.00' });
      const refused = await setup(own);
      const cartBefore = await own.storedCart();
      const invoicesBefore = await own.storedInvoices();

      const response = await own.client.post('/payment/cart/add', {
        custNo: own.customer.custNo,
        currencyCode: 'USD',
        invNo: [payable.invNo, refused.invNo],
      });

      expect(response.statusCode, response.body).toBe(200);
      const body = response.json();
      const reasonText = REFUSAL_MESSAGES[reason];
      const notAdded = [
        ...(refusesAll ? [{ invNo: payable.invNo, tranId: payable.tranId, reason: reasonText }] : []),
        { invNo: refused.invNo, tranId: refused.tranId, reason: reasonText },
      ];
      expect(body.added).toEqual(refusesAll ? [] : [payable.invNo]);
      expect(body.notAdded).toEqual(notAdded);
      expect(body.message).toBe(
        `Add to cart is not available for the transaction(s): ${notAdded.map((entry) => entry.tranId).join(', ')}`,
      );
      const expectedCart = [...cartBefore, ...(refusesAll ? [] : [payable.invNo])].sort();
      expect(invNos(body.cart.payments).sort()).toEqual(expectedCart);
      expect(await own.storedCart()).toEqual(expectedCart);
      expect(await own.storedInvoices()).toEqual(invoicesBefore);
    },
  );

  it("leaves out an invoice of another currency, another customer's and an unknown one", async () => {
    const own = await account({ customer: { currencies: ['USD', 'EUR'] } });
    const payable = await own.invoice();
    const euros = await own.invoice({ tranCurrencyCode: 'EUR' });
    const other = await account();
    const theirs = await other.invoice({ invNo: 'INV-THEIRS' });

    const body = (
      await own.client.post('/payment/cart/add', {
        custNo: own.customer.custNo,
        currencyCode: 'USD',
        invNo: [payable.invNo, euros.invNo, theirs.invNo, 'INV-NOPE'],
      })
    ).json();

    expect(body.added).toEqual([payable.invNo]);
    expect(body.notAdded).toEqual([
      { invNo: euros.invNo, tranId: euros.tranId, reason: 'The invoice is in EUR, not USD.' },
      { invNo: theirs.invNo, tranId: theirs.invNo, reason: 'Not found in this account.' },
      { invNo: 'INV-NOPE', tranId: 'INV-NOPE', reason: 'Not found in this account.' },
    ]);
    expect(await own.storedCart()).toEqual([payable.invNo]);
    expect(await own.storedCart('EUR')).toEqual([]);
    expect(await other.storedCart()).toEqual([]);
  });

  it('keeps carts apart per user: another user of the same customer starts with an empty cart', async () => {
    const own = await account();
    const invoice = await own.invoice();
    await own.putInCart([invoice.id]);
    const colleague = await account({ colleagueOf: own });

    const cart = await colleague.client.get(
      `/payment/cart?custNo=${colleague.customer.custNo}&currencyCode=USD`,
    );

    expect(cart.json()).toMatchObject({
      payments: [],
      paymentSummary: { nbrOfInvoices: 0, totalAmount: '0.00' },
    });
    expect(await own.storedCart()).toEqual([invoice.invNo]);
  });
});

describe('the cart elsewhere', () => {
  it('marks the invoice rows in the cart and sums the cart in the customer summary', async () => {
    const own = await account();
    const inCart = await own.invoice({ amount: '100.00' });
    const disputed = await own.invoice({ amount: '250.55', disputeAmount: '50.50' });
    const outside = await own.invoice();
    await own.putInCart([inCart.id, disputed.id]);

    expect((await own.client.get(`/invoices/detail/${inCart.invNo}`)).json().invoice.inCart).toBe(true);
    expect((await own.client.get(`/invoices/detail/${outside.invNo}`)).json().invoice.inCart).toBe(false);
    const customers = (await own.client.get('/invoices/associationAccounts')).json();
    expect(customers).toEqual([
      expect.objectContaining({
        custNo: own.customer.custNo,
        cartSummary: { nbrOfInvoices: 2, totalAmount: '300.05' },
      }),
    ]);
  });

  it('summarises the cart of the currency the user works in for each customer', async () => {
    const own = await account({ customer: { currencies: ['USD', 'EUR'] } });
    const dollars = await own.invoice({ amount: '20.00' });
    const euros = await own.invoice({ amount: '9.00', tranCurrencyCode: 'EUR' });
    await own.putInCart([dollars.id]);
    await own.putInCart([euros.id], 'EUR');
    const custNo = own.customer.custNo;
    const summary = async () => (await own.client.get('/invoices/associationAccounts')).json()[0].cartSummary;

    expect(await summary()).toEqual({ nbrOfInvoices: 1, totalAmount: '20.00' });
    expect((await own.client.put(`/user/currenctCust/${custNo}`, { currencyCode: 'EUR' })).statusCode).toBe(
      200,
    );
    expect(await summary()).toEqual({ nbrOfInvoices: 1, totalAmount: '9.00' });
    const userData = (await own.client.get(`/user/currenctCust/${custNo}`)).json();
    expect(userData.currentCustomer.cartSummary).toEqual({ nbrOfInvoices: 1, totalAmount: '9.00' });
  });
});

describe('POST /payment/cart/remove and DELETE /payment/cart', () => {
  it('removes singly and empties, each answering the cart left', async () => {
    const own = await account();
    const first = await own.invoice({ amount: '100.00' });
    const second = await own.invoice({ amount: '250.55', disputeAmount: '50.50' });
    const third = await own.invoice({ amount: '-30.00' });
    await own.putInCart([first.id, second.id, third.id]);
    const custNo = own.customer.custNo;

    const removed = await own.client.post('/payment/cart/remove', {
      custNo,
      currencyCode: 'USD',
      invNo: [first.invNo],
    });
    expect(invNos(removed.json().payments)).toEqual([second.invNo, third.invNo]);
    expect(removed.json().paymentSummary).toEqual({ nbrOfInvoices: 2, totalAmount: '170.05' });
    expect(await own.storedCart()).toEqual([second.invNo, third.invNo]);

    const emptied = await own.client.request({
      method: 'DELETE',
      url: `/payment/cart?custNo=${custNo}&currencyCode=USD`,
    });
    expect(emptied.json()).toMatchObject({
      payments: [],
      paymentSummary: { nbrOfInvoices: 0, totalAmount: '0.00' },
    });
    expect(await own.storedCart()).toEqual([]);
  });

  it('removes several at once and leaves the cart of the other currency alone', async () => {
    const own = await account({ customer: { currencies: ['USD', 'EUR'] } });
    const first = await own.invoice();
    const second = await own.invoice();
    const kept = await own.invoice();
    const euros = await own.invoice({ tranCurrencyCode: 'EUR' });
    await own.putInCart([first.id, second.id, kept.id]);
    await own.putInCart([euros.id], 'EUR');
    const custNo = own.customer.custNo;

    const removed = await own.client.post('/payment/cart/remove', {
      custNo,
      currencyCode: 'USD',
      invNo: [first.invNo, second.invNo, euros.invNo],
    });

    expect(invNos(removed.json().payments)).toEqual([kept.invNo]);
    expect(await own.storedCart()).toEqual([kept.invNo]);
    expect(await own.storedCart('EUR')).toEqual([euros.invNo]);
  });

  it('refuses an empty selection, removing nothing', async () => {
    const own = await account();
    const invoice = await own.invoice();
    await own.putInCart([invoice.id]);

    const response = await own.client.post('/payment/cart/remove', {
      custNo: own.customer.custNo,
      currencyCode: 'USD',
      invNo: [],
    });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      fieldErrors: [{ field: 'body.invNo', message: 'Please select Transactions to Include' }],
    });
    expect(await own.storedCart()).toEqual([invoice.invNo]);
  });
});

describe('POST /payment/syncPaymentCart', () => {
  it('drops lines that stopped being payable and answers the server figures of the rest', async () => {
    const own = await account();
    const paidMeanwhile = await own.invoice({ amount: '100.00' });
    const payable = await own.invoice({ amount: '250.55', disputeAmount: '50.50' });
    const notAsked = await own.invoice({ amount: '10.00' });
    await own.putInCart([paidMeanwhile.id, payable.id, notAsked.id]);
    await context.database.db
      .update(invoices)
      .set({ balance: '0', status: 'C' })
      .where(eq(invoices.id, paidMeanwhile.id));

    const synced = await own.client.post(`/payment/syncPaymentCart/${own.customer.custNo}`, [
      paidMeanwhile.invNo,
      payable.invNo,
      'INV-UNKNOWN',
    ]);

    expect(synced.json()).toEqual([
      { invNo: payable.invNo, balance: '250.55', disputed: '50.50', payment: '200.05' },
    ]);
    expect(await own.storedCart()).toEqual([payable.invNo, notAsked.invNo]);
  });
});

describe("another customer's cart", () => {
  it('answers 404 as for a missing customer, and neither reads nor changes it', async () => {
    const own = await account();
    const other = await account();
    const theirs = await other.invoice();
    await other.putInCart([theirs.id]);
    const notFound = { statusCode: 404, code: 'NOT_FOUND' };

    for (const custNo of [other.customer.custNo, 'C-NOPE']) {
      const read = await own.client.get(`/payment/cart?custNo=${custNo}&currencyCode=USD`);
      expect(read.statusCode, custNo).toBe(404);
      expect(read.json(), custNo).toMatchObject(notFound);
      expect(read.body).not.toContain(theirs.invNo);
      const synced = await own.client.post(`/payment/syncPaymentCart/${custNo}`, [theirs.invNo]);
      expect(synced.statusCode, custNo).toBe(404);
      expect(synced.json(), custNo).toMatchObject(notFound);
      const emptied = await own.client.request({
        method: 'DELETE',
        url: `/payment/cart?custNo=${custNo}&currencyCode=USD`,
      });
      expect(emptied.statusCode, custNo).toBe(404);
      expect(emptied.json(), custNo).toMatchObject(notFound);
    }
    expect(await other.storedCart()).toEqual([theirs.invNo]);
  });
});
