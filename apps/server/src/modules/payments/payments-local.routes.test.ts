import { PAYMENT_MESSAGES } from '@settle/shared/payments';
import { Privilege } from '@settle/shared/privileges';
import { REFUSAL_MESSAGES } from '@settle/shared/rules/invoices';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PaymentsHarness, postWithKey, startPaymentsHarness } from './payments-test-support';

let harness: PaymentsHarness;

beforeAll(async () => {
  harness = await startPaymentsHarness();
});
afterAll(() => harness.close());

const ACCOUNT = {
  name: 'Ada Lovelace',
  accountType: 'Checking',
  routingNumber: '021000021',
  accountNumber: '000123456789',
  checkNumber: '1001',
};

describe('configuration and provider settings', () => {
  it('answers the seeded configuration per flow and currency; e-check in USD only', async () => {
    const own = await harness.account();
    const usd = (await own.client.get('/payment/config/cart/USD')).json();
    expect(usd).toMatchObject({
      allowCreditCard: true,
      allowDebitCard: true,
      allowECheck: true,
      allowCombined: true,
      noteMaxSize: 100,
    });
    const eur = (await own.client.get('/payment/config/on_account/EUR')).json();
    expect(eur).toMatchObject({ allowCreditCard: true, allowECheck: false });
    expect(eur.elements.map((element: { name: string }) => element.name)).toEqual([
      'amount',
      'note',
      'contractNumber',
    ]);
    // GBP is not a currency of this customer.
    expect((await own.client.get('/payment/config/cart/GBP')).statusCode).toBe(400);
  });

  it('computes the convenience fee in cents: 2.5 % on USD cards, none on debit cards or e-checks', async () => {
    const own = await harness.account();
    const card = (await own.client.get('/payment/provider/cart/CREDIT_CARD/USD?amount=1234.55')).json();
    expect(card).toEqual({
      name: 'Sandbox secure checkout',
      width: 640,
      height: 760,
      localProcessing: false,
      paymentFees: {
        feesApplied: true,
        convenienceFeePercentage: '2.50',
        originalAmount: '1234.55',
        amountWithFees: '1265.41',
        convenienceFeeAmount: '30.86',
      },
    });
    const debit = (await own.client.get('/payment/provider/cart/DEBIT_CARD/USD?amount=100')).json();
    expect(debit.paymentFees).toMatchObject({ feesApplied: false, convenienceFeeAmount: '0.00' });
    const echeck = (await own.client.get('/payment/provider/on_account/ACH/USD?amount=100')).json();
    expect(echeck).toMatchObject({ localProcessing: true, paymentFees: { feesApplied: false } });
    const eurCard = (await own.client.get('/payment/provider/cart/CREDIT_CARD/EUR?amount=100')).json();
    expect(eurCard.paymentFees.feesApplied).toBe(false);
    const missing = await own.client.get('/payment/provider/cart/ECHECK/EUR?amount=100');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe(PAYMENT_MESSAGES.methodNotAllowed);
  });
});

describe('validateCart', () => {
  it('re-reads every line: changed balances, disputes and closed invoices come back with the reason', async () => {
    const own = await harness.account();
    const same = await own.invoice({ amount: '100.00' });
    const lowered = await own.invoice({ amount: '100.00', paidAmount: '40.00' });
    const closed = await own.invoice({ amount: '10.00', status: 'C' });
    const response = await own.client.post('/payment/validateCart/CREDIT_CARD/USD', {
      custNo: own.customer.custNo,
      payments: [
        { invNo: same.invNo, payment: '100.00' },
        { invNo: lowered.invNo, payment: '100.00' },
        { invNo: closed.invNo, payment: '10.00' },
        { invNo: 'NOPE-1', payment: '1.00' },
      ],
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      valid: false,
      changed: [
        {
          invNo: lowered.invNo,
          balance: '60.00',
          disputed: '0.00',
          payment: '60.00',
          reason: PAYMENT_MESSAGES.partialAmountRange.replace('{0}', '60.00'),
        },
        {
          invNo: closed.invNo,
          balance: '10.00',
          disputed: '0.00',
          payment: '10.00',
          reason: REFUSAL_MESSAGES.CLOSED,
        },
        {
          invNo: 'NOPE-1',
          balance: '0.00',
          disputed: '0.00',
          payment: '0.00',
          reason: 'Not found in this account.',
        },
      ],
    });
  });
});

describe('cart payment rules', () => {
  const body = (custNo: string, payments: unknown[]) => ({ custNo, currency: 'USD', payments });

  it('a partial payment needs a reason from the list and stays within balance minus disputed', async () => {
    const own = await harness.account();
    const invoice = await own.invoice({ amount: '100.00', disputeAmount: '30.00' });
    const noReason = await postWithKey(
      own.client,
      '/payment/hpp/CREDIT_CARD',
      body(own.customer.custNo, [{ invNo: invoice.invNo, payment: '50.00' }]),
    );
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().message).toContain(PAYMENT_MESSAGES.shortPayReasonRequired);
    const tooMuch = await postWithKey(
      own.client,
      '/payment/hpp/CREDIT_CARD',
      body(own.customer.custNo, [{ invNo: invoice.invNo, payment: '70.01' }]),
    );
    expect(tooMuch.statusCode).toBe(400);
    expect(tooMuch.json().message).toContain('at most 70.00');
    const badReason = await postWithKey(
      own.client,
      '/payment/hpp/CREDIT_CARD',
      body(own.customer.custNo, [{ invNo: invoice.invNo, payment: '50.00', shortPayReason: 'BECAUSE' }]),
    );
    expect(badReason.statusCode).toBe(400);
    expect(await harness.paymentCount(own.customer.id)).toBe(0);
    expect(await harness.invoice(invoice.id)).toMatchObject({ paymentPending: false });
  });

  it('privileges: ALLOW_PAY to pay, ALLOW_CREDIT_ADJ for credits, ALLOW_PROB_VIEW for disputed invoices', async () => {
    const viewer = await harness.account({ roles: [Privilege.ALLOW_PROB_VIEW] });
    const plain = await viewer.invoice({ amount: '10.00' });
    const noPay = await postWithKey(
      viewer.client,
      '/payment/hpp/CREDIT_CARD',
      body(viewer.customer.custNo, [{ invNo: plain.invNo, payment: '10.00' }]),
    );
    expect(noPay.statusCode).toBe(403);
    expect(noPay.json().message).toBe(PAYMENT_MESSAGES.noPayPermission);

    const payer = await harness.account({ roles: [Privilege.ALLOW_PAY] });
    const invoice = await payer.invoice({ amount: '100.00' });
    const credit = await payer.invoice({ amount: '-30.00' });
    const disputed = await payer.invoice({ amount: '50.00', disputeAmount: '10.00' });
    const withCredit = await postWithKey(
      payer.client,
      '/payment/hpp/CREDIT_CARD',
      body(payer.customer.custNo, [
        { invNo: invoice.invNo, payment: '100.00' },
        { invNo: credit.invNo, payment: '-30.00' },
      ]),
    );
    expect(withCredit.statusCode).toBe(403);
    expect(withCredit.json().message).toContain(REFUSAL_MESSAGES.NO_CREDIT_ADJ_PERMISSION);
    const withDispute = await postWithKey(
      payer.client,
      '/payment/hpp/CREDIT_CARD',
      body(payer.customer.custNo, [{ invNo: disputed.invNo, payment: '40.00' }]),
    );
    expect(withDispute.statusCode).toBe(403);
    expect(withDispute.json().message).toContain(REFUSAL_MESSAGES.NO_DISPUTE_VIEW_PERMISSION);
    expect(await harness.paymentCount(payer.customer.id)).toBe(0);
  });

  it('a credit combined with invoices pays the net amount, unless the currency does not allow combining', async () => {
    const own = await harness.account();
    const invoice = await own.invoice({ amount: '100.00' });
    const credit = await own.invoice({ amount: '-30.00' });
    const lines = [
      { invNo: invoice.invNo, payment: '100.00' },
      { invNo: credit.invNo, payment: '-30.00' },
    ];
    const services = harness.context.app.services.paymentSettings;
    const current = await services.config(harness.tenantId, 'cart', 'USD');
    await services.upsertConfig({
      ...current,
      tenantId: harness.tenantId,
      flow: 'cart',
      currencyCode: 'USD',
      allowCombined: false,
    });
    const refused = await postWithKey(
      own.client,
      '/payment/hpp/DEBIT_CARD',
      body(own.customer.custNo, lines),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().message).toBe(PAYMENT_MESSAGES.combinedNotAllowed);
    await services.upsertConfig({
      ...current,
      tenantId: harness.tenantId,
      flow: 'cart',
      currencyCode: 'USD',
      allowCombined: true,
    });
    const accepted = await postWithKey(
      own.client,
      '/payment/hpp/DEBIT_CARD',
      body(own.customer.custNo, lines),
    );
    expect(accepted.statusCode, accepted.body).toBe(200);
    const payment = await harness.payment(accepted.json().extTranRefId);
    expect(payment).toMatchObject({ amount: '70.00', fee: '0.00', total: '70.00' });
  });

  it('a credit alone (a total of 0 or below) is refused', async () => {
    const own = await harness.account();
    const credit = await own.invoice({ amount: '-30.00' });
    const response = await postWithKey(
      own.client,
      '/payment/hpp/CREDIT_CARD',
      body(own.customer.custNo, [{ invNo: credit.invNo, payment: '-30.00' }]),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(PAYMENT_MESSAGES.amountAboveZero);
  });

  it('another customer’s invoice is not payable from this account', async () => {
    const own = await harness.account();
    const other = await harness.account();
    const theirs = await other.invoice({ amount: '10.00' });
    const response = await postWithKey(
      own.client,
      '/payment/hpp/CREDIT_CARD',
      body(own.customer.custNo, [{ invNo: theirs.invNo, payment: '10.00' }]),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('PAYMENT_CART_CHANGED');
    const asThem = await postWithKey(
      own.client,
      '/payment/hpp/CREDIT_CARD',
      body(other.customer.custNo, [{ invNo: theirs.invNo, payment: '10.00' }]),
    );
    expect(asThem.statusCode).toBe(404);
    expect(await harness.invoice(theirs.id)).toMatchObject({ paymentPending: false });
  });
});

describe('electronic check processed in the product', () => {
  it('a wrong routing number is refused with the ABA message, then the right one pays at once', async () => {
    const own = await harness.account();
    const invoice = await own.invoice({ amount: '64.10' });
    await own.putInCart([invoice.id]);
    const request = (routingNumber: string) => ({
      custNo: own.customer.custNo,
      currency: 'USD',
      payments: [{ invNo: invoice.invNo, payment: '64.10' }],
      paymentAccount: { ...ACCOUNT, routingNumber },
    });
    const wrong = await postWithKey(own.client, '/payment/makePayment/ECHECK', request('021000022'));
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().fieldErrors).toEqual([
      { field: 'body.paymentAccount.routingNumber', message: PAYMENT_MESSAGES.routingNumberInvalid },
    ]);
    expect(await harness.paymentCount(own.customer.id)).toBe(0);

    const right = await postWithKey(own.client, '/payment/makePayment/ACH', request('021000021'));
    expect(right.statusCode, right.body).toBe(200);
    expect(right.json()).toMatchObject({ status: 'SUCCESS', pollStatus: false, serviceURL: null });
    expect(right.json().trackingNo).toMatch(/^ACH-\d{8}$/);
    const payment = await harness.payment(right.json().extTranRefId);
    expect(payment).toMatchObject({
      methodType: 'ECHECK',
      accountMasked: '********6789',
      routingNumber: '021000021',
      status: 'SUCCESS',
    });
    // Stored sealed: the number is nowhere in clear, and opens with the secret's key.
    expect(payment!.accountEncrypted).not.toContain('123456789');
    expect(harness.context.app.services.sealer.open('echeck-account', payment!.accountEncrypted!)).toBe(
      '000123456789',
    );
    expect(await harness.invoice(invoice.id)).toMatchObject({
      status: 'C',
      balance: '0.00',
      paidAmount: '64.10',
    });
    expect(await own.storedCart()).toEqual([]);
    const summary = (await own.client.get(`/payment/log/summary/${right.json().paymentLogId}`)).json();
    expect(summary.accountMasked).toBe('********6789');
    expect(JSON.stringify(summary)).not.toContain('000123456789');
    expect(await harness.emails(own.email)).toHaveLength(1);
  });

  it('is refused outside USD with a clear message, and through the hosted checkout', async () => {
    const own = await harness.account();
    const invoice = await own.invoice({ amount: '10.00', tranCurrencyCode: 'EUR' });
    const eur = await postWithKey(own.client, '/payment/makePayment/ECHECK', {
      custNo: own.customer.custNo,
      currency: 'EUR',
      payments: [{ invNo: invoice.invNo, payment: '10.00' }],
      paymentAccount: ACCOUNT,
    });
    expect(eur.statusCode).toBe(400);
    expect(eur.json()).toMatchObject({ code: 'ECHECK_USD_ONLY', message: PAYMENT_MESSAGES.echeckUsdOnly });
    const onAccount = await postWithKey(own.client, '/payment/makePaymentOnAccount/ECHECK', {
      custNo: own.customer.custNo,
      currency: 'EUR',
      amount: '10.00',
      paymentAccount: ACCOUNT,
    });
    expect(onAccount.json().message).toBe(PAYMENT_MESSAGES.echeckUsdOnly);
    const hosted = await postWithKey(own.client, '/payment/hppOnAccount/ECHECK', {
      custNo: own.customer.custNo,
      currency: 'USD',
      amount: '10.00',
    });
    expect(hosted.statusCode).toBe(400);
    expect(hosted.json().message).toBe(PAYMENT_MESSAGES.localOnly);
    const cardLocally = await postWithKey(own.client, '/payment/makePaymentOnAccount/CREDIT_CARD', {
      custNo: own.customer.custNo,
      currency: 'USD',
      amount: '10.00',
      paymentAccount: ACCOUNT,
    });
    expect(cardLocally.json().message).toBe(PAYMENT_MESSAGES.hostedOnly);
    expect(await harness.paymentCount(own.customer.id)).toBe(0);
  });

  it('on account in USD: paid at once, recorded with its note', async () => {
    const own = await harness.account();
    const response = await postWithKey(own.client, '/payment/makePaymentOnAccount/ECHECK', {
      custNo: own.customer.custNo,
      currency: 'USD',
      amount: '500.00',
      note: 'Deposit',
      paymentAccount: ACCOUNT,
    });
    expect(response.statusCode, response.body).toBe(200);
    const summary = (await own.client.get(`/payment/log/summary/${response.json().paymentLogId}`)).json();
    expect(summary).toMatchObject({
      paymentDecision: 'SUCCESS',
      transactionType: 'ON_ACCOUNT',
      methodType: 'ECHECK',
      amount: '500.00',
      note: 'Deposit',
    });
  });
});

describe('OpenAPI', () => {
  it('documents every payment path of the specification under the payments tag', async () => {
    const document = (await harness.context.app.inject({ url: `${harness.context.api}/docs/json` })).json();
    const paths = [
      '/payment/config/cart/{currency}',
      '/payment/config/on_account/{currency}',
      '/payment/provider/cart/{type}/{currency}',
      '/payment/provider/on_account/{paymentType}/{currency}',
      '/payment/validateCart/{type}/{currency}',
      '/payment/hpp/{paymentType}',
      '/payment/hppOnAccount/{paymentType}',
      '/payment/makePayment/{paymentType}',
      '/payment/makePaymentOnAccount/{paymentType}',
      '/payment/log/pollStatus/{extTranRefId}/{custNo}',
      '/payment/log/cancel/{extTranRefId}/{custNo}',
      '/payment/log/status/{extTranRefId}',
      '/payment/log/summary/{paymentLogId}',
      '/payment/log/receiptPDF',
      '/payment/notifications/{provider}',
    ];
    for (const path of paths) {
      const operations = Object.values(document.paths[path] ?? {}) as Array<{ tags?: string[] }>;
      expect(operations.length, path).toBeGreaterThan(0);
      for (const operation of operations) expect(operation.tags, path).toEqual(['payments']);
    }
  });
});
