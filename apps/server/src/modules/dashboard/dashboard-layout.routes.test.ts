import { addDays } from '@settle/shared/calendar-date';
import { DASHBOARD_MESSAGES, defaultDashboard } from '@settle/shared/dashboard';
import { ErrorCode } from '@settle/shared/errors';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dashboards } from '../../db/schema/dashboards';
import { expectError } from '../../test/expect-error';
import { buildTenant } from '../../test/factories';
import { signedInCustomer } from '../../test/signed-in-customer';
import { createTestApp, TestClient, type TestContext } from '../../test/test-app';

let context: TestContext;
let tenantId = 0;

beforeAll(async () => {
  context = await createTestApp();
  tenantId = (await buildTenant(context.database.db, { isDefault: true })).id;
});
afterAll(() => context.close());

const widget = (id: string, type: string, extra: object = {}) => ({
  id,
  type,
  title: '',
  config: {},
  refreshInterval: 0,
  ...extra,
});

const arranged = {
  title: 'Receivables at a glance',
  structure: '4-8',
  rows: [
    {
      columns: [
        { width: 4, widgets: [widget('a1', 'aging', { refreshInterval: 5 })] },
        {
          width: 8,
          widgets: [widget('d1', 'myDisputes', { config: { pageSize: 5 } }), widget('s1', 'customerSummary')],
        },
      ],
    },
  ],
};

async function storedRows(userId: number) {
  return context.database.db.select().from(dashboards).where(eq(dashboards.userId, userId));
}

describe('GET and PUT /dashboard', () => {
  it('gives a new user the default dashboard, titled in their language', async () => {
    const own = await signedInCustomer(context, tenantId);
    expect((await own.client.get('/dashboard')).json()).toEqual(defaultDashboard('My dashboard'));
  });

  it('keeps what the user saved, and another user neither sees nor changes it', async () => {
    const own = await signedInCustomer(context, tenantId);
    const colleague = await signedInCustomer(context, tenantId, { colleagueOf: own });
    const saved = await own.client.put('/dashboard', arranged);
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await own.client.get('/dashboard')).json()).toEqual(arranged);

    // The colleague of the same customer still has the default, and saving theirs leaves ours.
    expect((await colleague.client.get('/dashboard')).json().structure).toBe('12/6-6');
    const theirs = {
      ...arranged,
      title: 'Mine',
      structure: '6-6',
      rows: [
        {
          columns: [
            { width: 6, widgets: [] },
            { width: 6, widgets: [] },
          ],
        },
      ],
    };
    expect((await colleague.client.put('/dashboard', theirs)).statusCode).toBe(200);
    expect((await own.client.get('/dashboard')).json()).toEqual(arranged);
    expect((await storedRows(own.user.id))[0]).toMatchObject({ tenantId, title: arranged.title });
    expect((await storedRows(colleague.user.id))[0]).toMatchObject({ title: 'Mine' });
  });

  it.each([
    [
      'columns that do not match the layout',
      { structure: '8-4' },
      'body.rows',
      DASHBOARD_MESSAGES.structureShape,
    ],
    [
      'two widgets with one id',
      {
        rows: [
          {
            columns: [
              { width: 4, widgets: [widget('x', 'aging')] },
              { width: 8, widgets: [widget('x', 'aging')] },
            ],
          },
        ],
      },
      'body.rows',
      DASHBOARD_MESSAGES.duplicateWidget,
    ],
    [
      'an auto-refresh that is not offered',
      {
        rows: [
          {
            columns: [
              { width: 4, widgets: [widget('x', 'aging', { refreshInterval: 7 })] },
              { width: 8, widgets: [] },
            ],
          },
        ],
      },
      'body.rows.0.columns.0.widgets.0.refreshInterval',
      DASHBOARD_MESSAGES.refreshInterval,
    ],
    ['an empty title', { title: ' ' }, 'body.title', DASHBOARD_MESSAGES.titleRequired],
  ])(
    'refuses %s with a field message and keeps the saved dashboard',
    async (_label, change, field, message) => {
      const own = await signedInCustomer(context, tenantId);
      expect((await own.client.put('/dashboard', arranged)).statusCode).toBe(200);
      const body = expectError(
        await own.client.put('/dashboard', { ...arranged, ...change }),
        400,
        ErrorCode.VALIDATION_FAILED,
      );
      expect(body.fieldErrors).toContainEqual({ field, message });
      expect((await own.client.get('/dashboard')).json()).toEqual(arranged);
    },
  );

  it('refuses an unknown widget type', async () => {
    const own = await signedInCustomer(context, tenantId);
    const change = {
      rows: [
        {
          columns: [
            { width: 4, widgets: [widget('x', 'stockTicker')] },
            { width: 8, widgets: [] },
          ],
        },
      ],
    };
    expectError(
      await own.client.put('/dashboard', { ...arranged, ...change }),
      400,
      ErrorCode.VALIDATION_FAILED,
    );
    expect(await storedRows(own.user.id)).toEqual([]);
  });

  it('answers 401 without a session', async () => {
    expectError(await new TestClient(context).get('/dashboard'), 401, ErrorCode.UNAUTHENTICATED);
  });
});

describe("widgets' data", () => {
  it('ages every open item of the current currency into five buckets that add up to the open balance', async () => {
    const own = await signedInCustomer(context, tenantId);
    const today: string = (await own.client.get('/location/serverDate')).json().serverDate;
    await own.invoice({ amount: '100.00', dueDate: today });
    await own.invoice({ amount: '10.00', dueDate: addDays(today, 20) });
    await own.invoice({ amount: '20.00', dueDate: addDays(today, -1) });
    await own.invoice({ amount: '30.00', dueDate: addDays(today, -30) });
    await own.invoice({ amount: '40.00', dueDate: addDays(today, -31) });
    await own.invoice({ amount: '50.00', dueDate: addDays(today, -61) });
    await own.invoice({ amount: '60.00', dueDate: addDays(today, -90) });
    await own.invoice({ amount: '70.00', dueDate: addDays(today, -91) });
    await own.invoice({ amount: '-5.00', dueDate: addDays(today, -200) });
    await own.invoice({ amount: '999.00', status: 'C', dueDate: addDays(today, -200) });
    await own.invoice({ amount: '999.00', tranCurrencyCode: 'CAD', dueDate: addDays(today, -200) });
    const aging = (await own.client.get('/dashboard/aging')).json();
    expect(aging).toEqual({
      custNo: own.customer.custNo,
      currencyCode: 'USD',
      asOf: today,
      buckets: [
        { bucket: 'current', count: 2, amount: '110.00' },
        { bucket: 'days1to30', count: 2, amount: '50.00' },
        { bucket: 'days31to60', count: 1, amount: '40.00' },
        { bucket: 'days61to90', count: 2, amount: '110.00' },
        { bucket: 'over90', count: 2, amount: '65.00' },
      ],
      total: '375.00',
    });
    expect((await own.client.get('/dashboard/custSummary')).json().openBalance).toBe(aging.total);
  });

  it('lists overdue (P) and coming-due (C) invoices that still owe, with whether each is in the cart', async () => {
    const own = await signedInCustomer(context, tenantId);
    const today: string = (await own.client.get('/location/serverDate')).json().serverDate;
    const late = await own.invoice({ amount: '100.00', dueDate: addDays(today, -3) });
    await own.invoice({ amount: '50.00', dueDate: today });
    await own.invoice({ amount: '25.00', dueDate: addDays(today, 31) });
    await own.invoice({ amount: '-20.00', dueDate: addDays(today, -5) });
    await own.putInCart([late.id]);
    const stranger = await signedInCustomer(context, tenantId);
    await stranger.invoice({ amount: '77.00', dueDate: addDays(today, -3) });

    const body = (await own.client.get('/invoices/overdue')).json();
    expect(body).toMatchObject({ overdueCount: 1, comingDueCount: 1 });
    expect(
      body.invoices.map((row: Record<string, unknown>) => [
        row.invNo,
        row.overdueStatus,
        row.tranBal,
        row.inCart,
        row.accountName,
      ]),
    ).toEqual([
      ['INV-001', 'P', '100.00', true, own.customer.company],
      ['INV-002', 'C', '50.00', false, own.customer.company],
    ]);
  });

  it('lists promised open invoices, the nearest follow-up first', async () => {
    const own = await signedInCustomer(context, tenantId);
    const today: string = (await own.client.get('/location/serverDate')).json().serverDate;
    await own.invoice({
      amount: '100.00',
      promise: true,
      promisedAmount: '100.00',
      nextFollowupDate: addDays(today, 9),
    });
    await own.invoice({
      amount: '40.00',
      promise: true,
      promisedAmount: '40.00',
      nextFollowupDate: addDays(today, 2),
    });
    await own.invoice({ amount: '60.00' });
    const body = (await own.client.get('/dashboard/promisesDue')).json();
    expect(
      body.items.map((item: { invNo: string; promiseAmount: string }) => [item.invNo, item.promiseAmount]),
    ).toEqual([
      ['INV-002', '40.00'],
      ['INV-001', '100.00'],
    ]);
  });
});
