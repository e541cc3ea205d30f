import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { integrationClient } from '../integration/integration-test-support';
import { postWithKey, startPaymentsHarness } from '../payments/payments-test-support';

/** The parser no one here wrote (see nacha-files.routes.test.ts). */
const nacha = createRequire(import.meta.url)('@midlandsbank/node-nacha') as {
  from(text: string): {
    data: { batches: { entries: Record<string, unknown>[] }[] };
  };
};

describe('an e-check made in the portal', () => {
  it('is in the file of its day with the account number the payer typed', async () => {
    const harness = await startPaymentsHarness();
    try {
      const own = await harness.account();
      expect((await own.client.get('/payment/config/on_account/USD')).json()).toMatchObject({
        allowECheck: true,
      });
      const paid = await postWithKey(own.client, '/payment/makePaymentOnAccount/ECHECK', {
        custNo: own.customer.custNo,
        currency: 'USD',
        amount: '500.00',
        note: 'Deposit',
        paymentAccount: {
          name: 'Ada Lovelace',
          accountType: 'Savings',
          routingNumber: '021000021',
          accountNumber: '000123456789',
          checkNumber: '1001',
        },
      });
      expect(paid.statusCode, paid.body).toBe(200);
      const client = await integrationClient(harness.context, harness.tenantId, ['payments:read']);
      const today = new Date().toISOString().slice(0, 10);
      const file = (await client.post('/nacha-files', { date: today })).json();
      expect(file).toMatchObject({ entryCount: 1, totalDebit: '500.00', entryHash: '0002100002' });
      const parsed = nacha.from((await client.get(`/nacha-files/${file.id}`)).body).data;
      expect(parsed.batches[0]!.entries[0]).toMatchObject({
        transactionCode: '37',
        receivingDFIIdentification: 2100002,
        checkDigit: 1,
        dfiAccount: '000123456789',
        amount: 50000,
        receivingCompanyName: 'ADA LOVELACE',
      });
    } finally {
      await harness.close();
    }
  });
});
