import { randomUUID } from 'node:crypto';
import { PROFILE_MESSAGES } from '@settle/shared/payment-profiles';
import { IDEMPOTENCY_KEY_HEADER } from '@settle/shared/payments';
import { Privilege } from '@settle/shared/privileges';
import { PROFILE_EXPIRY_MESSAGES } from '@settle/shared/rules/profile-expiry';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { paymentProfiles } from '../../db/schema/payment-profiles';
import { paymentConfigs } from '../../db/schema/payments';
import { users } from '../../db/schema/users';
import { seedDemoPaymentProfiles } from '../../db/seed/demo-payment-profiles';
import { outboxEvents } from '../../test/outbox-events';
import { submitCard } from '../../test/sandbox-payer';
import { type PaymentsHarness, postWithKey, startPaymentsHarness } from '../payments/payments-test-support';

// A fixed "now" for the expiry rules: 15 June 2026, so June is the current month of this year.
const NOW = new Date('2026-06-15T12:00:00Z');
let harness: PaymentsHarness;

beforeAll(async () => {
  harness = await startPaymentsHarness({ clock: { now: () => NOW } });
});
afterAll(() => harness.close());

type Own = Awaited<ReturnType<PaymentsHarness['account']>>;

async function profileEvents(own: Own, type: string) {
  const events = await outboxEvents(harness.context.database.db, own.customer.tenantId, type);
  return events
    .filter((event) => event.data.custNo === own.customer.custNo)
    .map(({ data }) => ({ paymentProfileId: data.paymentProfileId, profileType: data.profileType }));
}

/** Saves a card the way the browser does: add, the provider's page, then the status call. */
async function saveCard(own: Own, number = '4242424242424242', profileType = 'CREDIT_CARD') {
  const started = await own.client.post('/payment/add/', {
    profileType,
    custNo: own.customer.custNo,
    currency: 'USD',
  });
  expect(started.statusCode, started.body).toBe(200);
  const body = started.json();
  expect(body).toMatchObject({ success: true, reference: expect.stringMatching(/^SP-/) });
  const before = (await own.client.get(`/payment/add/status/${body.reference}`)).json();
  expect(before).toMatchObject({ success: false, message: PROFILE_MESSAGES.cardNotSavedYet });
  const page = await submitCard(body.serviceURL, { number, expiry: '12/30', name: 'Grace Hopper' });
  expect(page.status).toBe(303);
  const after = (await own.client.get(`/payment/add/status/${body.reference}`)).json();
  expect(after).toMatchObject({ success: true, paymentProfileId: body.paymentProfileId });
  return body.paymentProfileId as number;
}

function update(own: Own, id: number, expirationDate: string) {
  return own.client.post('/payment/updateProfile', { id, profileType: 'CREDIT_CARD', expirationDate });
}

async function storedProfile(id: number) {
  const [row] = await harness.context.database.db
    .select()
    .from(paymentProfiles)
    .where(eq(paymentProfiles.id, id));
  return row!;
}

describe('saving and listing profiles', () => {
  it('saves a card through the provider page and a bank account sealed; lists them masked, soonest expiry first', async () => {
    const own = await harness.account();
    const cardId = await saveCard(own);
    const bank = await own.client.post('/payment/add/', {
      profileType: 'ECHECK',
      custNo: own.customer.custNo,
      name: 'Ada Lovelace',
      accountType: 'Checking',
      routingNum: '021000021',
      accountNum: '000123456789',
      chequeNum: '',
    });
    expect(bank.json()).toMatchObject({ success: true, message: PROFILE_MESSAGES.saved });
    const listed = (await own.client.get('/payment/profiles?orderbyexpirationdate=true')).json();
    expect(listed).toEqual([
      expect.objectContaining({
        id: cardId,
        profileType: 'CREDIT_CARD',
        achEnabled: 0,
        lastDigits: '4242',
        cardHolderName: 'Grace Hopper',
        expirationDateStr: '12 / 2030',
        expirationDate: '2030-12-31',
        expired: false,
        accountNum: null,
      }),
      expect.objectContaining({
        profileType: 'ECHECK',
        accountNum: '********6789',
        routingNum: '021000021',
        accountType: 'Checking',
        name: 'Ada Lovelace',
      }),
    ]);
    expect(JSON.stringify(listed)).not.toContain('000123456789');
    const stored = await storedProfile(listed[1].id);
    expect(stored.accountEncrypted).not.toContain('123456789');
    expect(harness.context.app.services.sealer.open('echeck-account', stored.accountEncrypted!)).toBe(
      '000123456789',
    );
    const banks = (await own.client.get('/payment/profiles?profileType=ECHECK')).json();
    expect(banks.map((profile: { profileType: string }) => profile.profileType)).toEqual(['ECHECK']);
    // Each saved profile once in the provider's events (the card's status was asked more than once).
    expect(await profileEvents(own, 'profile.saved')).toEqual([
      { paymentProfileId: String(cardId), profileType: 'CREDIT_CARD' },
      { paymentProfileId: String(listed[1].id), profileType: 'ECHECK' },
    ]);
  });

  it('refuses a bad routing number and changes nothing', async () => {
    const own = await harness.account();
    const bad = await own.client.post('/payment/add/', {
      profileType: 'ECHECK',
      custNo: own.customer.custNo,
      name: 'Ada',
      accountType: 'Checking',
      routingNum: '021000022',
      accountNum: '1234',
    });
    expect(bad.statusCode).toBe(400);
    expect((await own.client.get('/payment/profiles')).json()).toEqual([]);
  });

  it('needs the pay privilege', async () => {
    const own = await harness.account({ roles: [Privilege.ALLOW_PROB_VIEW] });
    const response = await own.client.get('/payment/profiles');
    expect(response.statusCode).toBe(403);
  });
});

describe('expiry rules (fixed clock: June 2026)', () => {
  let own: Own;
  let id: number;
  beforeAll(async () => {
    own = await harness.account();
    id = await saveCard(own);
  });

  it.each([
    ['13/2027', PROFILE_EXPIRY_MESSAGES.month],
    ['00/2027', PROFILE_EXPIRY_MESSAGES.month],
    ['06/2026', PROFILE_EXPIRY_MESSAGES.month],
    ['05/2026', PROFILE_EXPIRY_MESSAGES.month],
    ['12/2025', 'The year must be between 2026 and 2041.'],
    ['01/2042', 'The year must be between 2026 and 2041.'],
    ['2027/01', PROFILE_EXPIRY_MESSAGES.format],
    ['1-2027', PROFILE_EXPIRY_MESSAGES.format],
  ])('refuses %s with its message and keeps the stored date', async (input, message) => {
    const response = await update(own, id, input);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(message);
    expect(await storedProfile(id)).toMatchObject({ expiryMonth: 12, expiryYear: 2030 });
  });

  it.each([
    ['07/2026', 7, 2026],
    ['12 / 2041', 12, 2041],
    ['3 /2030', 3, 2030],
  ])('accepts %s', async (input, month, year) => {
    const response = await update(own, id, input);
    expect(response.json()).toEqual({ success: true, message: PROFILE_MESSAGES.updated });
    expect(await storedProfile(id)).toMatchObject({ expiryMonth: month, expiryYear: year });
  });

  it('an unchanged date is no change, and the alias is kept', async () => {
    await update(own, id, '08/2031');
    const same = await own.client.post('/payment/updateProfile', {
      id,
      profileType: 'CREDIT_CARD',
      expirationDate: '08 / 2031',
      aliasName: (await storedProfile(id)).aliasName,
    });
    expect(same.json()).toEqual({ success: true, message: PROFILE_MESSAGES.unchanged });
    const alias = await own.client.post('/payment/updateProfile', {
      id,
      profileType: 'CREDIT_CARD',
      aliasName: 'Office',
    });
    expect(alias.json().success).toBe(true);
    expect(await storedProfile(id)).toMatchObject({ aliasName: 'Office', expiryMonth: 8, expiryYear: 2031 });
  });
});

describe('ownership', () => {
  it("another user's profile answers 404 to read, update, delete and pay; nothing changes", async () => {
    const owner = await harness.account();
    const id = await saveCard(owner);
    const other = await harness.account();
    expect((await other.client.get('/payment/profiles')).json()).toEqual([]);
    const updated = await update(other, id, '01/2030');
    expect(updated.statusCode).toBe(404);
    const deleted = await other.client.request({
      method: 'PUT',
      url: `/payment/delete?paymentProfileId=${id}`,
    });
    expect(deleted.statusCode).toBe(404);
    const invoice = await other.invoice({ amount: '10.00' });
    const paid = await postWithKey(other.client, '/payment/makeSilentPayment/CREDIT_CARD', {
      custNo: other.customer.custNo,
      currency: 'USD',
      paymentProfile: { id },
      payments: [{ invNo: invoice.invNo, payment: '10.00' }],
    });
    expect(paid.statusCode).toBe(404);
    expect(await harness.paymentCount(other.customer.id)).toBe(0);
    expect(await storedProfile(id)).toMatchObject({ expiryMonth: 12, expiryYear: 2030, deletedAt: null });
  });

  it('deletes a profile: gone from the list, cannot pay', async () => {
    const own = await harness.account();
    const id = await saveCard(own);
    const deleted = await own.client.request({
      method: 'PUT',
      url: `/payment/delete?paymentProfileId=${id}`,
    });
    expect(deleted.json()).toEqual({ success: true, message: PROFILE_MESSAGES.deleted });
    expect((await own.client.get('/payment/profiles')).json()).toEqual([]);
    const again = await own.client.request({ method: 'PUT', url: `/payment/delete?paymentProfileId=${id}` });
    expect(again.statusCode).toBe(404);
    expect(await profileEvents(own, 'profile.removed')).toEqual([
      { paymentProfileId: String(id), profileType: 'CREDIT_CARD' },
    ]);
  });
});

describe('silent payments', () => {
  it('a replay with the same Idempotency-Key charges the saved card once and answers the same', async () => {
    const own = await harness.account();
    const id = await saveCard(own);
    const invoice = await own.invoice({ amount: '40.00' });
    await own.putInCart([invoice.id]);
    const body = {
      custNo: own.customer.custNo,
      currency: 'USD',
      paymentProfile: { id },
      payments: [{ invNo: invoice.invNo, payment: '40.00' }],
    };
    const key = randomUUID();
    const first = await postWithKey(own.client, '/payment/makeSilentPayment/CREDIT_CARD', body, key);
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({ status: 'SUCCESS', responseText: 'Approved', pollStatus: false });
    const second = await postWithKey(own.client, '/payment/makeSilentPayment/CREDIT_CARD', body, key);
    expect(second.json()).toEqual(first.json());
    expect(await harness.paymentCount(own.customer.id)).toBe(1);
    const payment = (await harness.payment(first.json().extTranRefId))!;
    // The USD card fee (2.5 %) applies as in the hosted flow.
    expect(payment).toMatchObject({
      methodType: 'CARD_PROFILE',
      paymentProfileId: id,
      amount: '40.00',
      fee: '1.00',
      total: '41.00',
    });
    expect(await harness.invoice(invoice.id)).toMatchObject({ balance: '0.00', paymentPending: false });
    expect(await own.storedCart()).toEqual([]);
    const fresh = await postWithKey(own.client, '/payment/makeSilentPayment/CREDIT_CARD', body);
    expect(fresh.statusCode).toBe(400);
    expect(await harness.paymentCount(own.customer.id)).toBe(1);
  });

  it('refuses an expired card and starts nothing', async () => {
    const own = await harness.account();
    const id = await saveCard(own);
    await harness.context.database.db
      .update(paymentProfiles)
      .set({ expiryMonth: 5, expiryYear: 2026 })
      .where(eq(paymentProfiles.id, id));
    const listed = (await own.client.get('/payment/profiles')).json();
    expect(listed[0]).toMatchObject({ expired: true, expirationDateStr: '05 / 2026' });
    const invoice = await own.invoice({ amount: '10.00' });
    const paid = await postWithKey(own.client, '/payment/makeSilentPayment/CREDIT_CARD', {
      custNo: own.customer.custNo,
      currency: 'USD',
      paymentProfile: { id },
      payments: [{ invNo: invoice.invNo, payment: '10.00' }],
    });
    expect(paid.statusCode).toBe(400);
    expect(paid.json()).toMatchObject({ code: 'PROFILE_CARD_EXPIRED', message: PROFILE_MESSAGES.expired });
    expect(await harness.paymentCount(own.customer.id)).toBe(0);
    expect(await harness.invoice(invoice.id)).toMatchObject({ balance: '10.00', paymentPending: false });
  });

  it('a saved card the provider refuses at charge time ends the payment as FAILURE and releases the invoice', async () => {
    const own = await harness.account();
    const id = await saveCard(own, '4000000000000069');
    const invoice = await own.invoice({ amount: '20.00' });
    const paid = await postWithKey(own.client, '/payment/makeSilentPayment/CREDIT_CARD', {
      custNo: own.customer.custNo,
      currency: 'USD',
      paymentProfile: { id },
      payments: [{ invNo: invoice.invNo, payment: '20.00' }],
    });
    expect(paid.json()).toMatchObject({ status: 'FAILURE', responseText: 'ExpirationDateIncorrect' });
    expect(await harness.invoice(invoice.id)).toMatchObject({ balance: '20.00', paymentPending: false });
  });

  it("demo.full's seeded debit card pays in one click on a sandbox that has never seen it", async () => {
    // The harness's sandbox starts empty (no state file), as on a new machine.
    const own = await harness.account({ customer: { custNo: 'C10001', currencies: ['USD'] } });
    const { db } = harness.context.database;
    await db.update(users).set({ loginName: 'demo.full' }).where(eq(users.id, own.user.id));
    await seedDemoPaymentProfiles(db, { tenantId: harness.tenantId, today: NOW });
    const listed = (await own.client.get('/payment/profiles?orderbyexpirationdate=true')).json();
    const debit = listed.find((profile: { profileType: string }) => profile.profileType === 'DEBIT_CARD');
    expect(debit).toMatchObject({ lastDigits: '5556', expired: false });
    expect(listed.find((profile: { expired: boolean }) => profile.expired)).toMatchObject({
      profileType: 'CREDIT_CARD',
    });
    const invoice = await own.invoice({ amount: '15.00' });
    const paid = await postWithKey(own.client, '/payment/makeSilentPayment/DEBIT_CARD', {
      custNo: 'C10001',
      currency: 'USD',
      paymentProfile: { id: debit.id },
      payments: [{ invNo: invoice.invNo, payment: '15.00' }],
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'SUCCESS', responseText: 'Approved' });
    expect(await harness.invoice(invoice.id)).toMatchObject({ balance: '0.00' });
  });

  it('pays on account with a saved bank account, processed locally', async () => {
    const own = await harness.account();
    const bank = (
      await own.client.post('/payment/add/', {
        profileType: 'ECHECK',
        custNo: own.customer.custNo,
        name: 'Ada Lovelace',
        accountType: 'Savings',
        routingNum: '021000021',
        accountNum: '99887766',
      })
    ).json();
    const paid = await own.client.request({
      method: 'POST',
      url: '/payment/makeOnActSilentPayment/ACH',
      payload: {
        custNo: own.customer.custNo,
        currency: 'USD',
        paymentProfile: { id: bank.paymentProfileId },
        amount: '25.00',
        note: 'advance',
      },
      headers: { [IDEMPOTENCY_KEY_HEADER]: randomUUID() },
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect(paid.json()).toMatchObject({ status: 'SUCCESS', trackingNo: expect.stringMatching(/^ACH-/) });
    const payment = (await harness.payment(paid.json().extTranRefId))!;
    expect(payment).toMatchObject({
      methodType: 'ECHECK_PROFILE',
      flow: 'on_account',
      accountMasked: '****7766',
      amount: '25.00',
      note: 'advance',
    });
  });
});

describe('"save as profile" in the e-check form', () => {
  const ACCOUNT = {
    name: 'Ada Lovelace',
    accountType: 'Checking',
    routingNumber: '021000021',
    accountNumber: '000123456789',
    checkNumber: '',
  };
  const savedBy = (own: Own) =>
    harness.context.database.db
      .select()
      .from(paymentProfiles)
      .where(eq(paymentProfiles.customerId, own.customer.id));

  it('saves the bank account sealed with the payment, once for a replay and once for a race on one key', async () => {
    const own = await harness.account();
    const invoice = await own.invoice({ amount: '30.00' });
    await own.putInCart([invoice.id]);
    const body = {
      custNo: own.customer.custNo,
      currency: 'USD',
      payments: [{ invNo: invoice.invNo, payment: '30.00' }],
      paymentAccount: { ...ACCOUNT, saveAsProfile: true },
    };
    const key = randomUUID();
    const [first, raced] = await Promise.all([
      postWithKey(own.client, '/payment/makePayment/ECHECK', body, key),
      postWithKey(own.client, '/payment/makePayment/ECHECK', body, key),
    ]);
    const ok = [first, raced].find((response) => response.statusCode === 200)!;
    expect(ok.json()).toMatchObject({ status: 'SUCCESS', trackingNo: expect.stringMatching(/^ACH-/) });
    const replay = await postWithKey(own.client, '/payment/makePayment/ECHECK', body, key);
    expect(replay.json()).toEqual(ok.json());
    expect(await harness.paymentCount(own.customer.id)).toBe(1);

    const payment = (await harness.payment(ok.json().extTranRefId))!;
    const rows = await savedBy(own);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({
      profileType: 'ECHECK',
      status: 'ACTIVE',
      userId: own.user.id,
      savedByPaymentId: payment.id,
      accountMasked: '********6789',
      routingNum: '021000021',
      accountType: 'Checking',
      name: 'Ada Lovelace',
    });
    expect(rows[0]!.accountEncrypted).not.toContain('123456789');
    expect(harness.context.app.services.sealer.open('echeck-account', rows[0]!.accountEncrypted!)).toBe(
      '000123456789',
    );
    const listed = (await own.client.get('/payment/profiles?profileType=ECHECK')).json();
    expect(listed).toEqual([expect.objectContaining({ id: rows[0]!.id, accountNum: '********6789' })]);
  });

  it('on account: saves when asked, not otherwise; a second start of one payment cannot save a second account', async () => {
    const own = await harness.account();
    const body = (saveAsProfile: boolean) => ({
      custNo: own.customer.custNo,
      currency: 'USD',
      amount: '12.00',
      paymentAccount: { ...ACCOUNT, accountNumber: '55554444', saveAsProfile },
    });
    const plain = await postWithKey(own.client, '/payment/makePaymentOnAccount/ECHECK', body(false));
    expect(plain.json()).toMatchObject({ status: 'SUCCESS' });
    expect(await savedBy(own)).toEqual([]);
    const saved = await postWithKey(own.client, '/payment/makePaymentOnAccount/ACH', body(true));
    expect(saved.json()).toMatchObject({ status: 'SUCCESS' });
    const rows = await savedBy(own);
    expect(rows).toMatchObject([{ accountMasked: '****4444', savedByPaymentId: saved.json().paymentLogId }]);
    // The database keeps one profile per payment, whoever tries to add a second.
    const { id: _id, reference: _reference, ...copy } = rows[0]!;
    await expect(
      harness.context.database.db.insert(paymentProfiles).values({ ...copy, createdAt: new Date() }),
    ).rejects.toThrow();
    expect(await savedBy(own)).toHaveLength(1);
  });

  it('refuses a bad routing number, or bank profiles the tenant does not offer, and changes nothing', async () => {
    const own = await harness.account();
    const invoice = await own.invoice({ amount: '9.00' });
    const body = (routingNumber: string) => ({
      custNo: own.customer.custNo,
      currency: 'USD',
      payments: [{ invNo: invoice.invNo, payment: '9.00' }],
      paymentAccount: { ...ACCOUNT, routingNumber, saveAsProfile: true },
    });
    const bad = await postWithKey(own.client, '/payment/makePayment/ECHECK', body('021000022'));
    expect(bad.statusCode).toBe(400);
    const { db } = harness.context.database;
    const offered = (allowECheckProfile: boolean) =>
      db
        .update(paymentConfigs)
        .set({ allowECheckProfile })
        .where(and(eq(paymentConfigs.tenantId, harness.tenantId), eq(paymentConfigs.currencyCode, 'USD')));
    await offered(false);
    try {
      const off = await postWithKey(own.client, '/payment/makePayment/ECHECK', body('021000021'));
      expect(off.statusCode).toBe(400);
      expect(off.json()).toMatchObject({
        code: 'PROFILE_TYPE_NOT_ALLOWED',
        message: PROFILE_MESSAGES.typeNotAllowed,
      });
    } finally {
      await offered(true);
    }
    expect(await harness.paymentCount(own.customer.id)).toBe(0);
    expect(await savedBy(own)).toEqual([]);
    expect(await harness.invoice(invoice.id)).toMatchObject({ balance: '9.00', paymentPending: false });
  });
});
