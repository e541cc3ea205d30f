import { APPROVAL_MESSAGES } from '@settle/shared/payment-approvals';
import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../../db/client';
import { integrationEvents } from '../../db/schema/integration';
import { paymentApprovals } from '../../db/schema/payment-approvals';
import { userCustomers } from '../../db/schema/users';
import { type PaymentsHarness, postWithKey, startPaymentsHarness } from '../payments/payments-test-support';

let harness: PaymentsHarness;

beforeAll(async () => {
  harness = await startPaymentsHarness();
});
afterAll(() => harness.close());

type Own = Awaited<ReturnType<PaymentsHarness['account']>>;

/**
 * A customer with a threshold of 1000.00 USD, its submitter (with a saved bank account) and a
 * colleague who approves; the submitter's cart holds the invoices of the given amounts.
 */
async function team(amounts: string[], options: { threshold?: string } = {}) {
  const requester = await harness.account();
  const approver = await harness.account({ colleagueOf: { customer: requester.customer } });
  const { db } = harness.context.database;
  await db
    .update(userCustomers)
    .set({ approver: true })
    .where(
      and(eq(userCustomers.userId, approver.user.id), eq(userCustomers.customerId, requester.customer.id)),
    );
  await harness.context.app.services.approvalPolicy.setThreshold({
    tenantId: harness.tenantId,
    customerId: requester.customer.id,
    currencyCode: 'USD',
    threshold: options.threshold ?? '1000.00',
  });
  const bank = await requester.client.post('/payment/add/', {
    profileType: 'ECHECK',
    custNo: requester.customer.custNo,
    name: 'Ada Lovelace',
    accountType: 'Checking',
    routingNum: '021000021',
    accountNum: '000123456789',
  });
  expect(bank.statusCode, bank.body).toBe(200);
  const invoices = [];
  for (const amount of amounts) invoices.push(await requester.invoice({ amount }));
  await requester.putInCart(invoices.map((invoice) => invoice.id));
  const body = {
    custNo: requester.customer.custNo,
    currency: 'USD',
    paymentType: 'ECHECK',
    paymentProfile: { id: bank.json().paymentProfileId as number },
    payments: invoices.map((invoice) => ({ invNo: invoice.invNo, payment: invoice.balance })),
  };
  return { requester, approver, invoices, body, profileId: body.paymentProfile.id };
}

const submit = (own: Own, body: unknown) => own.client.post('/payment/approvals', body as never);

async function storedApproval(id: number) {
  const [row] = await harness.context.database.db
    .select()
    .from(paymentApprovals)
    .where(eq(paymentApprovals.id, id));
  return row!;
}

describe('the threshold', () => {
  it('lets a payment of exactly the threshold through and refuses a cent more, which goes to approval', async () => {
    const atThreshold = await team(['1000.00']);
    const { paymentType: _type, ...silent } = atThreshold.body;
    const direct = await postWithKey(
      atThreshold.requester.client,
      '/payment/makeSilentPayment/ECHECK',
      silent,
    );
    expect(direct.statusCode, direct.body).toBe(200);
    expect(direct.json()).toMatchObject({ status: 'SUCCESS' });

    const notNeeded = await team(['1000.00']);
    const refusedSubmit = await submit(notNeeded.requester, notNeeded.body);
    expect(refusedSubmit.statusCode).toBe(400);
    expect(refusedSubmit.json()).toMatchObject({
      code: 'APPROVAL_NOT_REQUIRED',
      message: APPROVAL_MESSAGES.notRequired,
    });

    const above = await team(['600.00', '400.01']);
    const { paymentType: _t, ...aboveSilent } = above.body;
    for (const url of ['/payment/makeSilentPayment/ECHECK', '/payment/makePayment/ECHECK']) {
      const refused = await postWithKey(above.requester.client, url, {
        ...aboveSilent,
        paymentAccount: {
          name: 'Ada',
          accountType: 'Checking',
          routingNumber: '021000021',
          accountNumber: '123456789',
        },
      });
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json()).toMatchObject({
        code: 'PAYMENT_APPROVAL_REQUIRED',
        message: APPROVAL_MESSAGES.approvalRequired.replace('{0}', '1000.00 USD'),
      });
    }
    const onAccount = await postWithKey(above.requester.client, '/payment/makeOnActSilentPayment/ECHECK', {
      custNo: above.requester.customer.custNo,
      currency: 'USD',
      paymentProfile: above.body.paymentProfile,
      amount: '1000.01',
    });
    expect(onAccount.statusCode).toBe(403);
    expect(await harness.paymentCount(above.requester.customer.id)).toBe(0);

    const submitted = await submit(above.requester, above.body);
    expect(submitted.statusCode, submitted.body).toBe(200);
    expect(submitted.json()).toMatchObject({
      status: 'PENDING',
      amount: '1000.01',
      mine: true,
      canDecide: false,
      invoices: [
        { invNo: above.invoices[0]!.invNo, amount: '600.00' },
        { invNo: above.invoices[1]!.invNo, amount: '400.01' },
      ],
    });
    const policy = await above.requester.client.get(
      `/payment/approvals/policy?custNo=${above.requester.customer.custNo}&currency=USD`,
    );
    expect(policy.json()).toEqual({
      custNo: above.requester.customer.custNo,
      currencyCode: 'USD',
      required: true,
      threshold: '1000.00',
      approver: false,
      pendingApprovalId: submitted.json().id,
    });
  });
});

describe('a cart waiting for approval', () => {
  it('is locked: adding, removing, emptying and paying its invoices elsewhere are refused and change nothing', async () => {
    const { requester, approver, invoices, body } = await team(['1500.00']);
    const extra = await requester.invoice({ amount: '20.00' });
    expect((await submit(requester, body)).statusCode).toBe(200);
    const again = await submit(requester, body);
    expect(again.statusCode).toBe(409);
    const before = await requester.storedCart();
    const cartQuery = `custNo=${requester.customer.custNo}&currencyCode=USD`;
    const calls = [
      () =>
        requester.client.post('/payment/cart/add', {
          custNo: requester.customer.custNo,
          currencyCode: 'USD',
          invNo: [extra.invNo],
        }),
      () =>
        requester.client.post('/payment/cart/remove', {
          custNo: requester.customer.custNo,
          currencyCode: 'USD',
          invNo: [invoices[0]!.invNo],
        }),
      () => requester.client.request({ method: 'DELETE', url: `/payment/cart?${cartQuery}` }),
    ];
    for (const call of calls) {
      const response = await call();
      expect(response.statusCode, response.body).toBe(409);
      expect(response.json()).toMatchObject({ code: 'CART_LOCKED', message: APPROVAL_MESSAGES.cartLocked });
    }
    expect(await requester.storedCart()).toEqual(before);
    // The database refuses a line whatever the code path.
    const { db } = harness.context.database;
    const [cart] = await queryRows<{ id: number }>(
      db,
      sql`select id from payment_carts where user_id = ${requester.user.id} and customer_id = ${requester.customer.id}`,
    );
    await expect(
      db.execute(sql`insert into payment_cart_lines (cart_id, invoice_id) values (${cart!.id}, ${extra.id})`),
    ).rejects.toThrow();
    // A colleague cannot pay the held invoice by another start either.
    const elsewhere = await postWithKey(approver.client, '/payment/hpp/CREDIT_CARD', {
      custNo: requester.customer.custNo,
      currency: 'USD',
      payments: [{ invNo: invoices[0]!.invNo, payment: '100.00', shortPayReason: 'OTHER' }],
    });
    expect(elsewhere.statusCode, elsewhere.body).toBe(409);
    expect(elsewhere.json().code).toBe('PAYMENT_AWAITING_APPROVAL');
    expect(await harness.paymentCount(requester.customer.id)).toBe(0);
  });
});

describe('deciding', () => {
  it('refuses self-approval, a colleague who is not an approver, and answers 404 to another customer', async () => {
    const { requester, body } = await team(['1200.00']);
    const id = (await submit(requester, body)).json().id as number;
    const self = await requester.client.post(`/payment/approvals/${id}/approve`);
    expect(self.statusCode).toBe(403);
    expect(self.json()).toMatchObject({ code: 'APPROVAL_SELF', message: APPROVAL_MESSAGES.selfApproval });
    const selfReject = await requester.client.post(`/payment/approvals/${id}/reject`, { reason: 'no' });
    expect(selfReject.statusCode).toBe(403);
    const plain = await harness.account({ colleagueOf: { customer: requester.customer } });
    const notApprover = await plain.client.post(`/payment/approvals/${id}/approve`);
    expect(notApprover.statusCode).toBe(403);
    expect(notApprover.json().code).toBe('APPROVAL_NOT_APPROVER');
    const outsider = (await team(['10.00'])).approver;
    for (const url of [`/payment/approvals/${id}/approve`, `/payment/approvals/${id}/reject`]) {
      const response = await outsider.client.post(url, { reason: 'mine now' });
      expect(response.statusCode).toBe(404);
    }
    expect((await outsider.client.get('/payment/approvals')).json().approvals).toEqual([]);
    expect((await storedApproval(id)).status).toBe('PENDING');
    // Even past the service, the database refuses a decision by the submitter.
    await expect(
      harness.context.database.db
        .update(paymentApprovals)
        .set({ status: 'APPROVED', decidedBy: requester.user.id })
        .where(eq(paymentApprovals.id, id)),
    ).rejects.toThrow();
    expect(await harness.paymentCount(requester.customer.id)).toBe(0);
  });

  it('pays once when the approver clicks approve twice at the same time, and tells both by email', async () => {
    const { requester, approver, invoices, body } = await team(['700.00', '800.00']);
    const submitted = await submit(requester, body);
    const id = submitted.json().id as number;
    const requestMail = await harness.emails(approver.email);
    expect(requestMail[0]?.subject).toContain('waits for your approval');
    expect((await approver.client.get('/payment/approvals/count')).json()).toEqual({ toDecide: 1 });
    expect((await requester.client.get('/payment/approvals/count')).json()).toEqual({ toDecide: 0 });
    const listed = (
      await approver.client.get(`/payment/approvals?custNo=${requester.customer.custNo}`)
    ).json();
    expect(listed.approvals).toEqual([
      expect.objectContaining({ id, canDecide: true, mine: false, status: 'PENDING' }),
    ]);

    const answers = await Promise.all([
      approver.client.post(`/payment/approvals/${id}/approve`),
      approver.client.post(`/payment/approvals/${id}/approve`),
    ]);
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes).toEqual([200, 409]);
    const ok = answers.find((answer) => answer.statusCode === 200)!.json();
    expect(ok).toMatchObject({
      status: 'APPROVED',
      paymentStatus: 'SUCCESS',
      paymentLogId: expect.any(Number),
    });
    expect(await harness.paymentCount(requester.customer.id)).toBe(1);
    const repeat = await approver.client.post(`/payment/approvals/${id}/approve`);
    expect(repeat.statusCode).toBe(409);
    expect(repeat.json().message).toBe(APPROVAL_MESSAGES.alreadyDecided);
    expect(await harness.paymentCount(requester.customer.id)).toBe(1);
    for (const invoice of invoices) expect((await harness.invoice(invoice.id)).balance).toBe('0.00');
    expect(await requester.storedCart()).toEqual([]);
    const stored = await storedApproval(id);
    expect(stored).toMatchObject({
      status: 'APPROVED',
      decidedBy: approver.user.id,
      paymentId: ok.paymentLogId,
    });
    const toRequester = await harness.emails(requester.email);
    expect(toRequester.map((mail) => mail.subject)).toContainEqual(expect.stringContaining('approved'));
    expect((await harness.emails(approver.email)).map((mail) => mail.subject)).toContainEqual(
      expect.stringContaining('approved'),
    );
    const events = await harness.context.database.db
      .select({ type: integrationEvents.type })
      .from(integrationEvents)
      .where(inArray(integrationEvents.type, ['payment.approval_requested', 'payment.approval_approved']));
    expect(
      events.filter((event) => event.type === 'payment.approval_approved').length,
    ).toBeGreaterThanOrEqual(2);
  });

  it('rejects with a reason (required), unlocks the cart and emails the submitter in their language', async () => {
    const { requester, approver, invoices, body } = await team(['2000.00']);
    await harness.context.database.db.execute(
      sql`update users set language = 'fr' where id = ${requester.user.id}`,
    );
    const id = (await submit(requester, body)).json().id as number;
    const empty = await approver.client.post(`/payment/approvals/${id}/reject`, { reason: '  ' });
    expect(empty.statusCode).toBe(400);
    expect(empty.body).toContain(APPROVAL_MESSAGES.reasonRequired);
    expect((await storedApproval(id)).status).toBe('PENDING');
    const rejected = await approver.client.post(`/payment/approvals/${id}/reject`, {
      reason: 'Wrong account',
    });
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json()).toMatchObject({
      status: 'REJECTED',
      reason: 'Wrong account',
      paymentLogId: null,
    });
    expect((await approver.client.post(`/payment/approvals/${id}/approve`)).statusCode).toBe(409);
    expect(await harness.paymentCount(requester.customer.id)).toBe(0);
    const removed = await requester.client.post('/payment/cart/remove', {
      custNo: requester.customer.custNo,
      currencyCode: 'USD',
      invNo: [invoices[0]!.invNo],
    });
    expect(removed.statusCode).toBe(200);
    expect(await requester.storedCart()).toEqual([]);
    const mail = (await harness.emails(requester.email))[0];
    expect(mail?.subject).toContain('refusé');
    expect(mail?.body).toContain('Wrong account');
    const activity = (await requester.client.get(`/invoices/activity/${invoices[0]!.invNo}`)).json();
    expect(activity.entries.map((entry: { kind: string }) => entry.kind)).toEqual(
      expect.arrayContaining(['PAYMENT_APPROVAL_REQUESTED', 'PAYMENT_APPROVAL_REJECTED']),
    );
  });
});
