import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentEvents } from '../../db/schema/payments';
import { users } from '../../db/schema/users';
import { buildTenant } from '../../test/factories';
import { signedInCustomer } from '../../test/signed-in-customer';
import { countStatements } from '../../test/statement-count';
import { createTestApp, EVERY_CALL_READS_ITS_SESSION, type TestContext } from '../../test/test-app';
import { readPdf } from '../documents/pdf-reader.test-helper';
import { buildPayment } from '../payment-logs/payment-log-factories';

let context: TestContext;
let tenantId = 0;

beforeAll(async () => {
  context = await createTestApp({}, undefined, EVERY_CALL_READS_ITS_SESSION);
  tenantId = (await buildTenant(context.database.db, { isDefault: true, name: 'Northwind Receivables' })).id;
});
afterAll(() => context.close());

/** A paid invoice, one of them paid short, with every kind of event the payment flows record. */
async function paidByCard() {
  const own = await signedInCustomer(context, tenantId);
  const first = await own.invoice({ amount: '100.00' });
  const second = await own.invoice({ amount: '50.00' });
  const { db } = context.database;
  const startedAt = new Date('2026-10-12T09:15:00Z');
  const payment = await buildPayment(db, own.customer, {
    createdAt: startedAt,
    amount: '130.00',
    lines: [
      { invoiceId: first.id, invNo: first.invNo, amount: '80.00', shortPayReason: 'DAMAGED' },
      { invoiceId: second.id, invNo: second.invNo, amount: '50.00' },
    ],
  });
  // Between STARTED and SUCCEEDED (the factory's), what a hosted checkout adds, with the details stored.
  await db.insert(paymentEvents).values([
    { paymentId: payment.id, event: 'PENDING', detail: 'CHECKOUT', at: new Date('2026-10-12T09:15:01Z') },
    {
      paymentId: payment.id,
      event: 'NOTIFICATION_RECEIVED',
      detail: 'SUCCESS',
      at: new Date('2026-10-12T09:15:30Z'),
    },
    { paymentId: payment.id, event: 'STATUS_QUERIED', detail: null, at: new Date('2026-10-12T09:15:40Z') },
  ]);
  return { own, payment };
}

describe('POST /payment/log/receiptPDF', () => {
  it('writes every word in the reader’s language: the history, the short-payment reason and the page footer', async () => {
    const { own, payment } = await paidByCard();
    const receipt = async () => {
      const response = await own.client.post('/payment/log/receiptPDF', {
        custNo: own.customer.custNo,
        paymentLogId: payment.id,
      });
      expect(response.statusCode, response.body).toBe(200);
      return readPdf(response.rawPayload);
    };

    const english = await receipt();
    for (const expected of [
      'Payment receipt',
      'Successful',
      'Credit card',
      'Damaged goods',
      'Payment started',
      'Pending at the provider',
      'Notification received from the provider',
      'Status checked with the provider',
      'Payment succeeded',
      'Page 1 of 1',
    ]) {
      expect(english.text).toContain(expected);
    }

    await context.database.db
      .update(users)
      .set({ language: 'fr', localeForFormatting: 'fr-FR' })
      .where(eq(users.id, own.user.id));
    const french = await receipt();
    for (const expected of [
      'Reçu de paiement',
      'Réussi',
      'Carte de crédit',
      'Marchandise endommagée',
      'Paiement commencé',
      'En attente chez le prestataire',
      'Notification reçue du prestataire',
      'Statut vérifié auprès du prestataire',
      'Paiement réussi',
      'Page 1 sur 1',
    ]) {
      expect(french.text).toContain(expected);
    }
    for (const text of [english.text, french.text]) {
      // No code or stored detail reaches the reader as it is stored.
      expect(text).not.toMatch(/STARTED|PENDING|SUCCEEDED|NOTIFICATION_RECEIVED|STATUS_QUERIED|DAMAGED/);
      expect(text).not.toContain('CHECKOUT');
    }
    expect(french.text).not.toMatch(/Page \d+ of/);
    // Seller and customer as before: the customer's company is the one the access check read.
    expect(french.text).toContain('Northwind Receivables');
    expect(french.text).toContain(`${own.customer.company} (${own.customer.custNo})`);
  });

  it('runs one statement per thing it reads, the customer taken from the access check', async () => {
    const { own, payment } = await paidByCard();
    const call = () =>
      own.client.post('/payment/log/receiptPDF', { custNo: own.customer.custNo, paymentLogId: payment.id });
    await call();
    const { statements, answer: response } = await countStatements(context.database, call);
    expect(response.statusCode).toBe(200);
    // The session, the payment, the user's link to its customer (the access check), its lines,
    // its events, the seller's name.
    expect(statements).toBe(6);
  });
});
