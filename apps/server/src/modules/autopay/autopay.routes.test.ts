import { AUTOPAY_MESSAGES } from '@settle/shared/autopay';
import { PROFILE_MESSAGES } from '@settle/shared/payment-profiles';
import { FULL_ACCESS_PRIVILEGES, Privilege } from '@settle/shared/privileges';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { autopayRules, autopaySkips } from '../../db/schema/autopay';
import { paymentProfiles } from '../../db/schema/payment-profiles';
import { type PaymentsHarness, startPaymentsHarness } from '../payments/payments-test-support';
import { putRule, saveBankAccount, saveCard } from './autopay-test-support';

// 25 November 2026, 08:00 UTC: the day the rules are saved and the upcoming list is read.
const NOW = new Date('2026-11-25T08:00:00Z');
let harness: PaymentsHarness;

beforeAll(async () => {
  harness = await startPaymentsHarness({ clock: { now: () => NOW } });
});
afterAll(() => harness.close());

const rulesOf = (userId: number) =>
  harness.context.database.db.select().from(autopayRules).where(eq(autopayRules.userId, userId));

describe('autopay rules', () => {
  it('saves a rule per customer and currency with a saved profile, lists, replaces, resumes and removes it', async () => {
    const own = await harness.account();
    const bank = await saveBankAccount(own);
    const saved = await putRule(own, {
      paymentProfileId: bank,
      daysBefore: 3,
      maxAmount: '500',
      maxFailures: 2,
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json()).toEqual({
      id: expect.any(Number),
      custNo: own.customer.custNo,
      currencyCode: 'USD',
      paymentProfileId: bank,
      profileLabel: 'Operating account',
      daysBefore: 3,
      maxAmount: '500.00',
      maxFailures: 2,
      status: 'ACTIVE',
      failures: 0,
      stoppedReason: null,
    });
    expect((await own.client.get('/payment/autopay/rules')).json()).toEqual([saved.json()]);

    // A stopped rule saved again is active again, with its tries counted afresh; still one rule.
    await harness.context.database.db
      .update(autopayRules)
      .set({ status: 'STOPPED', failures: 2, stoppedReason: 'Declined' })
      .where(eq(autopayRules.id, saved.json().id));
    const replaced = await putRule(own, { paymentProfileId: bank });
    expect(replaced.json()).toMatchObject({
      id: saved.json().id,
      daysBefore: 0,
      maxAmount: null,
      maxFailures: 3,
      status: 'ACTIVE',
      failures: 0,
      stoppedReason: null,
    });
    expect(await rulesOf(own.user.id)).toHaveLength(1);

    const removed = await own.client.request({
      method: 'DELETE',
      url: `/payment/autopay/rules/${own.customer.custNo}/USD`,
    });
    expect(removed.json()).toEqual({ success: true, message: AUTOPAY_MESSAGES.removed });
    expect(await rulesOf(own.user.id)).toEqual([]);
    const again = await own.client.request({
      method: 'DELETE',
      url: `/payment/autopay/rules/${own.customer.custNo}/USD`,
    });
    expect(again.statusCode).toBe(404);
  });

  it('needs the pay privilege to set a rule, and changes nothing without it', async () => {
    const payer = await harness.account();
    const bank = await saveBankAccount(payer);
    const colleague = await harness.account({
      roles: FULL_ACCESS_PRIVILEGES.filter((role) => role !== Privilege.ALLOW_PAY),
      colleagueOf: payer,
    });
    const refused = await putRule(colleague, { paymentProfileId: bank });
    expect(refused.statusCode, refused.body).toBe(403);
    expect(refused.json().message).toMatch(/permission/i);
    expect(await rulesOf(colleague.user.id)).toEqual([]);
  });

  it("answers 404 for another customer, another user's profile and a profile of another customer, storing nothing", async () => {
    const own = await harness.account();
    const other = await harness.account();
    const otherBank = await saveBankAccount(other);
    const ownBank = await saveBankAccount(own);
    // Another customer's account number, with the user's own profile.
    const foreignCustomer = await putRule(own, { paymentProfileId: ownBank }, 'USD', other.customer.custNo);
    expect(foreignCustomer.statusCode).toBe(404);
    // Another user's profile (of another customer) on the user's own customer.
    const foreignProfile = await putRule(own, { paymentProfileId: otherBank });
    expect(foreignProfile.statusCode).toBe(404);
    expect(foreignProfile.json().message).toBe('Payment profile was not found.');
    // Another customer's rule, its log and skipping one of its invoices.
    expect((await putRule(other, { paymentProfileId: otherBank })).statusCode).toBe(200);
    const otherInvoice = await other.invoice({ dueDate: '2026-11-25' });
    for (const call of [
      own.client.request({ method: 'DELETE', url: `/payment/autopay/rules/${other.customer.custNo}/USD` }),
      own.client.get(`/payment/autopay/log?custNo=${other.customer.custNo}&currency=USD`),
      own.client.post('/payment/autopay/skip', {
        custNo: other.customer.custNo,
        currency: 'USD',
        invNo: otherInvoice.invNo,
      }),
    ]) {
      expect((await call).statusCode).toBe(404);
    }
    expect(await rulesOf(own.user.id)).toEqual([]);
    expect(await rulesOf(other.user.id)).toHaveLength(1);
    expect((await own.client.get('/payment/autopay/upcoming')).json()).toEqual([]);
  });

  it('refuses an expired card, a bank account outside USD and bad settings with clear messages', async () => {
    const own = await harness.account();
    const card = await saveCard(own);
    const bank = await saveBankAccount(own);
    await harness.context.database.db
      .update(paymentProfiles)
      .set({ expiryMonth: 10, expiryYear: 2026 })
      .where(eq(paymentProfiles.id, card));
    const expired = await putRule(own, { paymentProfileId: card });
    expect(expired.statusCode).toBe(400);
    expect(expired.json()).toMatchObject({ code: 'PROFILE_CARD_EXPIRED', message: PROFILE_MESSAGES.expired });

    const euro = await putRule(own, { paymentProfileId: bank }, 'EUR');
    expect(euro.statusCode).toBe(400);
    expect(euro.json().code).toBe('ECHECK_USD_ONLY');

    const tooEarly = await putRule(own, { paymentProfileId: bank, daysBefore: 31 });
    expect(tooEarly.statusCode).toBe(400);
    expect(tooEarly.body).toContain('Days before is at most 30.');
    const badLimit = await putRule(own, { paymentProfileId: bank, maxAmount: 'lots' });
    expect(badLimit.statusCode).toBe(400);
    expect(badLimit.body).toContain('The limit is an amount such as 500 or 500.00.');
    const tries = await putRule(own, { paymentProfileId: bank, maxFailures: 0 });
    expect(tries.body).toContain('Tries is at least 1.');
    expect(await rulesOf(own.user.id)).toEqual([]);
  });
});

describe('upcoming autopayments and skipping one', () => {
  it('lists what the next runs will pay, leaves out disputed and promised invoices, and skips one on request', async () => {
    const own = await harness.account();
    const bank = await saveBankAccount(own);
    expect(
      (await putRule(own, { paymentProfileId: bank, daysBefore: 2, maxAmount: '1000' })).statusCode,
    ).toBe(200);
    const overdue = await own.invoice({ amount: '120.00', dueDate: '2026-11-20' });
    const soon = await own.invoice({ amount: '80.50', dueDate: '2026-11-27' });
    const later = await own.invoice({ amount: '30.00', dueDate: '2026-12-10' });
    await own.invoice({ amount: '50.00', dueDate: '2026-11-24', disputeAmount: '10.00' });
    await own.invoice({ amount: '60.00', dueDate: '2026-11-24', promise: true, promisedAmount: '60.00' });
    await own.invoice({ amount: '5000.00', dueDate: '2026-11-24' });
    await own.invoice({ amount: '70.00', dueDate: '2026-11-24', tranCurrencyCode: 'EUR' });

    const upcoming = (await own.client.get('/payment/autopay/upcoming')).json();
    expect(upcoming).toEqual([
      {
        ruleId: expect.any(Number),
        custNo: own.customer.custNo,
        currencyCode: 'USD',
        nextRunDate: '2026-11-25',
        amount: '200.50',
        invoices: [
          { invNo: overdue.invNo, dueDate: '2026-11-20', payOn: '2026-11-25', amount: '120.00' },
          { invNo: soon.invNo, dueDate: '2026-11-27', payOn: '2026-11-25', amount: '80.50' },
          { invNo: later.invNo, dueDate: '2026-12-10', payOn: '2026-12-08', amount: '30.00' },
        ],
      },
    ]);

    const skipped = await own.client.post('/payment/autopay/skip', {
      custNo: own.customer.custNo,
      currency: 'USD',
      invNo: soon.invNo,
    });
    expect(skipped.json()).toEqual({ success: true, message: AUTOPAY_MESSAGES.skipped });
    const after = (await own.client.get('/payment/autopay/upcoming')).json();
    expect(after[0]).toMatchObject({ nextRunDate: '2026-11-25', amount: '120.00' });
    expect(after[0].invoices.map((invoice: { invNo: string }) => invoice.invNo)).toEqual([
      overdue.invNo,
      later.invNo,
    ]);
    const stored = await harness.context.database.db
      .select()
      .from(autopaySkips)
      .where(eq(autopaySkips.invoiceId, soon.id));
    expect(stored).toHaveLength(1);

    const unknown = await own.client.post('/payment/autopay/skip', {
      custNo: own.customer.custNo,
      currency: 'USD',
      invNo: 'NO-SUCH',
    });
    expect(unknown.statusCode).toBe(404);
  });
});
