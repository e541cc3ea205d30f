import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { activity } from '../../db/schema/activity';
import { expectError } from '../../test/expect-error';
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

const storedKinds = async (invoiceId: number) =>
  (
    await context.database.db
      .select()
      .from(activity)
      .where(eq(activity.invoiceId, invoiceId))
      .orderBy(activity.id)
  ).map((row) => row.kind);

describe("an invoice's activity", () => {
  it('records promise set and removed, added to and removed from the cart; the timeline answers newest first', async () => {
    const own = await signedInCustomer(context, tenantId);
    const invoice = await own.invoice({ amount: '100.00' });
    const { serverDate } = (await own.client.get('/location/serverDate')).json();
    const cart = { custNo: own.customer.custNo, currencyCode: 'USD', invNo: [invoice.invNo] };

    expect(
      (
        await own.client.put('/invoices/promiseUnPromise', {
          invNo: [invoice.invNo],
          promised: true,
          nextFollowupDate: serverDate,
        })
      ).statusCode,
    ).toBe(200);
    expect(
      (await own.client.put('/invoices/promiseUnPromise', { invNo: invoice.invNo, promised: false }))
        .statusCode,
    ).toBe(200);
    expect((await own.client.post('/payment/cart/add', cart)).json().added).toEqual([invoice.invNo]);
    // Adding again adds nothing, and so records nothing.
    await own.client.post('/payment/cart/add', cart);
    expect((await own.client.post('/payment/cart/remove', cart)).statusCode).toBe(200);

    expect(await storedKinds(invoice.id)).toEqual([
      'PROMISE_SET',
      'PROMISE_REMOVED',
      'CART_ADDED',
      'CART_REMOVED',
    ]);
    const timeline = (await own.client.get(`/invoices/activity/${invoice.invNo}`)).json();
    expect(timeline.invNo).toBe(invoice.invNo);
    expect(timeline.entries.map((entry: { kind: string }) => entry.kind)).toEqual([
      'CART_REMOVED',
      'CART_ADDED',
      'PROMISE_REMOVED',
      'PROMISE_SET',
    ]);
    expect(timeline.entries[3]).toMatchObject({
      by: `${own.user.firstName} ${own.user.lastName}`,
      details: { nextFollowupDate: serverDate },
      probNo: null,
    });
  });

  it('records nothing when a change is refused', async () => {
    const own = await signedInCustomer(context, tenantId);
    const invoice = await own.invoice({ paymentPending: true });
    const refused = await own.client.put('/invoices/promiseUnPromise', {
      invNo: [invoice.invNo],
      promised: true,
      nextFollowupDate: '2099-01-01',
    });
    expect(refused.statusCode).toBe(400);
    expect(await storedKinds(invoice.id)).toEqual([]);
    expect((await own.client.get(`/invoices/activity/${invoice.invNo}`)).json().entries).toEqual([]);
  });

  it("answers another customer's invoice as not found", async () => {
    const owner = await signedInCustomer(context, tenantId);
    const invoice = await owner.invoice({ invNo: 'THEIRS-1' });
    const stranger = await signedInCustomer(context, tenantId);
    expectError(await stranger.client.get(`/invoices/activity/${invoice.invNo}`), 404, 'NOT_FOUND');
  });
});
