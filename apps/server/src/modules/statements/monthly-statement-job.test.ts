import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { users } from '../../db/schema/users';
import { buildTenant } from '../../test/factories';
import { signedInCustomer } from '../../test/signed-in-customer';
import { createTestApp, type TestContext } from '../../test/test-app';
import { publicOrigin } from '../account-setup/account-links';
import { createJobRunner } from '../jobs/job-runner';
import { buildPayment } from '../payment-logs/payment-log-factories';
import { MONTHLY_STATEMENT_JOB, monthlyStatementJob } from './monthly-statement-job';

const quiet = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };
let context: TestContext;
let tenantId = 0;

beforeAll(async () => {
  context = await createTestApp();
  tenantId = (await buildTenant(context.database.db, { isDefault: true })).id;
});
afterAll(() => context.close());

function jobOf() {
  const { services } = context.app;
  return monthlyStatementJob(context.database.db, {
    statements: services.statements,
    email: services.couriers.email,
    origin: publicOrigin(context.config),
    apiBase: context.config.apiBase,
  });
}

/** A second server process: its own runner with the same job, on the same database. */
function secondProcess() {
  const runner = createJobRunner(context.database.db, { logger: quiet, owner: 'host:2' });
  runner.register(jobOf());
  return runner;
}

async function emailsTo(address: string) {
  return queryRows<{ subject: string; body: string }>(
    context.database.db,
    sql`select subject, body from courier_messages where recipient = ${address} order by id`,
  );
}

async function subscriber(language = 'en') {
  const own = await signedInCustomer(context, tenantId);
  const email = `${own.user.loginName}@example.test`;
  await context.database.db
    .update(users)
    .set({ email, language, localeForFormatting: language === 'fr' ? 'fr-FR' : 'en-US' })
    .where(eq(users.id, own.user.id));
  const on = await own.client.put('/statement/subscription', {
    custNo: own.customer.custNo,
    currencyCode: 'USD',
    enabled: true,
  });
  expect(on.statusCode, on.body).toBe(200);
  return { ...own, email };
}

describe('the monthly statement job', () => {
  it('emails each subscriber the statement of the month before once, with two processes racing', async () => {
    const english = await subscriber('en');
    const french = await subscriber('fr');
    await english.invoice({ amount: '300.00', dueDate: '2026-10-20' });
    await english.invoice({ amount: '-25.00', dueDate: '2026-10-01' });
    await buildPayment(context.database.db, english.customer, {
      createdAt: new Date('2026-11-10T09:00:00Z'),
      amount: '40.00',
    });
    const unsubscribed = await signedInCustomer(context, tenantId);

    const now = new Date('2026-12-01T06:30:00Z');
    const outcomes = (await Promise.all([context.app.services.jobs.runDue(now), secondProcess().runDue(now)]))
      .flat()
      .filter((outcome) => outcome.job === MONTHLY_STATEMENT_JOB);
    expect(outcomes).toHaveLength(1);
    expect(outcomes[0]).toMatchObject({ period: '2026-12', status: 'DONE', result: { month: '2026-11' } });

    const [mail, ...more] = await emailsTo(english.email);
    expect(more).toHaveLength(0);
    expect(mail!.subject).toContain(`statement of November 2026 for ${english.customer.company} (USD)`);
    expect(mail!.body).toContain(
      '2 open items, a balance due of $275.00, and $40.00 of payments in the month',
    );
    expect(mail!.body).toContain(
      `/statement/pdf?custNo=${english.customer.custNo}&currencyCode=USD&from=2026-11-01&to=2026-11-30`,
    );
    const frenchMails = await emailsTo(french.email);
    expect(frenchMails).toHaveLength(1);
    expect(frenchMails[0]!.subject).toContain('relevé de novembre 2026');
    expect(await emailsTo(`${unsubscribed.user.loginName}@example.test`)).toHaveLength(0);

    // Later ticks of the month send nothing more.
    await context.app.services.jobs.runDue(new Date('2026-12-02T06:30:00Z'));
    expect(await emailsTo(english.email)).toHaveLength(1);
  });

  it('sends once per user, customer, currency and month even when two runs of the job overlap', async () => {
    const own = await subscriber();
    // Two runs of the same period at once (a retry while a stalled run resumes): the delivery row decides.
    const results = await Promise.all([
      jobOf().run({ period: '2027-02', now: new Date('2027-02-01T06:00:00Z'), attempt: 1 }),
      jobOf().run({ period: '2027-02', now: new Date('2027-02-01T06:00:00Z'), attempt: 2 }),
    ]);
    const mails = (await emailsTo(own.email)).filter((mail) => mail.subject.includes('January 2027'));
    expect(mails).toHaveLength(1);
    expect(results.map((result) => result?.month)).toEqual(['2027-01', '2027-01']);
    const [row] = await queryRows<{ count: number }>(
      context.database.db,
      sql`select count(*)::int as count from statement_deliveries where user_id = ${own.user.id} and period = '2027-01'`,
    );
    expect(row!.count).toBe(1);
  });

  it('gives the delivery back when the email cannot be handed over, so the retry sends it', async () => {
    const own = await subscriber();
    const failing = monthlyStatementJob(context.database.db, {
      statements: context.app.services.statements,
      email: {
        transport: 'broken',
        send: () => Promise.reject(new Error('mail server down')),
      },
      origin: 'http://portal.test',
      apiBase: context.config.apiBase,
    });
    await expect(
      failing.run({ period: '2027-04', now: new Date('2027-04-01T06:00:00Z'), attempt: 1 }),
    ).rejects.toThrow(/could not be sent/);
    expect((await emailsTo(own.email)).filter((mail) => mail.subject.includes('March 2027'))).toHaveLength(0);
    await jobOf().run({ period: '2027-04', now: new Date('2027-04-01T06:00:00Z'), attempt: 2 });
    expect((await emailsTo(own.email)).filter((mail) => mail.subject.includes('March 2027'))).toHaveLength(1);
  });
});
