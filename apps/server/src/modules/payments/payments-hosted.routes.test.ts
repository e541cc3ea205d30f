import { PAYMENT_MESSAGES } from '@settle/shared/payments';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cancelAtSandbox, submitCard } from '../../test/sandbox-payer';
import { readPdf } from '../documents/pdf-reader.test-helper';
import { type PaymentsHarness, postWithKey, startPaymentsHarness } from './payments-test-support';

let harness: PaymentsHarness;

beforeAll(async () => {
  harness = await startPaymentsHarness();
});
afterAll(() => harness.close());

type Own = Awaited<ReturnType<PaymentsHarness['account']>>;

async function startCart(
  own: Own,
  invoices: Array<{ invNo: string; payment: string; shortPayReason?: string }>,
) {
  const response = await postWithKey(own.client, '/payment/hpp/CREDIT_CARD', {
    custNo: own.customer.custNo,
    currency: 'USD',
    payments: invoices,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

async function poll(own: Own, extTranRefId: string) {
  const response = await own.client.get(`/payment/log/pollStatus/${extTranRefId}/${own.customer.custNo}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json();
}

describe('paying the cart by card through the sandbox', () => {
  it('4242: the poll settles SUCCESS; balances, paid amounts, cart, activity and the receipt email follow', async () => {
    const own = await harness.account();
    const full = await own.invoice({ amount: '100.00' });
    const partial = await own.invoice({ amount: '250.00', disputeAmount: '50.00' });
    await own.putInCart([full.id, partial.id]);

    const started = await startCart(own, [
      { invNo: full.invNo, payment: '100.00' },
      { invNo: partial.invNo, payment: '120.00', shortPayReason: 'DAMAGED' },
    ]);
    expect(started).toMatchObject({ status: 'PENDING', pollStatus: true, serviceMethod: expect.any(String) });
    expect(started.serviceURL).toMatch(/^http:\/\/127\.0\.0\.1:\d+\//);
    expect(started.serviceURL.startsWith(harness.sandbox.origin)).toBe(true);

    // In flight: the invoices say so, and cannot be paid, promised or added again.
    const during = await harness.invoice(full.id);
    expect(during).toMatchObject({ paymentPending: true, paymentPendingAmount: '100.00', balance: '100.00' });
    const detail = await own.client.get(`/invoices/detail/${full.invNo}`);
    expect(detail.json().invoice).toMatchObject({ paymentPending: 'true', paymentPendingAmount: '100.00' });
    const again = await postWithKey(own.client, '/payment/hpp/CREDIT_CARD', {
      custNo: own.customer.custNo,
      currency: 'USD',
      payments: [{ invNo: full.invNo, payment: '100.00' }],
    });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'PAYMENT_IN_FLIGHT',
      message: PAYMENT_MESSAGES.paymentInFlight,
    });
    const tomorrow = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    await own.client.put('/invoices/promiseUnPromise', {
      invNo: [full.invNo],
      promised: true,
      nextFollowupDate: tomorrow,
    });
    expect((await harness.invoice(full.id)).promise).toBe(false);

    expect((await poll(own, started.extTranRefId)).status).toBe('PENDING');
    const paid = await submitCard(started.serviceURL, { number: '4242424242424242' });
    expect(paid.status).toBeLessThan(500);

    const result = await poll(own, started.extTranRefId);
    expect(result).toMatchObject({
      status: 'SUCCESS',
      pollStatus: false,
      paymentLogId: started.paymentLogId,
    });

    // 2.5 % fee on the USD card total 220.00 -> 5.50.
    const payment = await harness.payment(started.extTranRefId);
    expect(payment).toMatchObject({ status: 'SUCCESS', amount: '220.00', fee: '5.50', total: '225.50' });
    expect(await harness.invoice(full.id)).toMatchObject({
      status: 'C',
      balance: '0.00',
      paidAmount: '100.00',
      paymentPending: false,
      paymentPendingAmount: '0.00',
    });
    expect(await harness.invoice(partial.id)).toMatchObject({
      status: 'O',
      balance: '130.00',
      paidAmount: '120.00',
      paymentPending: false,
    });
    expect(await own.storedCart()).toEqual([]);
    const lines = await harness.lines(payment!.id);
    expect(lines.map((line) => [line.invNo, line.amount, line.shortPayReason, line.inFlight])).toEqual([
      [full.invNo, '100.00', null, false],
      [partial.invNo, '120.00', 'DAMAGED', false],
    ]);
    const timeline = (await own.client.get(`/invoices/activity/${partial.invNo}`)).json();
    expect(timeline.entries.map((entry: { kind: string }) => entry.kind).slice(0, 2)).toEqual([
      'PAYMENT_SUCCEEDED',
      'PAYMENT_STARTED',
    ]);

    const status = await own.client.get(`/payment/log/status/${started.extTranRefId}`);
    expect(status.json()).toEqual({ status: true });
    const summary = (await own.client.get(`/payment/log/summary/${started.paymentLogId}`)).json();
    expect(summary).toMatchObject({
      paymentDecision: 'SUCCESS',
      transactionType: 'INVOICES',
      amount: '220.00',
      convenienceFeeAmount: '5.50',
      totalCharged: '225.50',
      accountMasked: '************4242',
      paymentDetailLogViews: [
        { invNo: full.invNo, amount: '100.00', currCode: 'USD', shortPayReason: null },
        { invNo: partial.invNo, amount: '120.00', currCode: 'USD', shortPayReason: 'DAMAGED' },
      ],
    });
    expect(summary.history.map((entry: { event: string }) => entry.event)).toEqual([
      'STARTED',
      'PENDING',
      'SUCCEEDED',
    ]);

    const emails = await harness.emails(own.email);
    expect(emails).toHaveLength(1);
    expect(emails[0]!.subject).toContain('payment received');
    expect(emails[0]!.body).toContain('$225.50');
    expect(emails[0]!.body).toContain(full.invNo);

    // Polling again changes nothing and sends nothing more.
    expect((await poll(own, started.extTranRefId)).status).toBe('SUCCESS');
    expect(await harness.invoice(partial.id)).toMatchObject({ balance: '130.00', paidAmount: '120.00' });
    expect(await harness.emails(own.email)).toHaveLength(1);
  });

  it('a declined card fails with responseText Declined and releases the invoices', async () => {
    const own = await harness.account();
    const invoice = await own.invoice({ amount: '80.00' });
    const started = await startCart(own, [{ invNo: invoice.invNo, payment: '80.00' }]);
    await submitCard(started.serviceURL, { number: '4000000000000002' });
    expect(await poll(own, started.extTranRefId)).toMatchObject({
      status: 'FAILURE',
      responseText: 'Declined',
    });
    expect(await harness.invoice(invoice.id)).toMatchObject({
      balance: '80.00',
      paidAmount: '0.00',
      paymentPending: false,
      paymentPendingAmount: '0.00',
    });
    // Released: it can be paid again at once.
    const retry = await startCart(own, [{ invNo: invoice.invNo, payment: '80.00' }]);
    expect(retry.extTranRefId).not.toBe(started.extTranRefId);
  });

  it('an incorrect expiry date answers ExpirationDateIncorrect; a cancelled window CANCELLED', async () => {
    const own = await harness.account();
    const first = await own.invoice({ amount: '10.00' });
    const second = await own.invoice({ amount: '20.00' });
    const expired = await startCart(own, [{ invNo: first.invNo, payment: '10.00' }]);
    await submitCard(expired.serviceURL, { number: '4000000000000069' });
    expect(await poll(own, expired.extTranRefId)).toMatchObject({
      status: 'FAILURE',
      responseText: 'ExpirationDateIncorrect',
    });
    const cancelled = await startCart(own, [{ invNo: second.invNo, payment: '20.00' }]);
    await cancelAtSandbox(cancelled.serviceURL);
    expect((await poll(own, cancelled.extTranRefId)).status).toBe('CANCELLED');
    expect(await harness.invoice(second.id)).toMatchObject({ paymentPending: false, balance: '20.00' });
  });

  it('another customer’s payment, status, summary and receipt answer 404', async () => {
    const own = await harness.account();
    const other = await harness.account();
    const invoice = await own.invoice({ amount: '15.00' });
    const started = await startCart(own, [{ invNo: invoice.invNo, payment: '15.00' }]);
    const ref = started.extTranRefId;
    for (const url of [
      `/payment/log/pollStatus/${ref}/${own.customer.custNo}`,
      `/payment/log/pollStatus/${ref}/${other.customer.custNo}`,
      `/payment/log/status/${ref}`,
      `/payment/log/summary/${started.paymentLogId}`,
      `/payment/log/receiptPDF?custNo=${other.customer.custNo}&paymentLogId=${started.paymentLogId}`,
    ]) {
      const response = await other.client.get(url);
      expect(response.statusCode, url).toBe(404);
    }
    const receipt = await other.client.post('/payment/log/receiptPDF', {
      custNo: own.customer.custNo,
      paymentLogId: started.paymentLogId,
    });
    expect(receipt.statusCode).toBe(404);
  });

  it('the receipt PDF names the payment, its invoices and amounts in the reader’s language', async () => {
    const own = await harness.account();
    const invoice = await own.invoice({ amount: '42.00' });
    const started = await startCart(own, [{ invNo: invoice.invNo, payment: '42.00' }]);
    await submitCard(started.serviceURL, { number: '4242424242424242' });
    await poll(own, started.extTranRefId);
    const response = await own.client.post('/payment/log/receiptPDF', {
      custNo: own.customer.custNo,
      paymentLogId: started.paymentLogId,
    });
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    const pdf = await readPdf(response.rawPayload);
    expect(pdf.text).toContain('Payment receipt');
    expect(pdf.text).toContain(invoice.invNo);
    expect(pdf.text).toContain('$43.05');
    expect(pdf.text).toContain('Successful');
  });
});

describe('a window closed by hand', () => {
  it('cancel gives the checkout up at the provider and frees the invoices at once; paying there is refused', async () => {
    const own = await harness.account();
    const invoice = await own.invoice({ amount: '44.00' });
    const started = await startCart(own, [{ invNo: invoice.invNo, payment: '44.00' }]);
    const cancel = () =>
      own.client.post(`/payment/log/cancel/${started.extTranRefId}/${own.customer.custNo}`);
    const answer = await cancel();
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json()).toMatchObject({ status: 'CANCELLED', pollStatus: false });
    expect(await harness.invoice(invoice.id)).toMatchObject({ paymentPending: false, balance: '44.00' });
    expect((await cancel()).json().status).toBe('CANCELLED');
    await submitCard(started.serviceURL, { number: '4242424242424242' });
    expect((await poll(own, started.extTranRefId)).status).toBe('CANCELLED');
    expect(await harness.invoice(invoice.id)).toMatchObject({ paidAmount: '0.00' });
    // The cart can be paid again straight away.
    expect((await startCart(own, [{ invNo: invoice.invNo, payment: '44.00' }])).status).toBe('PENDING');
  });

  it('a payment made just before the window closed is kept, not cancelled', async () => {
    const own = await harness.account();
    const other = await harness.account();
    const invoice = await own.invoice({ amount: '45.00' });
    const started = await startCart(own, [{ invNo: invoice.invNo, payment: '45.00' }]);
    await submitCard(started.serviceURL, { number: '4242424242424242' });
    const notMine = await other.client.post(
      `/payment/log/cancel/${started.extTranRefId}/${own.customer.custNo}`,
    );
    expect(notMine.statusCode).toBe(404);
    const answer = await own.client.post(
      `/payment/log/cancel/${started.extTranRefId}/${own.customer.custNo}`,
    );
    expect(answer.json().status).toBe('SUCCESS');
    expect(await harness.invoice(invoice.id)).toMatchObject({ paidAmount: '45.00', status: 'C' });
  });
});

describe('on-account payment through the sandbox', () => {
  it('pays an amount with a note and contract number; no invoice changes', async () => {
    const own = await harness.account();
    const response = await postWithKey(own.client, '/payment/hppOnAccount/DEBIT_CARD', {
      custNo: own.customer.custNo,
      currency: 'EUR',
      amount: '300.00',
      note: 'Advance for November',
      contractNumber: 'CT-77',
    });
    expect(response.statusCode, response.body).toBe(200);
    const started = response.json();
    await submitCard(started.serviceURL, { number: '4000056655665556' });
    expect((await poll(own, started.extTranRefId)).status).toBe('SUCCESS');
    const summary = (await own.client.get(`/payment/log/summary/${started.paymentLogId}`)).json();
    expect(summary).toMatchObject({
      transactionType: 'ON_ACCOUNT',
      currencyCode: 'EUR',
      paymentType: 'DEBIT_CARD',
      amount: '300.00',
      convenienceFeeAmount: '0.00',
      note: 'Advance for November',
      contractNumber: 'CT-77',
      paymentDetailLogViews: [],
    });
  });

  it('refuses an amount of 0, a note over the configured size, and a missing contract number when required', async () => {
    const own = await harness.account();
    const base = { custNo: own.customer.custNo, currency: 'USD', note: '', contractNumber: '' };
    const zero = await postWithKey(own.client, '/payment/hppOnAccount/CREDIT_CARD', {
      ...base,
      amount: '0.00',
    });
    expect(zero.statusCode).toBe(400);
    expect(zero.json().message).toBe(PAYMENT_MESSAGES.amountAboveZero);
    const long = await postWithKey(own.client, '/payment/hppOnAccount/CREDIT_CARD', {
      ...base,
      amount: '5.00',
      note: 'x'.repeat(101),
    });
    expect(long.statusCode).toBe(400);
    expect(long.json().message).toBe('The note can be at most 100 characters.');
    await harness.context.app.services.paymentSettings.upsertConfig({
      ...(await harness.context.app.services.paymentSettings.config(harness.tenantId, 'on_account', 'USD')),
      tenantId: harness.tenantId,
      flow: 'on_account',
      currencyCode: 'USD',
      contractNumberRequired: true,
    });
    const noContract = await postWithKey(own.client, '/payment/hppOnAccount/CREDIT_CARD', {
      ...base,
      amount: '5.00',
    });
    expect(noContract.statusCode).toBe(400);
    expect(noContract.json().message).toBe(PAYMENT_MESSAGES.contractNumberRequired);
    expect(await harness.paymentCount(own.customer.id)).toBe(0);
  });
});

describe('the provider’s notification over real HTTP', () => {
  it('settles the payment with nobody polling', async () => {
    await harness.context.app.listen({ port: 0, host: '127.0.0.1' });
    const address = harness.context.app.server.address() as { port: number };
    harness.sandbox.setNotifyUrl(
      `http://127.0.0.1:${address.port}${harness.context.api}/payment/notifications/sandbox`,
    );
    const own = await harness.account();
    const invoice = await own.invoice({ amount: '61.00' });
    const started = await startCart(own, [{ invNo: invoice.invNo, payment: '61.00' }]);
    await submitCard(started.serviceURL, { number: '4242424242424242' });
    let payment = await harness.payment(started.extTranRefId);
    for (let attempt = 0; attempt < 100 && payment?.status === 'PENDING'; attempt += 1) {
      await new Promise((resolve) => setTimeout(resolve, 100));
      payment = await harness.payment(started.extTranRefId);
    }
    expect(payment).toMatchObject({ status: 'SUCCESS' });
    expect(await harness.events(payment!.id)).toContain('NOTIFICATION_RECEIVED');
    expect(await harness.invoice(invoice.id)).toMatchObject({ status: 'C', paidAmount: '61.00' });
  });
});
