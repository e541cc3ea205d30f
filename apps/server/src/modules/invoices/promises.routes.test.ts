import { addDays, calendarDateInZone } from '@settle/shared/calendar-date';
import { Privilege } from '@settle/shared/privileges';
import { PROMISE_MESSAGES } from '@settle/shared/promises';
import { REFUSAL_MESSAGES, type RefusalReason } from '@settle/shared/rules/invoices';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTenant } from '../../test/factories';
import { signedInCustomer } from '../../test/signed-in-customer';
import { createTestApp, type TestContext } from '../../test/test-app';

let context: TestContext;
let tenantId = 0;

beforeAll(async () => {
  context = await createTestApp();
  tenantId = (await buildTenant(context.database.db, { isDefault: true })).id;
});
afterAll(() => context.close());

/** A user of a customer of their own (see signedInCustomer), with dates counted from the server's today. */
async function account(roles?: readonly string[]) {
  const own = await signedInCustomer(context, tenantId, { roles });
  // The server's today in the user's time zone: one the test computed could be a day off at midnight.
  const { serverDate } = (await own.client.get('/location/serverDate')).json();
  return { ...own, daysFromToday: (days: number) => addDays(serverDate, days) };
}

/** One refusal branch of the rule: the reason and an invoice (and user) refused for it alone. */
type Refusal = {
  reason: RefusalReason;
  roles?: string[];
  /** The privilege is missing: every invoice of the selection is refused. */
  refusesAll?: boolean;
  setup: (own: Awaited<ReturnType<typeof account>>) => Promise<{ tranId: string; invNo: string }>;
};

/** An invoice promised earlier; its date is only stored, never checked against today. */
const PROMISED = {
  promise: true,
  promisedAmount: '100.00',
  nextFollowupDate: addDays(calendarDateInZone(new Date(), 'America/New_York'), 7),
};

describe('PUT /invoices/promiseUnPromise: promise', () => {
  it('promises every selected invoice for its balance, with the follow-up date', async () => {
    const own = await account();
    const first = await own.invoice({ amount: '100.00', paidAmount: '25.00' });
    const second = await own.invoice({ amount: '200.00' });
    const untouched = await own.invoice({ amount: '300.00' });
    const date = own.daysFromToday(14);

    const response = await own.client.put('/invoices/promiseUnPromise', {
      invNo: [first.invNo, second.invNo],
      promised: true,
      nextFollowupDate: date,
    });

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      promised: true,
      invNo: [first.invNo, second.invNo],
      nextFollowupDate: date,
    });
    const rows = await own.storedInvoices();
    expect(rows.map((row) => [row.invNo, row.promise, row.promisedAmount, row.nextFollowupDate])).toEqual([
      [first.invNo, true, '75.00', date],
      [second.invNo, true, '200.00', date],
      [untouched.invNo, false, '0.00', null],
    ]);
  });

  const refusals: Refusal[] = [
    { reason: 'ZERO_BALANCE', setup: (own) => own.invoice({ amount: '10.00', paidAmount: '10.00' }) },
    { reason: 'PAYMENT_PENDING', setup: (own) => own.invoice({ paymentPending: true }) },
    {
      reason: 'IN_CART',
      setup: async (own) => {
        const invoice = await own.invoice();
        await own.putInCart([invoice.id]);
        return invoice;
      },
    },
    { reason: 'PROMISED', setup: (own) => own.invoice(PROMISED) },
    { reason: 'CLOSED', setup: (own) => own.invoice({ status: 'C' }) },
    {
      reason: 'NO_PERMISSION',
      roles: [Privilege.ALLOW_PAY],
      refusesAll: true,
      setup: (own) => own.invoice(),
    },
  ];

  it.each(refusals)(
    'refuses an invoice for $reason, and promises none of the selection',
    async ({ reason, roles, refusesAll, setup }) => {
      const own = await account(roles);
      const payable = await own.invoice({ amount: '50.00' });
      const refused = await setup(own);
      const before = await own.storedInvoices();
      const tranIds = refusesAll ? `${payable.tranId}, ${refused.tranId}` : refused.tranId;

      const response = await own.client.put('/invoices/promiseUnPromise', {
        invNo: [payable.invNo, refused.invNo],
        promised: true,
        nextFollowupDate: own.daysFromToday(5),
      });

      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual({
        statusCode: 400,
        code: 'PROMISE_FAILED',
        message: `${PROMISE_MESSAGES.failed}: ${REFUSAL_MESSAGES[reason]} (${tranIds})`,
        args: [tranIds, REFUSAL_MESSAGES[reason]],
      });
      expect(await own.storedInvoices()).toEqual(before);
    },
  );

  it('names every refused invoice, with the reason of the first, and changes none', async () => {
    const own = await account();
    const payable = await own.invoice();
    const zero = await own.invoice({ amount: '10.00', paidAmount: '10.00' });
    const pending = await own.invoice({ paymentPending: true });
    const before = await own.storedInvoices();

    const response = await own.client.put('/invoices/promiseUnPromise', {
      invNo: [zero.invNo, payable.invNo, pending.invNo],
      promised: true,
      nextFollowupDate: own.daysFromToday(5),
    });

    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'PROMISE_FAILED',
      args: [`${zero.tranId}, ${pending.tranId}`, REFUSAL_MESSAGES.ZERO_BALANCE],
    });
    expect(await own.storedInvoices()).toEqual(before);
  });

  it('takes a follow-up date from today up to the limit (90 days) included', async () => {
    const own = await account();
    const first = await own.invoice();
    const last = await own.invoice();
    for (const [invoice, date] of [
      [first, own.daysFromToday(0)],
      [last, own.daysFromToday(90)],
    ] as const) {
      const response = await own.client.put('/invoices/promiseUnPromise', {
        invNo: [invoice.invNo],
        promised: true,
        nextFollowupDate: date,
      });
      expect(response.statusCode, response.body).toBe(200);
    }
    expect((await own.storedInvoices()).map((row) => [row.promise, row.nextFollowupDate])).toEqual([
      [true, own.daysFromToday(0)],
      [true, own.daysFromToday(90)],
    ]);
  });

  it('needs a selection and a real date from today up to the limit, changing nothing otherwise', async () => {
    const own = await account();
    const payable = await own.invoice();
    const before = await own.storedInvoices();
    const attempt = (body: Record<string, unknown>) =>
      own.client.put('/invoices/promiseUnPromise', { invNo: [payable.invNo], promised: true, ...body });

    const empty = await attempt({ invNo: [], nextFollowupDate: own.daysFromToday(1) });
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ code: 'NO_SELECTION', message: PROMISE_MESSAGES.noSelection });

    const invalidDate = {
      code: 'PROMISE_INVALID_DATE',
      message: PROMISE_MESSAGES.invalidDate,
      fieldErrors: [{ field: 'body.nextFollowupDate', message: PROMISE_MESSAGES.invalidDate }],
    };
    for (const [label, nextFollowupDate] of [
      ['missing', undefined],
      ['impossible', '2026-02-30'],
      ['past', own.daysFromToday(-3)],
    ] as const) {
      const response = await attempt({ nextFollowupDate });
      expect(response.statusCode, label).toBe(400);
      expect(response.json(), label).toMatchObject(invalidDate);
    }

    const tooFar = await attempt({ nextFollowupDate: own.daysFromToday(91) });
    expect(tooFar.statusCode).toBe(400);
    expect(tooFar.json()).toMatchObject({
      code: 'PROMISE_DATE_TOO_FAR',
      args: ['90'],
      fieldErrors: [{ field: 'body.nextFollowupDate' }],
    });
    expect(await own.storedInvoices()).toEqual(before);
  });

  it("answers 404 for another customer's invoice as for a missing one, and changes neither customer", async () => {
    const own = await account();
    const mine = await own.invoice();
    const other = await account();
    const theirs = await other.invoice({ invNo: 'INV-THEIRS' });
    const mineBefore = await own.storedInvoices();
    const theirsBefore = await other.storedInvoices();

    for (const invNo of [theirs.invNo, 'INV-NOPE']) {
      const response = await own.client.put('/invoices/promiseUnPromise', {
        invNo: [mine.invNo, invNo],
        promised: true,
        nextFollowupDate: own.daysFromToday(3),
      });
      expect(response.statusCode, invNo).toBe(404);
      expect(response.json(), invNo).toEqual({
        statusCode: 404,
        code: 'NOT_FOUND',
        message: `Invoice ${invNo} was not found.`,
      });
    }
    expect(await own.storedInvoices()).toEqual(mineBefore);
    expect(await other.storedInvoices()).toEqual(theirsBefore);
  });
});

describe('PUT /invoices/promiseUnPromise: removal', () => {
  it('removes the promise, its amount and its follow-up date from the selection only', async () => {
    const own = await account();
    const first = await own.invoice(PROMISED);
    const kept = await own.invoice(PROMISED);

    const single = await own.client.put('/invoices/promiseUnPromise', {
      invNo: first.invNo,
      promised: false,
    });

    expect(single.statusCode).toBe(200);
    expect(single.json()).toEqual({ promised: false, invNo: [first.invNo], nextFollowupDate: null });
    const rows = await own.storedInvoices();
    expect(rows.map((row) => [row.invNo, row.promise, row.promisedAmount, row.nextFollowupDate])).toEqual([
      [first.invNo, false, '0.00', null],
      [kept.invNo, true, '100.00', PROMISED.nextFollowupDate],
    ]);
  });

  const refusals: Refusal[] = [
    { reason: 'NOT_PROMISED', setup: (own) => own.invoice() },
    { reason: 'PAYMENT_PENDING', setup: (own) => own.invoice({ ...PROMISED, paymentPending: true }) },
    {
      reason: 'IN_CART',
      setup: async (own) => {
        const invoice = await own.invoice(PROMISED);
        await own.putInCart([invoice.id]);
        return invoice;
      },
    },
    { reason: 'CLOSED', setup: (own) => own.invoice({ ...PROMISED, status: 'C' }) },
    {
      reason: 'NO_PERMISSION',
      roles: [Privilege.ALLOW_PAY],
      refusesAll: true,
      setup: (own) => own.invoice(PROMISED),
    },
  ];

  it.each(refusals)(
    'refuses an invoice for $reason, and removes no promise of the selection',
    async ({ reason, roles, refusesAll, setup }) => {
      const own = await account(roles);
      const promised = await own.invoice(PROMISED);
      const refused = await setup(own);
      const before = await own.storedInvoices();
      const tranIds = refusesAll ? `${promised.tranId}, ${refused.tranId}` : refused.tranId;

      const response = await own.client.put('/invoices/promiseUnPromise', {
        invNo: [promised.invNo, refused.invNo],
        promised: false,
      });

      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toEqual({
        statusCode: 400,
        code: 'PROMISE_REMOVE_FAILED',
        message: `${PROMISE_MESSAGES.cannotRemove}: ${REFUSAL_MESSAGES[reason]} (${tranIds})`,
        args: [tranIds, REFUSAL_MESSAGES[reason]],
      });
      expect(await own.storedInvoices()).toEqual(before);
    },
  );
});
