import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { autopayRules } from '../../db/schema/autopay';
import { paymentProfiles } from '../../db/schema/payment-profiles';
import { payments } from '../../db/schema/payments';
import { createJobRunner } from '../jobs/job-runner';
import { type PaymentsHarness, startPaymentsHarness } from '../payments/payments-test-support';
import { autopayJob } from './autopay-job';
import { type AutopayAccount, putRule, saveBankAccount, saveCard } from './autopay-test-support';

// The clock of the profiles' expiry and of the upcoming list; runs are driven at fixed instants.
const NOW = new Date('2026-11-25T08:00:00Z');
const quiet = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };
let harness: PaymentsHarness;

beforeAll(async () => {
  harness = await startPaymentsHarness({ clock: { now: () => NOW } });
});
afterAll(() => harness.close());
// Each test starts from no run of the job: the runner's rows are shared by the whole file.
beforeEach(() => harness.context.database.db.execute(sql`delete from scheduled_job_runs`));

/** A runner of its own (another process), with the autopay job registered as services.ts does. */
function runnerAs(owner: string) {
  const runner = createJobRunner(harness.context.database.db, { logger: quiet, owner });
  runner.register(autopayJob(harness.context.app.services.autopayRun));
  return runner;
}

const paymentsOf = (customerId: number) =>
  harness.context.database.db.select().from(payments).where(eq(payments.customerId, customerId));

async function logOf(own: AutopayAccount) {
  const answer = await own.client.get(`/payment/autopay/log?custNo=${own.customer.custNo}&currency=USD`);
  expect(answer.statusCode, answer.body).toBe(200);
  return answer.json() as Array<{
    kind: string;
    reason: string | null;
    invNo: string | null;
    runDate: string;
  }>;
}

async function ruleOf(own: AutopayAccount) {
  const [rule] = (await own.client.get('/payment/autopay/rules')).json();
  return rule as { id: number; status: string; failures: number; stoppedReason: string | null };
}

describe('the autopay job', () => {
  it('pays the due invoices once in one payment even when two runners race, skipping disputed, promised and skipped ones with the reason', async () => {
    const own = await harness.account();
    const bank = await saveBankAccount(own);
    expect((await putRule(own, { paymentProfileId: bank, daysBefore: 2 })).statusCode).toBe(200);
    const overdue = await own.invoice({ amount: '120.00', dueDate: '2026-11-20' });
    const soon = await own.invoice({ amount: '80.50', dueDate: '2026-11-27' });
    const notYet = await own.invoice({ amount: '30.00', dueDate: '2026-11-28' });
    const disputed = await own.invoice({ amount: '50.00', dueDate: '2026-11-24', disputeAmount: '10.00' });
    const promised = await own.invoice({ amount: '60.00', dueDate: '2026-11-24', promise: true });
    const skipped = await own.invoice({ amount: '70.00', dueDate: '2026-11-24' });
    const skip = await own.client.post('/payment/autopay/skip', {
      custNo: own.customer.custNo,
      currency: 'USD',
      invNo: skipped.invNo,
    });
    expect(skip.statusCode, skip.body).toBe(200);

    // Two processes, each in its own 15-minute slice of the same day, at the same moment.
    const outcomes = await Promise.all([
      runnerAs('host:1').runDue(new Date('2026-11-25T10:00:00Z')),
      runnerAs('host:2').runDue(new Date('2026-11-25T10:15:00Z')),
    ]);
    expect(outcomes.flat().map((outcome) => outcome.status)).toEqual(['DONE', 'DONE']);
    const paid = await paymentsOf(own.customer.id);
    expect(paid).toHaveLength(1);
    const [payment] = paid;
    expect(payment).toMatchObject({
      status: 'SUCCESS',
      methodType: 'ECHECK_PROFILE',
      paymentProfileId: bank,
      amount: '200.50',
      userId: own.user.id,
    });
    const [rule] = await harness.context.database.db
      .select()
      .from(autopayRules)
      .where(eq(autopayRules.userId, own.user.id));
    expect(payment!.idempotencyKey).toBe(`autopay:${rule!.id}:2026-11-25`);
    expect((await harness.lines(payment!.id)).map((line) => [line.invNo, line.amount]).sort()).toEqual(
      [
        [overdue.invNo, '120.00'],
        [soon.invNo, '80.50'],
      ].sort(),
    );
    expect((await harness.invoice(overdue.id)).balance).toBe('0.00');
    expect((await harness.invoice(notYet.id)).balance).toBe('30.00');

    // A retry of the day (the runner's next slice, a failed period run again) pays nothing more.
    await runnerAs('host:3').runDue(new Date('2026-11-25T18:30:00Z'));
    await harness.context.app.services.autopayRun.runDay(new Date('2026-11-25T23:59:00Z'));
    expect(await paymentsOf(own.customer.id)).toHaveLength(1);

    const log = await logOf(own);
    const entries = log.map((entry) =>
      `${entry.kind} ${entry.reason ?? ''} ${entry.invNo}`.replace('  ', ' '),
    );
    expect(entries.sort()).toEqual(
      [
        `PAID ${overdue.invNo}`,
        `PAID ${soon.invNo}`,
        `SKIPPED DISPUTED ${disputed.invNo}`,
        `SKIPPED PROMISED ${promised.invNo}`,
        `SKIPPED SKIPPED_BY_USER ${skipped.invNo}`,
      ].sort(),
    );
    // The receipt goes out as for any payment, to the rule's owner.
    const emails = await harness.emails(own.email);
    expect(emails.map((email) => email.subject)).toEqual([expect.stringContaining('payment received')]);
    expect(emails[0]!.body).toContain(overdue.invNo);

    // The next day pays the invoice that has come within its 2 days.
    await runnerAs('host:1').runDue(new Date('2026-11-26T00:00:00Z'));
    const next = await paymentsOf(own.customer.id);
    expect(next).toHaveLength(2);
    expect(next.find((row) => row.id !== payment!.id)).toMatchObject({ amount: '30.00', status: 'SUCCESS' });
  });

  it('emails the user on a failed day, tries again the next day only, and stops the rule after its number of tries', async () => {
    const own = await harness.account();
    const card = await saveCard(own, '4000000000000069');
    expect((await putRule(own, { paymentProfileId: card, maxFailures: 2 })).statusCode).toBe(200);
    await own.invoice({ amount: '99.00', dueDate: '2026-11-25' });

    await runnerAs('host:1').runDue(new Date('2026-11-25T06:00:00Z'));
    expect((await paymentsOf(own.customer.id)).map((row) => row.status)).toEqual(['FAILURE']);
    expect(await ruleOf(own)).toMatchObject({ status: 'ACTIVE', failures: 1, stoppedReason: null });
    let emails = await harness.emails(own.email);
    expect(emails).toHaveLength(1);
    expect(emails[0]!.subject).toContain('autopay could not pay');
    expect(emails[0]!.body).toContain('the card expiration date is incorrect');
    expect(emails[0]!.body).toContain('1 try left');

    // The same day again: no second charge, no second email.
    await runnerAs('host:2').runDue(new Date('2026-11-25T06:15:00Z'));
    expect(await paymentsOf(own.customer.id)).toHaveLength(1);
    expect(await harness.emails(own.email)).toHaveLength(1);

    await runnerAs('host:1').runDue(new Date('2026-11-26T06:00:00Z'));
    expect(await paymentsOf(own.customer.id)).toHaveLength(2);
    expect(await ruleOf(own)).toMatchObject({
      status: 'STOPPED',
      failures: 2,
      stoppedReason: 'ExpirationDateIncorrect',
    });
    emails = await harness.emails(own.email);
    expect(emails[0]!.subject).toContain('autopay stopped');
    const log = await logOf(own);
    expect(log.map((entry) => `${entry.runDate} ${entry.kind} ${entry.reason}`)).toEqual([
      '2026-11-26 STOPPED ExpirationDateIncorrect',
      '2026-11-26 FAILED ExpirationDateIncorrect',
      '2026-11-25 FAILED ExpirationDateIncorrect',
    ]);

    // A stopped rule pays nothing more.
    await runnerAs('host:1').runDue(new Date('2026-11-27T06:00:00Z'));
    expect(await paymentsOf(own.customer.id)).toHaveLength(2);
    expect((await own.client.get('/payment/autopay/upcoming')).json()).toEqual([]);
  });

  it('stops a rule whose card expired since it was saved, without charging, and says why in French', async () => {
    const own = await harness.account();
    await own.client.put('/user/profile', {
      firstName: 'Amélie',
      lastName: 'Poulain',
      locale: 'fr_CA',
      preferredLanguage: 'fr',
      timezone: 'America/Toronto',
    });
    const card = await saveCard(own);
    expect((await putRule(own, { paymentProfileId: card, maxFailures: 1 })).statusCode).toBe(200);
    await own.invoice({ amount: '10.00', dueDate: '2026-11-01' });
    await harness.context.database.db
      .update(paymentProfiles)
      .set({ expiryMonth: 10, expiryYear: 2026 })
      .where(eq(paymentProfiles.id, card));

    await runnerAs('host:1').runDue(new Date('2026-11-25T06:00:00Z'));
    expect(await paymentsOf(own.customer.id)).toEqual([]);
    expect(await ruleOf(own)).toMatchObject({ status: 'STOPPED', stoppedReason: 'PROFILE_CARD_EXPIRED' });
    const [email] = await harness.emails(own.email);
    expect(email!.subject).toContain('paiement automatique arrêté');
    expect(email!.body).toContain('la carte enregistrée a expiré');
    const runs = await queryRows<{ status: string }>(
      harness.context.database.db,
      sql`select r.status from autopay_runs r join autopay_rules a on a.id = r.rule_id where a.user_id = ${own.user.id}`,
    );
    expect(runs).toEqual([{ status: 'FAILED' }]);
  });
});
