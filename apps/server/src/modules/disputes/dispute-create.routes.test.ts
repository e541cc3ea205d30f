import { DISPUTE_MESSAGES } from '@settle/shared/disputes';
import { Privilege } from '@settle/shared/privileges';
import { REFUSAL_MESSAGES } from '@settle/shared/rules/invoices';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activity } from '../../db/schema/activity';
import { disputeLines, disputes } from '../../db/schema/disputes';
import { invoiceLineItems } from '../../db/schema/invoices';
import { expectError } from '../../test/expect-error';
import { buildLineItems, buildReasonCodes, buildTenant } from '../../test/factories';
import { signedInCustomer } from '../../test/signed-in-customer';
import { createTestApp, type TestContext } from '../../test/test-app';

let context: TestContext;
let tenantId = 0;

beforeAll(async () => {
  context = await createTestApp();
  tenantId = (await buildTenant(context.database.db, { isDefault: true })).id;
  await buildReasonCodes(context.database.db, tenantId);
});
afterAll(() => context.close());

const account = (options: Parameters<typeof signedInCustomer>[2] = {}) =>
  signedInCustomer(context, tenantId, options);

const storedDisputes = (customerId: number) =>
  context.database.db.select().from(disputes).where(eq(disputes.customerId, customerId));
const storedActivity = (customerId: number) =>
  context.database.db.select().from(activity).where(eq(activity.customerId, customerId)).orderBy(activity.id);

describe('POST /dispute/0 by amount', () => {
  it('creates the dispute, holds its amount on the invoice and records the activity, in one go', async () => {
    const own = await account();
    const invoice = await own.invoice({ amount: '300.00' });

    const response = await own.client.post('/dispute/0', {
      invNo: invoice.invNo,
      style: 'other',
      disputedAmount: '120.50',
      reasonCode: 'PRICE',
      description: 'Charged the list price',
      newNote: 'We agreed on 10% off.',
    });

    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      invNo: invoice.invNo,
      openTranId: invoice.tranId,
      custNo: own.customer.custNo,
      disputedAmount: '120.50',
      style: 'other',
      reasonCode: 'PRICE',
      reasonDisplay: 'Price difference',
      statusCode: 'U',
      status: 'UnIdentified',
      custDispute: false,
      description: 'Charged the list price',
      disputedItems: [],
      disputeAttachmentList: [],
      canUpdate: true,
    });
    expect(body.disputeNoteList).toHaveLength(1);
    expect(body.disputeNoteList[0]).toMatchObject({ note: 'We agreed on 10% off.', exposed: true });

    const [stored] = await own.storedInvoices();
    expect(stored!.disputeAmount).toBe('120.50');
    const detail = (await own.client.get(`/invoices/detail/${invoice.invNo}`)).json();
    expect(detail.maxAmount).toBe('179.50');

    const kinds = (await storedActivity(own.customer.id)).map((row) => row.kind);
    expect(kinds).toEqual(['DISPUTE_OPENED', 'DISPUTE_NOTE_ADDED']);
    const timeline = (await own.client.get(`/invoices/activity/${invoice.invNo}`)).json();
    expect(timeline.entries.map((entry: { kind: string }) => entry.kind).sort()).toEqual([
      'DISPUTE_NOTE_ADDED',
      'DISPUTE_OPENED',
    ]);
    expect(
      timeline.entries.find((entry: { kind: string }) => entry.kind === 'DISPUTE_OPENED').details,
    ).toMatchObject({
      probNo: String(body.probNo),
      disputedAmount: '120.50',
    });
  });

  it('refuses zero and more than maxAmount with the specification messages, changing nothing', async () => {
    const own = await account();
    const invoice = await own.invoice({ amount: '100.00', disputeAmount: '40.00' });
    const zero = await own.client.post('/dispute/0', {
      invNo: invoice.invNo,
      style: 'other',
      disputedAmount: '0',
      reasonCode: 'PRICE',
    });
    expect(expectError(zero, 400, 'DISPUTE_AMOUNT_ZERO').message).toBe(DISPUTE_MESSAGES.amountZero);
    const over = await own.client.post('/dispute/0', {
      invNo: invoice.invNo,
      style: 'other',
      disputedAmount: '60.01',
      reasonCode: 'PRICE',
    });
    expect(expectError(over, 400, 'DISPUTE_MAX_EXCEEDED').message).toBe(
      'Exceeded maximum dispute amount of 60.00.',
    );
    expect(await storedDisputes(own.customer.id)).toEqual([]);
    expect((await own.storedInvoices())[0]!.disputeAmount).toBe('40.00');
    expect(await storedActivity(own.customer.id)).toEqual([]);
  });

  it('refuses what the dispute button refuses (promised, in the cart, pending) with the reason', async () => {
    const own = await account();
    const promised = await own.invoice({ promise: true });
    const inCart = await own.invoice();
    await own.putInCart([inCart.id]);
    const pending = await own.invoice({ paymentPending: true });
    for (const [invoice, reason] of [
      [promised, REFUSAL_MESSAGES.PROMISED],
      [inCart, REFUSAL_MESSAGES.IN_CART],
      [pending, REFUSAL_MESSAGES.PAYMENT_PENDING],
    ] as const) {
      const response = await own.client.post('/dispute/0', {
        invNo: invoice.invNo,
        style: 'other',
        disputedAmount: '10',
        reasonCode: 'PRICE',
      });
      expect(expectError(response, 400, 'DISPUTE_NOT_ALLOWED').message).toBe(reason);
    }
    expect(await storedDisputes(own.customer.id)).toEqual([]);
  });

  it('refuses without TR_USER.ALLOW_PROB, and an unknown reason, changing nothing', async () => {
    const viewer = await account({ roles: [Privilege.ALLOW_PROB_VIEW] });
    const invoice = await viewer.invoice();
    const refused = await viewer.client.post('/dispute/0', {
      invNo: invoice.invNo,
      style: 'other',
      disputedAmount: '10',
      reasonCode: 'PRICE',
    });
    expect(expectError(refused, 403, 'DISPUTE_FORBIDDEN').message).toBe(DISPUTE_MESSAGES.noPermission);

    const own = await account();
    const other = await own.invoice();
    const unknown = await own.client.post('/dispute/0', {
      invNo: other.invNo,
      style: 'other',
      disputedAmount: '10',
      reasonCode: 'NOPE',
    });
    expect(expectError(unknown, 400, 'DISPUTE_REASON').message).toBe(DISPUTE_MESSAGES.unknownReason);
    expect(await storedDisputes(viewer.customer.id)).toEqual([]);
    expect(await storedDisputes(own.customer.id)).toEqual([]);
  });

  it("answers another customer's invoice as not found", async () => {
    const own = await account();
    const stranger = await account();
    const foreign = await stranger.invoice({ invNo: 'FOREIGN-1' });
    const response = await own.client.post('/dispute/0', {
      invNo: foreign.invNo,
      style: 'other',
      disputedAmount: '10',
      reasonCode: 'PRICE',
    });
    expectError(response, 404, 'NOT_FOUND');
    expect(await storedDisputes(stranger.customer.id)).toEqual([]);
  });

  it('keeps the amounts consistent when two disputes of one invoice are created at once', async () => {
    const own = await account();
    const invoice = await own.invoice({ amount: '100.00' });
    const body = { invNo: invoice.invNo, style: 'other', disputedAmount: '70.00', reasonCode: 'PRICE' };
    const [first, second] = await Promise.all([
      own.client.post('/dispute/0', body),
      own.client.post('/dispute/0', body),
    ]);
    const statuses = [first.statusCode, second.statusCode].sort();
    expect(statuses).toEqual([200, 400]);
    const refused = first.statusCode === 400 ? first : second;
    expect(refused.json().message).toBe('Exceeded maximum dispute amount of 30.00.');
    expect((await own.storedInvoices())[0]!.disputeAmount).toBe('70.00');
    expect(await storedDisputes(own.customer.id)).toHaveLength(1);
  });
});

describe('what a dispute changes beyond itself', () => {
  it('lowers what the cart pays (balance minus disputed) and a fully disputed invoice cannot be added', async () => {
    const own = await account();
    const partly = await own.invoice({ amount: '100.00' });
    const fully = await own.invoice({ amount: '40.00' });
    for (const [invoice, amount] of [
      [partly, '25.00'],
      [fully, '40.00'],
    ] as const) {
      const created = await own.client.post('/dispute/0', {
        invNo: invoice.invNo,
        style: 'other',
        disputedAmount: amount,
        reasonCode: 'PRICE',
      });
      expect(created.statusCode, created.body).toBe(200);
    }
    const added = (
      await own.client.post('/payment/cart/add', {
        custNo: own.customer.custNo,
        currencyCode: 'USD',
        invNo: [partly.invNo, fully.invNo],
      })
    ).json();
    expect(added.added).toEqual([partly.invNo]);
    expect(added.notAdded).toEqual([
      { invNo: fully.invNo, tranId: fully.tranId, reason: REFUSAL_MESSAGES.FULLY_DISPUTED },
    ]);
    expect(added.cart.payments[0]).toMatchObject({ balance: '100.00', disputed: '25.00', payment: '75.00' });
    // The dispute button's rule now refuses the invoice in the cart.
    const again = await own.client.post('/dispute/0', {
      invNo: partly.invNo,
      style: 'other',
      disputedAmount: '1.00',
      reasonCode: 'PRICE',
    });
    expect(expectError(again, 400, 'DISPUTE_NOT_ALLOWED').message).toBe(REFUSAL_MESSAGES.IN_CART);
  });
});

describe('POST /dispute/0 by line item', () => {
  it('holds count × price per line and their sum on the invoice', async () => {
    const own = await account();
    const invoice = await own.invoice({ amount: '112.35' });
    const [first, second] = await buildLineItems(context.database.db, invoice.id, [
      { qtyShip: '3.000', price: '12.3450', ext: '37.04' },
      { qtyShip: '5.000', price: '15.0625', ext: '75.31' },
    ]);

    const response = await own.client.post('/dispute/0', {
      invNo: invoice.invNo,
      style: 'artran',
      reasonCode: 'QTY',
      disputedItems: [
        { lineItemId: first!.id, disputedCount: '1' },
        { lineItemId: second!.id, disputedCount: '3' },
      ],
    });

    expect(response.statusCode, response.body).toBe(200);
    const body = response.json();
    // 1 × 12.345 = 12.345 -> 12.35; 3 × 15.0625 = 45.1875 -> 45.19
    expect(body.disputedAmount).toBe('57.54');
    expect(body.disputedItems).toMatchObject([
      { lineItemId: first!.id, disputedCount: '1.000', disputedAmt: '12.35' },
      { lineItemId: second!.id, disputedCount: '3.000', disputedAmt: '45.19' },
    ]);
    const lines = await context.database.db
      .select()
      .from(invoiceLineItems)
      .where(eq(invoiceLineItems.invoiceId, invoice.id))
      .orderBy(invoiceLineItems.lineNo);
    expect(lines.map((line) => [line.disputedCount, line.disputedAmt])).toEqual([
      ['1.000', '12.35'],
      ['3.000', '45.19'],
    ]);
    expect((await own.storedInvoices())[0]!.disputeAmount).toBe('57.54');
  });

  it('refuses no count, a negative count, more than shipped, and a line of a negative quantity', async () => {
    const own = await account();
    const invoice = await own.invoice({ amount: '500.00' });
    const [shipped, returned] = await buildLineItems(context.database.db, invoice.id, [
      { qtyShip: '2.000' },
      { qtyShip: '-1.000' },
    ]);
    const attempt = (items: Array<{ lineItemId: number; disputedCount: string }>) =>
      own.client.post('/dispute/0', {
        invNo: invoice.invNo,
        style: 'artran',
        reasonCode: 'QTY',
        disputedItems: items,
      });

    const none = await attempt([{ lineItemId: shipped!.id, disputedCount: '0' }]);
    expect(expectError(none, 400, 'DISPUTE_LINE_COUNT').message).toBe(DISPUTE_MESSAGES.noLineItem);
    const negative = await attempt([{ lineItemId: shipped!.id, disputedCount: '-1' }]);
    expect(expectError(negative, 400, 'DISPUTE_LINE_COUNT').message).toBe('Please enter a positive amount!');
    const tooMany = await attempt([{ lineItemId: shipped!.id, disputedCount: '3' }]);
    expect(expectError(tooMany, 400, 'DISPUTE_LINE_COUNT').message).toBe(
      'The disputed count cannot exceed the quantity shipped (2.000).',
    );
    const onReturn = await attempt([{ lineItemId: returned!.id, disputedCount: '1' }]);
    expect(expectError(onReturn, 400, 'DISPUTE_LINE_COUNT').message).toBe(
      DISPUTE_MESSAGES.countOnNegativeQuantity,
    );

    await attempt([{ lineItemId: shipped!.id, disputedCount: '2' }]);
    // The first dispute took the whole quantity: a second one finds none left on the line.
    const again = await attempt([{ lineItemId: shipped!.id, disputedCount: '1' }]);
    expectError(again, 400, 'DISPUTE_LINE_COUNT');
    expect(await storedDisputes(own.customer.id)).toHaveLength(1);
    expect(
      await context.database.db.select().from(disputeLines).where(eq(disputeLines.lineItemId, shipped!.id)),
    ).toHaveLength(1);
  });
});

describe('customer-level disputes', () => {
  it('needs TR_USER.ALLOW_CUST_PROB and holds no invoice', async () => {
    const refusedUser = await account({ roles: [Privilege.ALLOW_PROB, Privilege.ALLOW_PROB_VIEW] });
    const refused = await refusedUser.client.post('/dispute/0', {
      custDispute: true,
      style: 'other',
      disputedAmount: '80',
      reasonCode: 'PRICE',
    });
    expect(expectError(refused, 403, 'DISPUTE_FORBIDDEN').message).toBe(DISPUTE_MESSAGES.noCustPermission);
    expect(await storedDisputes(refusedUser.customer.id)).toEqual([]);

    const own = await account();
    const created = await own.client.post('/dispute/0', {
      custDispute: true,
      style: 'other',
      disputedAmount: '80',
      reasonCode: 'PRICE',
      description: 'Freight billed twice',
    });
    expect(created.statusCode, created.body).toBe(200);
    expect(created.json()).toMatchObject({
      custDispute: true,
      invNo: null,
      disputedAmount: '80.00',
      currencyCode: 'USD',
    });
    const list = (await own.client.get('/disputes?custDispute=true')).json();
    expect(list.rows.map((row: { probNo: number }) => row.probNo)).toEqual([created.json().probNo]);
  });
});

describe('POST /dispute/0 with an Idempotency-Key (optional but honoured)', () => {
  it('a retried create with the same key answers the first dispute and holds the amount once', async () => {
    const own = await account();
    const invoice = await own.invoice({ amount: '300.00' });
    const body = { invNo: invoice.invNo, style: 'other', disputedAmount: '40.00', reasonCode: 'PRICE' };
    const send = (payload: unknown) =>
      own.client.request({
        method: 'POST',
        url: '/dispute/0',
        payload: payload as never,
        headers: { 'idempotency-key': 'dispute-retry-1' },
      });
    const first = await send(body);
    const retry = await send(body);
    expect(first.statusCode, first.body).toBe(200);
    expect(retry.statusCode).toBe(200);
    expect(retry.json().probNo).toBe(first.json().probNo);
    expect(retry.headers['idempotent-replayed']).toBe('true');
    expect(await storedDisputes(own.customer.id)).toHaveLength(1);
    const other = await send({ ...body, disputedAmount: '41.00' });
    expect(other.statusCode).toBe(422);
    expect(await storedDisputes(own.customer.id)).toHaveLength(1);
    // Without a key, creates stay as they were: each one is a new dispute.
    expect((await own.client.post('/dispute/0', body)).statusCode).toBe(200);
    expect(await storedDisputes(own.customer.id)).toHaveLength(2);
  });
});
