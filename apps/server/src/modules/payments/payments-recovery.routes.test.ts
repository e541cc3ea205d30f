import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { cancelAtSandbox, submitCard } from '../../test/sandbox-payer';
import { type PaymentsHarness, postWithKey, startPaymentsHarness } from './payments-test-support';

let harness: PaymentsHarness;

beforeAll(async () => {
  harness = await startPaymentsHarness();
});
afterAll(() => harness.close());

describe('recovery at start', () => {
  it('a payment still pending at the provider stays pending', async () => {
    const own = await harness.account();
    const invoice = await own.invoice({ amount: '9.00' });
    const started = await postWithKey(own.client, '/payment/hpp/DEBIT_CARD', {
      custNo: own.customer.custNo,
      currency: 'USD',
      payments: [{ invNo: invoice.invNo, payment: '9.00' }],
    });
    expect(started.statusCode, started.body).toBe(200);
    const restarted = await buildApp(harness.context.config, {
      database: harness.context.database,
      logger: false,
    });
    try {
      expect(await restarted.services.paymentSettlement.recoverPending()).toEqual({ checked: 1, settled: 0 });
      expect(await harness.payment(started.json().extTranRefId)).toMatchObject({ status: 'PENDING' });
      expect(await harness.invoice(invoice.id)).toMatchObject({ paymentPending: true });
      // Cancelled at the provider: the next recovery releases the invoice.
      await cancelAtSandbox(started.json().serviceURL);
      expect(await restarted.services.paymentSettlement.recoverPending()).toEqual({ checked: 1, settled: 1 });
      expect(await harness.invoice(invoice.id)).toMatchObject({ paymentPending: false, balance: '9.00' });
    } finally {
      await restarted.close();
    }
  });

  it('a payment paid while the server was down is settled from the provider by the next instance, once', async () => {
    const own = await harness.account();
    const invoice = await own.invoice({ amount: '88.00' });
    const started = (
      await postWithKey(own.client, '/payment/hpp/CREDIT_CARD', {
        custNo: own.customer.custNo,
        currency: 'USD',
        payments: [{ invNo: invoice.invNo, payment: '88.00' }],
      })
    ).json();
    // The server "dies" after starting the checkout: its notification goes nowhere (the
    // receiver only records it) and nobody polls.
    await harness.context.app.close();
    await submitCard(started.serviceURL, { number: '4242424242424242' });
    expect(await harness.payment(started.extTranRefId)).toMatchObject({ status: 'PENDING' });

    // A new instance on the same database, as server start builds it.
    const restarted = await buildApp(harness.context.config, {
      database: harness.context.database,
      logger: false,
    });
    try {
      expect(await restarted.services.paymentSettlement.recoverPending()).toEqual({ checked: 1, settled: 1 });
      expect(await harness.payment(started.extTranRefId)).toMatchObject({
        status: 'SUCCESS',
        total: '90.20',
      });
      expect(await harness.invoice(invoice.id)).toMatchObject({
        status: 'C',
        balance: '0.00',
        paidAmount: '88.00',
        paymentPending: false,
      });
      // Recovering again (another restart) finds nothing to do and changes nothing.
      expect(await restarted.services.paymentSettlement.recoverPending()).toEqual({ checked: 0, settled: 0 });
      expect(await harness.invoice(invoice.id)).toMatchObject({ paidAmount: '88.00' });
      // The provider's late notification, delivered now, changes nothing either.
      const notification = harness.receiver.received.find(
        (entry) => JSON.parse(entry.body).data.extTranRefId === started.extTranRefId,
      )!;
      const late = await restarted.inject({
        method: 'POST',
        url: `${harness.context.api}/payment/notifications/sandbox`,
        headers: {
          'content-type': 'application/json',
          'webhook-id': notification.headers['webhook-id']!,
          'webhook-timestamp': notification.headers['webhook-timestamp']!,
          'webhook-signature': notification.headers['webhook-signature']!,
        },
        payload: notification.body,
      });
      expect(late.statusCode).toBe(200);
      expect(await harness.invoice(invoice.id)).toMatchObject({ paidAmount: '88.00', balance: '0.00' });
      await restarted.services.background.drain();
      expect(await harness.emails(own.email)).toHaveLength(1);
    } finally {
      await restarted.close();
    }
  });
});
