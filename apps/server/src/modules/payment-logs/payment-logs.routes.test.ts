import { eq } from 'drizzle-orm';
import { readSheet } from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app';
import { loadConfig } from '../../config';
import { users } from '../../db/schema/users';
import type { Clock } from '../../lib/clock';
import { expectError } from '../../test/expect-error';
import { buildCustomer, buildTenant } from '../../test/factories';
import { signedInCustomer } from '../../test/signed-in-customer';
import type { TestContext } from '../../test/test-app';
import { openTestDatabase } from '../../test/test-database';
import { readPdf, readPdfCharacters } from '../documents/pdf-reader.test-helper';
import { buildPayment } from './payment-log-factories';

/** Today for the date ranges: 2026-06-15; 30 days before is 2026-05-16, 60 days 2026-04-16. */
const NOW = new Date('2026-06-15T10:00:00Z');
const fixedClock: Clock = { now: () => NOW };
const at = (iso: string) => new Date(iso);

let context: TestContext;
let tenantId = 0;

beforeAll(async () => {
  const config = loadConfig({ DATA_DIR: 'memory://', LOG_LEVEL: 'silent', NODE_ENV: 'test' });
  const database = await openTestDatabase();
  const app = await buildApp(config, { database, logger: false, services: { clock: fixedClock } });
  context = {
    app,
    database,
    config,
    api: config.apiBase,
    close: async () => {
      await app.close();
      await database.close();
    },
  };
  tenantId = (await buildTenant(context.database.db, { isDefault: true })).id;
});
afterAll(() => context.close());

const account = (options: Parameters<typeof signedInCustomer>[2] = {}) =>
  signedInCustomer(context, tenantId, options);

type ListBody = {
  custNo: string;
  currencyCode: string;
  total: number;
  totals: { count: number; succeededCount: number; succeededTotal: string };
  rows: Array<Record<string, unknown> & { paymentLogId: number }>;
};

async function list(owner: Awaited<ReturnType<typeof account>>, query: string) {
  const response = await owner.client.get(`/payment/logs?${query}`);
  expect(response.statusCode, response.body).toBe(200);
  return response.json() as ListBody;
}

describe('the payment log grid', () => {
  it('keeps each payment in its date range, by calendar day in UTC, with a fixed today', async () => {
    const owner = await account();
    const { db } = context.database;
    const ids: Record<string, number> = {};
    for (const [name, iso] of [
      ['today', '2026-06-15T08:00:00Z'],
      ['day30', '2026-05-16T00:00:00Z'],
      ['day31', '2026-05-15T23:59:59Z'],
      ['day60', '2026-04-16T00:00:00Z'],
      ['day61', '2026-04-15T23:59:00Z'],
      ['lastYear', '2025-07-01T12:00:00Z'],
    ] as const) {
      ids[name] = (await buildPayment(db, owner.customer, { createdAt: at(iso) })).id;
    }
    const idsOf = async (range: string) =>
      (await list(owner, `dateRange=${range}`)).rows.map((row) => row.paymentLogId);

    expect(await idsOf('LAST_30')).toEqual([ids.today, ids.day30]);
    expect(await idsOf('DAYS_31_60')).toEqual([ids.day31, ids.day60]);
    expect(await idsOf('OVER_60')).toEqual([ids.day61, ids.lastYear]);
    expect(await idsOf('ALL')).toHaveLength(6);
    expect(await idsOf('ALL')).toEqual(
      await (async () => (await list(owner, '')).rows.map((r) => r.paymentLogId))(),
    );
  });

  it('pages and sorts on the server, stable by id, with the totals of the whole selection', async () => {
    const owner = await account();
    const { db } = context.database;
    const amounts = ['30.00', '10.00', '20.00', '10.00', '50.00'];
    for (const [index, amount] of amounts.entries()) {
      await buildPayment(db, owner.customer, {
        createdAt: at(`2026-06-0${index + 1}T12:00:00Z`),
        amount,
        fee: index === 0 ? '0.75' : '0.00',
        status: index === 4 ? 'FAILURE' : 'SUCCESS',
      });
    }
    const first = await list(owner, 'sort=amount&dir=asc&page=1&pageSize=2');
    const second = await list(owner, 'sort=amount&dir=asc&page=2&pageSize=2');
    const third = await list(owner, 'sort=amount&dir=asc&page=3&pageSize=2');
    expect([...first.rows, ...second.rows, ...third.rows].map((row) => row.amount)).toEqual([
      '10.00',
      '10.00',
      '20.00',
      '30.00',
      '50.00',
    ]);
    // Equal amounts keep the id order.
    expect(first.rows[0]!.paymentLogId).toBeLessThan(first.rows[1]!.paymentLogId);
    expect(first.total).toBe(5);
    expect(first.totals).toEqual({ count: 5, succeededCount: 4, succeededTotal: '70.75' });

    const newest = await list(owner, 'pageSize=1');
    expect(newest.rows[0]).toMatchObject({
      createdAt: '2026-06-05T12:00:00.000Z',
      status: 'FAILURE',
      transactionType: 'ON_ACCOUNT',
      methodType: 'CARD',
      invoiceCount: 0,
    });
  });

  it('filters with the advanced search on the log fields, and refuses a field outside its allow-list', async () => {
    const owner = await account();
    const { db } = context.database;
    const invoice = await owner.invoice({ amount: '80.00' });
    const wanted = await buildPayment(db, owner.customer, {
      createdAt: at('2026-06-10T09:00:00Z'),
      amount: '80.00',
      methodType: 'ECHECK',
      paymentType: 'ECHECK',
      lines: [{ invoiceId: invoice.id, invNo: invoice.invNo, amount: '80.00' }],
      trackingNo: 'ZX-991',
    });
    await buildPayment(db, owner.customer, { createdAt: at('2026-06-11T09:00:00Z'), amount: '80.00' });
    await buildPayment(db, owner.customer, {
      createdAt: at('2026-06-12T09:00:00Z'),
      amount: '15.00',
      methodType: 'ECHECK',
      paymentType: 'ECHECK',
    });

    const filter = encodeURIComponent("methodType eq 'ECHECK' and amount ge 50");
    const found = await list(owner, `filter=${filter}`);
    expect(found.rows.map((row) => row.paymentLogId)).toEqual([wanted.id]);
    expect(found.rows[0]).toMatchObject({
      transactionType: 'INVOICES',
      invoiceCount: 1,
      trackingNo: 'ZX-991',
    });

    const byType = await list(owner, `filter=${encodeURIComponent("transactionType eq 'INVOICES'")}`);
    expect(byType.rows.map((row) => row.paymentLogId)).toEqual([wanted.id]);
    const byTracking = await list(owner, `filter=${encodeURIComponent("substringof('x-99',trackingNo)")}`);
    expect(byTracking.rows.map((row) => row.paymentLogId)).toEqual([wanted.id]);

    const refused = expectError(
      await owner.client.get(`/payment/logs?filter=${encodeURIComponent("accountEncrypted eq 'x'")}`),
      400,
      'INVALID_FILTER',
    );
    expect(refused.message).toContain('Invalid property');
  });

  it("leaves a filtered list's totals to GET payment/logs/totals when asked with totals=separate", async () => {
    const owner = await account();
    const { db } = context.database;
    for (const [day, amount, status] of [
      ['2026-06-01', '60.00', 'SUCCESS'],
      ['2026-06-02', '70.00', 'FAILURE'],
      ['2026-06-03', '80.00', 'SUCCESS'],
      ['2026-06-04', '10.00', 'SUCCESS'],
    ] as const) {
      await buildPayment(db, owner.customer, { createdAt: at(`${day}T09:00:00Z`), amount, status });
    }
    const filter = encodeURIComponent('amount ge 50');
    const inline = await list(owner, `filter=${filter}&pageSize=25`);
    expect(inline.total).toBe(3);
    expect(inline.totals).toEqual({ count: 3, succeededCount: 2, succeededTotal: '140.00' });

    const separate = await list(owner, `filter=${filter}&pageSize=25&totals=separate`);
    expect(separate).toMatchObject({ total: null, totals: null });
    expect(separate.rows.map((row) => row.paymentLogId)).toEqual(inline.rows.map((row) => row.paymentLogId));
    const totals = await owner.client.get(`/payment/logs/totals?filter=${filter}&page=3&sort=amount`);
    expect(totals.statusCode, totals.body).toBe(200);
    expect(totals.json()).toEqual({ total: 3, totals: inline.totals });
    // Unfiltered, a page keeps its totals (the aggregates', asked beside it), whatever it asked.
    expect((await list(owner, 'totals=separate')).total).toBe(4);

    expect(
      expectError(await owner.client.get('/payment/logs/totals?totals=both'), 400, 'VALIDATION_FAILED')
        .message,
    ).toContain('totals is inline or separate');
    expectError(
      await owner.client.get(`/payment/logs/totals?filter=${encodeURIComponent("accountEncrypted eq 'x'")}`),
      400,
      'INVALID_FILTER',
    );
  });

  it('shows one currency of one customer: another currency of the customer is its own list', async () => {
    const owner = await account({ customer: { currencies: ['USD', 'EUR'] } });
    const { db } = context.database;
    const usd = await buildPayment(db, owner.customer, { createdAt: at('2026-06-01T00:00:00Z') });
    const eur = await buildPayment(db, owner.customer, {
      createdAt: at('2026-06-02T00:00:00Z'),
      currencyCode: 'EUR',
    });
    const inUsd = await list(owner, `custNo=${owner.customer.custNo}&currencyCode=USD`);
    const inEur = await list(owner, `custNo=${owner.customer.custNo}&currencyCode=EUR`);
    expect(inUsd.rows.map((row) => row.paymentLogId)).toEqual([usd.id]);
    expect(inEur.rows.map((row) => row.paymentLogId)).toEqual([eur.id]);
    expect(inEur.currencyCode).toBe('EUR');
    expectError(
      await owner.client.get(`/payment/logs?custNo=${owner.customer.custNo}&currencyCode=GBP`),
      400,
      'CURRENCY_NOT_AVAILABLE',
    );
  });

  it("answers another customer's log as not found, and never lists its payments", async () => {
    const owner = await account();
    const other = await buildCustomer(context.database.db, tenantId);
    await buildPayment(context.database.db, other, { createdAt: at('2026-06-01T00:00:00Z') });
    expectError(await owner.client.get(`/payment/logs?custNo=${other.custNo}`), 404, 'NOT_FOUND');
    expect((await list(owner, '')).total).toBe(0);
  });

  it('refuses a bad date range, sort or page with a clear message', async () => {
    const owner = await account();
    const badRange = expectError(
      await owner.client.get('/payment/logs?dateRange=90'),
      400,
      'VALIDATION_FAILED',
    );
    expect(badRange.message).toContain('dateRange is one of ALL, LAST_30, DAYS_31_60, OVER_60');
    expectError(await owner.client.get('/payment/logs?sort=accountEncrypted'), 400, 'VALIDATION_FAILED');
    expectError(await owner.client.get('/payment/logs?page=0'), 400, 'VALIDATION_FAILED');
  });
});

describe('the payment detail (GET payment/log/{action})', () => {
  it('answers the payment with its method type, fees, status, history and invoice lines', async () => {
    const owner = await account();
    const { db } = context.database;
    const invoice = await owner.invoice({ amount: '120.00' });
    const payment = await buildPayment(db, owner.customer, {
      createdAt: at('2026-06-14T09:00:00Z'),
      amount: '120.00',
      fee: '3.00',
      methodType: 'CARD_PROFILE',
      lines: [{ invoiceId: invoice.id, invNo: invoice.invNo, amount: '120.00' }],
    });
    const response = await owner.client.get(
      `/payment/log/detail?custNo=${owner.customer.custNo}&paymentLogId=${payment.id}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      paymentLogId: payment.id,
      methodType: 'CARD_PROFILE',
      transactionType: 'INVOICES',
      paymentDecision: 'SUCCESS',
      amount: '120.00',
      convenienceFeeAmount: '3.00',
      totalCharged: '123.00',
      paymentDetailLogViews: [{ invNo: invoice.invNo, amount: '120.00', currCode: 'USD' }],
      history: [{ event: 'STARTED' }, { event: 'SUCCEEDED' }],
    });
  });

  it('has no invoice lines for an on-account payment', async () => {
    const owner = await account();
    const payment = await buildPayment(context.database.db, owner.customer, {
      createdAt: at('2026-06-14T09:00:00Z'),
      methodType: 'ECHECK_PROFILE',
      paymentType: 'ECHECK',
    });
    const body = (
      await owner.client.get(`/payment/log/detail?custNo=${owner.customer.custNo}&paymentLogId=${payment.id}`)
    ).json();
    expect(body).toMatchObject({ transactionType: 'ON_ACCOUNT', methodType: 'ECHECK_PROFILE' });
    expect(body.paymentDetailLogViews).toEqual([]);
  });

  it("answers another customer's payment as not found, even named under the user's own customer", async () => {
    const owner = await account();
    const other = await buildCustomer(context.database.db, tenantId);
    const theirs = await buildPayment(context.database.db, other, { createdAt: at('2026-06-01T00:00:00Z') });
    expectError(
      await owner.client.get(`/payment/log/detail?custNo=${other.custNo}&paymentLogId=${theirs.id}`),
      404,
      'NOT_FOUND',
    );
    expectError(
      await owner.client.get(`/payment/log/detail?custNo=${owner.customer.custNo}&paymentLogId=${theirs.id}`),
      404,
      'NOT_FOUND',
    );
    expectError(
      await owner.client.get(`/payment/log/detail?custNo=${owner.customer.custNo}&paymentLogId=999999`),
      404,
      'NOT_FOUND',
    );
  });

  it('refuses an unknown action or a missing payment number', async () => {
    const owner = await account();
    const unknown = expectError(
      await owner.client.get(`/payment/log/delete?custNo=${owner.customer.custNo}&paymentLogId=1`),
      400,
      'VALIDATION_FAILED',
    );
    expect(unknown.message).toContain('action is one of detail');
    expectError(
      await owner.client.get(`/payment/log/detail?custNo=${owner.customer.custNo}`),
      400,
      'VALIDATION_FAILED',
    );
  });
});

describe('payment log columns', () => {
  it('saves the user choice through the shared preferences, per grid', async () => {
    const owner = await account();
    const initial = (await owner.client.get('/payment/log/columns')).json();
    expect(initial.viewableColumns.map((column: { field: string }) => column.field)).toContain('status');
    expect(initial.viewableColumns.map((column: { field: string }) => column.field)).not.toContain(
      'trackingNo',
    );

    const saved = await owner.client.put('/payment/log/columns', {
      displayColumnPreference: [
        { colId: 'trackingNo', field: 'trackingNo', title: 'Tracking number', dataType: 'string' },
        { colId: 'amount', field: 'amount', title: 'Amount', dataType: 'currency', width: 200 },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const again = (await owner.client.get('/payment/log/columns')).json();
    expect(again.viewableColumns.map((column: { field: string }) => column.field)).toEqual([
      'trackingNo',
      'amount',
    ]);
    // The dispute grid's columns are another grid's.
    const disputes = (await owner.client.get('/dispute/columns')).json();
    expect(disputes.viewableColumns.map((column: { field: string }) => column.field)).toContain('invNo');

    const refused = await owner.client.put('/payment/log/columns', {
      displayColumnPreference: [{ colId: 'x', field: 'accountEncrypted', title: 'x', dataType: 'string' }],
    });
    expect(refused.statusCode).toBe(400);
    const reset = (await owner.client.request({ method: 'DELETE', url: '/payment/log/columns' })).json();
    expect(reset.viewableColumns.map((column: { field: string }) => column.field)).toContain('status');
  });
});

describe('payment log exports (the generic exports module)', () => {
  it('exports the date range and filter of the grid to Excel, in its sort, with the asked columns', async () => {
    const owner = await account();
    const { db } = context.database;
    await buildPayment(db, owner.customer, { createdAt: at('2026-06-10T09:00:00Z'), amount: '40.00' });
    await buildPayment(db, owner.customer, {
      createdAt: at('2026-06-11T09:00:00Z'),
      amount: '60.00',
      fee: '1.50',
    });
    await buildPayment(db, owner.customer, { createdAt: at('2026-06-12T09:00:00Z'), amount: '5.00' });
    await buildPayment(db, owner.customer, { createdAt: at('2026-01-12T09:00:00Z'), amount: '90.00' });
    const filter = encodeURIComponent('amount ge 10');
    const response = await owner.client.get(
      `/payment/logs/export/xlsx?dateRange=LAST_30&sort=amount&dir=desc&scope=all&filter=${filter}&columns=createdAt,amount,fee,total,status`,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="payments-${owner.customer.custNo}-USD-last-30.xlsx"`,
    );
    expect(response.headers['x-total-count']).toBe('2');
    const rows = await readSheet(response.rawPayload);
    // The status in words, as the grid shows it.
    expect(rows).toEqual([
      ['Date', 'Amount (USD)', 'Fee (USD)', 'Total (USD)', 'Status'],
      [new Date('2026-06-11T00:00:00Z'), 60, 1.5, 61.5, 'Successful'],
      [new Date('2026-06-10T00:00:00Z'), 40, 0, 40, 'Successful'],
    ]);
    expectError(
      await owner.client.get('/payment/logs/export/xlsx?columns=accountEncrypted'),
      400,
      'BAD_REQUEST',
    );
  });

  it('exports the grid to PDF with the payments title', async () => {
    const owner = await account();
    await buildPayment(context.database.db, owner.customer, {
      createdAt: at('2026-06-10T09:00:00Z'),
      amount: '12.50',
    });
    const response = await owner.client.get('/payment/logs/export/pdf?scope=all');
    expect(response.statusCode, response.body).toBe(200);
    const text = (await readPdf(response.rawPayload)).text;
    expect(text).toContain(`Payments of ${owner.customer.company} (${owner.customer.custNo})`);
    expect(text).toContain('Jun 10, 2026');
    expect(text).toContain('12.50');
  });

  it('writes both exports in the reader’s language: titles, coded cells in words, fr-FR formats', async () => {
    const owner = await account();
    const { db } = context.database;
    await buildPayment(db, owner.customer, { createdAt: at('2026-06-10T09:00:00Z'), amount: '1234.50' });
    await buildPayment(db, owner.customer, {
      createdAt: at('2026-06-11T09:00:00Z'),
      amount: '60.00',
      status: 'FAILURE',
      methodType: 'ECHECK_PROFILE',
      paymentType: 'ECHECK',
    });
    const columns = 'columns=createdAt,transactionType,methodType,amount,status';
    const english = await readSheet(
      (await owner.client.get(`/payment/logs/export/xlsx?sort=amount&dir=desc&${columns}`)).rawPayload,
    );
    expect(english).toEqual([
      ['Date', 'Type', 'Method', 'Amount (USD)', 'Status'],
      [new Date('2026-06-10T00:00:00Z'), 'On account', 'Card', 1234.5, 'Successful'],
      [new Date('2026-06-11T00:00:00Z'), 'On account', 'Saved bank account', 60, 'Failed'],
    ]);

    await db
      .update(users)
      .set({ language: 'fr', localeForFormatting: 'fr-FR' })
      .where(eq(users.id, owner.user.id));
    const french = await readSheet(
      (await owner.client.get(`/payment/logs/export/xlsx?sort=amount&dir=desc&${columns}`)).rawPayload,
    );
    expect(french).toEqual([
      ['Date', 'Type', 'Moyen', 'Montant (USD)', 'Statut'],
      [new Date('2026-06-10T00:00:00Z'), 'Acompte', 'Carte', 1234.5, 'Réussi'],
      [new Date('2026-06-11T00:00:00Z'), 'Acompte', 'Compte bancaire enregistré', 60, 'Échoué'],
    ]);

    const response = await owner.client.get(
      `/payment/logs/export/pdf?scope=all&sort=amount&dir=desc&${columns}`,
    );
    expect(response.statusCode, response.body).toBe(200);
    const pdf = await readPdf(response.rawPayload);
    for (const expected of [
      `Paiements du client ${owner.customer.company} (${owner.customer.custNo})`,
      'Montants en USD',
      'Moyen',
      'Montant (USD)',
      'Statut',
      '10 juin 2026',
      'Acompte',
      'Compte bancaire enregistré',
      'Réussi',
      'Échoué',
      'Total : 2 paiements',
      `Paiements du client ${owner.customer.custNo} (USD)`,
      'Page 1 sur 1',
    ]) {
      expect(pdf.text).toContain(expected);
    }
    const characters = (await readPdfCharacters(response.rawPayload))[0]!;
    expect(characters).toMatch(/^1\u202f234,50$/m);
    expect(characters).toMatch(/^1\u202f294,50$/m);
    expect(pdf.text).not.toMatch(/Payments of|SUCCESS|FAILURE|ECHECK_PROFILE|ON_ACCOUNT|Page 1 of/);
  });
});

describe('saved searches of the payment log', () => {
  it("keeps a search on the log's fields, and refuses one on a field outside its allow-list", async () => {
    const owner = await account();
    const criteria = {
      operator: 'and',
      operands: [{ property: 'status', constraint: 'eq', type: 'enum', value: 'SUCCESS' }],
    };
    const saved = await owner.client.post('/search/saved', {
      grid: 'paymentLogs',
      name: 'Successful',
      criteria,
      filter: "status eq 'SUCCESS'",
    });
    expect(saved.statusCode, saved.body).toBe(200);
    expect((await owner.client.get('/search/saved?grid=paymentLogs')).json()).toEqual([
      expect.objectContaining({ grid: 'paymentLogs', name: 'Successful', filter: "status eq 'SUCCESS'" }),
    ]);
    const refused = await owner.client.post('/search/saved', {
      grid: 'paymentLogs',
      name: 'Sealed accounts',
      criteria,
      filter: "accountEncrypted eq 'x'",
    });
    // Without the log's allow-list a saved search could name any column.
    expectError(refused, 400, 'INVALID_FILTER');
    expect((await owner.client.get('/search/saved?grid=paymentLogs')).json()).toHaveLength(1);
  });
});
