import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { users } from '../../db/schema/users';
import { buildCustomer, buildInvoice, buildTenant } from '../../test/factories';
import { signedInCustomer } from '../../test/signed-in-customer';
import { createTestApp, TestClient, type TestContext } from '../../test/test-app';
import { createJobRunner } from '../jobs/job-runner';
import { REMINDER_DIGEST_JOB, reminderDigestJob } from './reminder-digest-job';

let context: TestContext;
let tenantId = 0;

beforeAll(async () => {
  context = await createTestApp();
  tenantId = (await buildTenant(context.database.db, { isDefault: true })).id;
});
afterAll(() => context.close());

const ALL_ON = { dueIn7Days: true, dueIn1Day: true, overdue: true };

async function emailsTo(address: string) {
  return queryRows<{ subject: string; body: string }>(
    context.database.db,
    sql`select subject, body from courier_messages where recipient = ${address} order by id`,
  );
}

async function reminderUser(language: string, settings: typeof ALL_ON) {
  const own = await signedInCustomer(context, tenantId);
  const email = `${own.user.loginName}@example.test`;
  await context.database.db
    .update(users)
    .set({ email, language, localeForFormatting: language === 'fr' ? 'fr-FR' : 'en-US' })
    .where(eq(users.id, own.user.id));
  const saved = await own.client.put('/reminders', settings);
  expect(saved.json()).toEqual(settings);
  return { ...own, email };
}

/** The digests of 2026-11-25: due 12-02 (7 days), 11-26 (tomorrow), 11-24 (overdue since yesterday). */
const DAY = new Date('2026-11-25T07:30:00Z');

describe('GET and PUT /reminders', () => {
  it('starts with every reminder off, keeps the choices, and refuses an incomplete body unchanged', async () => {
    const own = await signedInCustomer(context, tenantId);
    expect((await own.client.get('/reminders')).json()).toEqual({
      dueIn7Days: false,
      dueIn1Day: false,
      overdue: false,
    });
    await own.client.put('/reminders', { dueIn7Days: true, dueIn1Day: false, overdue: true });
    const bad = await own.client.put('/reminders', { dueIn7Days: 'yes' });
    expect(bad.statusCode).toBe(400);
    expect((await own.client.get('/reminders')).json()).toEqual({
      dueIn7Days: true,
      dueIn1Day: false,
      overdue: true,
    });
    expect((await new TestClient(context).get('/reminders')).statusCode).toBe(401);
  });
});

describe('the daily reminder digest', () => {
  it('sends one digest a day per user, in their language, with the invoices they asked for and their links', async () => {
    const english = await reminderUser('en', ALL_ON);
    await english.invoice({ invNo: 'R-7', dueDate: '2026-12-02', amount: '700.00' });
    await english.invoice({ invNo: 'R-1', dueDate: '2026-11-26', amount: '100.00' });
    await english.invoice({ invNo: 'R-OVER', dueDate: '2026-11-24', amount: '50.00' });
    await english.invoice({ invNo: 'R-LATER', dueDate: '2026-11-30' });
    await english.invoice({ invNo: 'R-PAID', dueDate: '2026-11-26', amount: '10.00', paidAmount: '10.00' });
    await english.invoice({ invNo: 'R-CLOSED', dueDate: '2026-12-02', status: 'C' });
    const stranger = await buildCustomer(context.database.db, tenantId);
    await buildInvoice(context.database.db, stranger, { invNo: 'R-NOT-MINE', dueDate: '2026-11-26' });

    const french = await reminderUser('fr', { dueIn7Days: false, dueIn1Day: false, overdue: true });
    await french.invoice({ invNo: 'F-OVER', dueDate: '2026-11-24', amount: '1234.50' });
    await french.invoice({ invNo: 'F-7', dueDate: '2026-12-02' });
    const nothingDue = await reminderUser('en', ALL_ON);

    const second = createJobRunner(context.database.db, {
      logger: { debug() {}, info() {}, warn() {}, error() {} },
      owner: 'host:2',
    });
    const { services } = context.app;
    second.register(
      reminderDigestJob(context.database.db, {
        reminders: services.reminders,
        email: services.couriers.email,
        origin: 'http://portal.test',
        apiBase: context.config.apiBase,
      }),
    );
    const outcomes = (await Promise.all([services.jobs.runDue(DAY), second.runDue(DAY)]))
      .flat()
      .filter((outcome) => outcome.job === REMINDER_DIGEST_JOB);
    expect(outcomes).toEqual([expect.objectContaining({ period: '2026-11-25', status: 'DONE' })]);

    const mails = await emailsTo(english.email);
    expect(mails).toHaveLength(1);
    const body = mails[0]!.body;
    expect(mails[0]!.subject).toContain('3 invoices need your attention');
    expect(body).toMatch(/Due in 7 days\n- R-7 · .*: due Dec 2, 2026, \$700\.00 to pay: .*\/detail\/O\/R-7/);
    expect(body).toMatch(/Due tomorrow\n- R-1 · .*\/detail\/O\/R-1/);
    expect(body).toMatch(/Now overdue\n- R-OVER · .*\/detail\/O\/R-OVER/);
    for (const absent of ['R-LATER', 'R-PAID', 'R-CLOSED', 'R-NOT-MINE']) expect(body).not.toContain(absent);
    expect(body).toContain(`/reminders/unsubscribe?u=${english.user.id}&sig=`);

    const frenchMails = await emailsTo(french.email);
    expect(frenchMails).toHaveLength(1);
    expect(frenchMails[0]!.subject).toContain('1 facture demande votre attention');
    expect(frenchMails[0]!.body).toContain('Désormais en retard\n- F-OVER');
    expect(frenchMails[0]!.body).toMatch(/1\s234,50\s\$US à payer/);
    expect(frenchMails[0]!.body).not.toContain('F-7');
    expect(await emailsTo(nothingDue.email)).toHaveLength(0);

    // The same day again, even as a retry of the job's own run: no second digest.
    const job = reminderDigestJob(context.database.db, {
      reminders: services.reminders,
      email: services.couriers.email,
      origin: 'http://portal.test',
      apiBase: context.config.apiBase,
    });
    await job.run({ period: '2026-11-25', now: DAY, attempt: 2 });
    expect(await emailsTo(english.email)).toHaveLength(1);
    // Another day has its own digest: on 11-29, R-LATER falls due tomorrow.
    await services.jobs.runDue(new Date('2026-11-29T07:30:00Z'));
    const nextDay = await emailsTo(english.email);
    expect(nextDay).toHaveLength(2);
    expect(nextDay[1]!.body).toContain('Due tomorrow\n- R-LATER');
  });

  it('unsubscribes in one click by the signed link, without a session; a changed link is refused', async () => {
    const own = await reminderUser('en', ALL_ON);
    const victim = await reminderUser('en', ALL_ON);
    const link = context.app.services.reminders.unsubscribeQuery(own.user.id);
    const sig = new URLSearchParams(link).get('sig')!;
    const anonymous = new TestClient(context);

    const tampered = await anonymous.get(`/reminders/unsubscribe?u=${victim.user.id}&sig=${sig}`);
    expect(tampered.statusCode).toBe(400);
    expect(tampered.json()).toMatchObject({ code: 'INVALID_LINK' });
    const flipped = `${sig.slice(0, -1)}${sig.endsWith('0') ? '1' : '0'}`;
    expect((await anonymous.get(`/reminders/unsubscribe?u=${own.user.id}&sig=${flipped}`)).statusCode).toBe(
      400,
    );
    expect((await anonymous.get(`/reminders/unsubscribe?u=${own.user.id}&sig=short`)).statusCode).toBe(400);
    expect((await victim.client.get('/reminders')).json()).toEqual(ALL_ON);
    expect((await own.client.get('/reminders')).json()).toEqual(ALL_ON);

    const clicked = await anonymous.get(`/reminders/unsubscribe?${link}`);
    expect(clicked.statusCode).toBe(200);
    expect(clicked.headers['content-type']).toContain('text/html');
    expect(clicked.body).toContain('Reminders stopped');
    expect(clicked.body).toContain('Rappels arrêtés');
    expect((await own.client.get('/reminders')).json()).toEqual({
      dueIn7Days: false,
      dueIn1Day: false,
      overdue: false,
    });

    // The mail client's one-click POST (RFC 8058): no cookie, no CSRF token.
    const posted = await anonymous.request({
      method: 'POST',
      url: `/reminders/unsubscribe?${context.app.services.reminders.unsubscribeQuery(victim.user.id)}`,
      payload: 'List-Unsubscribe=One-Click',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
    });
    expect(posted.statusCode, posted.body).toBe(200);
    expect(posted.json()).toEqual({ unsubscribed: true });
    expect((await victim.client.get('/reminders')).json().overdue).toBe(false);
  });
});
