import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { customers } from '../../db/schema/customers';
import { disputeNotes, disputeReasonCodes, disputes } from '../../db/schema/disputes';
import { invoiceLineItems, invoices, invoiceTotals } from '../../db/schema/invoices';
import { paymentConfigs } from '../../db/schema/payments';
import { expectError } from '../../test/expect-error';
import { buildCustomer, buildReasonCodes, buildTenant } from '../../test/factories';
import { signedInCustomer } from '../../test/signed-in-customer';
import { createTestApp, type TestContext } from '../../test/test-app';
import { integrationClient } from './integration-test-support';

let context: TestContext;
let tenantId = 0;
let otherTenantId = 0;
const logLines: string[] = [];

beforeAll(async () => {
  context = await createTestApp({}, undefined, { logStream: { write: (line) => logLines.push(line) } });
  tenantId = (await buildTenant(context.database.db, { isDefault: true })).id;
  otherTenantId = (await buildTenant(context.database.db)).id;
});
afterAll(() => context.close());

const invoice = (custNo: string, tranId: string, overrides: Record<string, unknown> = {}) => ({
  custNo,
  invNo: `N-${tranId}`,
  tranId,
  status: 'O',
  invoiceDate: '2026-10-01',
  dueDate: '2026-10-31',
  currencyCode: 'USD',
  amount: '300.00',
  balance: '300.00',
  lines: [
    { lineNo: 1, item: 'A', description: 'Bolts', qtyShip: '10', price: '10', ext: '100.00' },
    { lineNo: 2, item: 'B', description: 'Nuts', qtyShip: '20', price: '10', ext: '200.00' },
  ],
  ...overrides,
});

describe('API keys', () => {
  it('refuses a call without a key, with a wrong or revoked key, and a key without the scope', async () => {
    expectError(
      await context.app.inject({ method: 'GET', url: `${context.api}/integration/v1/events` }),
      401,
      'UNAUTHENTICATED',
    );
    expectError(
      await context.app.inject({
        method: 'GET',
        url: `${context.api}/integration/v1/events`,
        headers: { authorization: 'Bearer stl_wrong' },
      }),
      401,
      'UNAUTHENTICATED',
    );
    const reader = await integrationClient(context, tenantId, ['events:read']);
    expect((await reader.get('/events')).statusCode).toBe(200);
    const refused = expectError(await reader.post('/customers', []), 403, 'FORBIDDEN');
    expect(refused.message).toContain('ledger:write');
    await context.app.services.apiKeys.revoke(tenantId, reader.keyId);
    expectError(await reader.get('/events'), 401, 'UNAUTHENTICATED');
  });

  it('stores only a hash, and logs the key id, never the key', async () => {
    const client = await integrationClient(context, tenantId);
    const stored = JSON.stringify(await context.app.services.apiKeys.list(tenantId));
    expect(stored).not.toContain(client.key);
    logLines.length = 0;
    await client.get('/events');
    const calls = logLines.filter((line) => line.includes('integration call'));
    expect(calls.length).toBeGreaterThan(0);
    expect(JSON.parse(calls[0]!).apiKeyId).toBe(client.keyId);
    expect(logLines.join('\n')).not.toContain(client.key);
  });
});

describe('the OpenAPI document', () => {
  it('lists the integration routes under their own tag, with the bearer key', async () => {
    const document = (await context.app.inject({ url: `${context.api}/docs/json` })).json();
    const paths = Object.entries(document.paths).filter(([path]) => path.startsWith('/integration/v1/'));
    expect(paths.map(([path]) => path)).toEqual(
      expect.arrayContaining([
        '/integration/v1/invoices',
        '/integration/v1/customers',
        '/integration/v1/events',
      ]),
    );
    for (const [, operations] of paths)
      for (const operation of Object.values(operations as Record<string, { tags: string[] }>))
        expect(operation.tags).toEqual(['integration']);
    expect(document.components.securitySchemes.apiKey).toEqual({ type: 'http', scheme: 'bearer' });
  });
});

describe('loading the ledger', () => {
  it('upserts customers and invoices with lines by the ERP numbers; a re-sent batch changes nothing', async () => {
    const client = await integrationClient(context, tenantId);
    const loaded = await client.post('/customers', [
      { custNo: 'ERP-1', company: 'Acme', currencies: ['usd', 'EUR'], city: 'Lyon' },
    ]);
    expect(loaded.statusCode, loaded.body).toBe(200);
    expect(loaded.json()).toMatchObject({ inserted: 1, updated: 0, unchanged: 0, refused: 0 });
    const batch = [
      invoice('ERP-1', 'T-1'),
      invoice('ERP-1', 'T-2', { amount: '50.00', balance: '50.00', lines: undefined }),
    ];
    expect((await client.post('/invoices', batch)).json()).toMatchObject({ inserted: 2, refused: 0 });
    const again = (await client.post('/invoices', batch)).json();
    expect(again).toMatchObject({ received: 2, inserted: 0, updated: 0, unchanged: 2, refused: 0 });

    const [customer] = await context.database.db
      .select()
      .from(customers)
      .where(eq(customers.custNo, 'ERP-1'));
    expect(customer).toMatchObject({ company: 'Acme', currencies: ['USD', 'EUR'], city: 'Lyon' });
    const [totals] = await context.database.db
      .select()
      .from(invoiceTotals)
      .where(eq(invoiceTotals.customerId, customer!.id));
    expect(totals).toMatchObject({ status: 'O', count: 2, amount: '350.00', balance: '350.00' });

    // A payment applied in the ERP lowers the balance; a changed line rewrites that line only.
    const changed = await client.post('/invoices', [
      invoice('ERP-1', 'T-1', {
        balance: '120.00',
        lines: [{ lineNo: 1, item: 'A', description: 'Bolts', qtyShip: '10', price: '10', ext: '100.00' }],
      }),
    ]);
    expect(changed.json()).toMatchObject({ updated: 1, unchanged: 0 });
    const [stored] = await context.database.db.select().from(invoices).where(eq(invoices.tranId, 'T-1'));
    expect(stored).toMatchObject({ balance: '120.00', tranBal: '120.00', amount: '300.00' });
    const lines = await context.database.db
      .select()
      .from(invoiceLineItems)
      .where(eq(invoiceLineItems.invoiceId, stored!.id));
    expect(lines.map((line) => line.lineNo)).toEqual([1]);
    const [after] = await context.database.db
      .select()
      .from(invoiceTotals)
      .where(eq(invoiceTotals.customerId, customer!.id));
    expect(after).toMatchObject({ count: 2, balance: '170.00' });
  });

  it('refuses malformed NDJSON lines by number and loads the rest', async () => {
    const client = await integrationClient(context, tenantId);
    await client.post('/customers', [{ custNo: 'ERP-2', company: 'Beta', currencies: ['USD'] }]);
    const body = [
      JSON.stringify(invoice('ERP-2', 'N-1')),
      '{"custNo": "ERP-2", broken',
      '',
      JSON.stringify(invoice('ERP-2', 'N-2', { amount: '12.345' })),
      JSON.stringify(invoice('NOBODY', 'N-3')),
      JSON.stringify(invoice('ERP-2', 'N-4', { currencyCode: 'JPY' })),
      JSON.stringify(invoice('ERP-2', 'N-5')),
    ].join('\n');
    const response = await client.post('/invoices', body, 'application/x-ndjson');
    expect(response.statusCode, response.body).toBe(200);
    const report = response.json();
    expect(report).toMatchObject({ received: 6, inserted: 2, refused: 4, committed: true });
    expect(report.errors).toEqual([
      { line: 2, key: null, reason: 'Not valid JSON' },
      { line: 4, key: 'N-2', reason: expect.stringContaining('amount: an amount with at most 2 decimals') },
      { line: 5, key: 'N-3', reason: 'Customer NOBODY was not found' },
      { line: 6, key: 'N-4', reason: 'Customer ERP-2 does not use the currency JPY' },
    ]);
    const stored = await context.database.db.select().from(invoices).where(eq(invoices.custNo, 'ERP-2'));
    expect(stored.map((row) => row.tranId).sort()).toEqual(['N-1', 'N-5']);
  });

  it('reads CSV through a real parser: quoted commas, refused rows by line, the rest loaded', async () => {
    const client = await integrationClient(context, tenantId);
    const csv = [
      'custNo,company,currencies,city',
      'CSV-1,"Gamma, Inc.",USD;EUR,Paris',
      'CSV-2,,USD,Nice',
      'CSV-3,Delta,USD,Metz,one cell too many',
      'CSV-4,Epsilon,USD,',
    ].join('\r\n');
    const report = (await client.post('/customers', csv, 'text/csv')).json();
    expect(report).toMatchObject({ inserted: 2, refused: 2 });
    expect(report.errors.map((error: { line: number }) => error.line)).toEqual([3, 4]);
    expect(report.errors[0].reason).toContain('company');
    const [gamma] = await context.database.db.select().from(customers).where(eq(customers.custNo, 'CSV-1'));
    expect(gamma).toMatchObject({ company: 'Gamma, Inc.', currencies: ['USD', 'EUR'] });
  });

  it('?atomic=true loads nothing when one row is refused, and everything when none is', async () => {
    const client = await integrationClient(context, tenantId);
    const rows = [
      { custNo: 'AT-1', company: 'One', currencies: ['USD'] },
      { custNo: 'AT-2', company: '', currencies: ['USD'] },
    ];
    const refused = await client.post('/customers', rows, 'application/json', '?atomic=true');
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({ committed: false, inserted: 0, refused: 1 });
    expect(await context.database.db.select().from(customers).where(eq(customers.custNo, 'AT-1'))).toEqual(
      [],
    );
    rows[1]!.company = 'Two';
    const loaded = await client.post('/customers', rows, 'application/json', '?atomic=true');
    expect(loaded.json()).toMatchObject({ committed: true, inserted: 2 });
  });

  it('merges a load as a set: a tranId sent twice loads the last, another customer’s invoice is refused, atomic loads nothing', async () => {
    const client = await integrationClient(context, tenantId);
    await client.post('/customers', [
      { custNo: 'SET-1', company: 'Set one', currencies: ['USD'] },
      { custNo: 'SET-2', company: 'Set two', currencies: ['USD'] },
    ]);
    await client.post('/invoices', [invoice('SET-1', 'S-OWNED', { lines: undefined })]);
    const body = [
      JSON.stringify(invoice('SET-2', 'S-1', { balance: '10.00' })),
      JSON.stringify(invoice('SET-2', 'S-OWNED')),
      JSON.stringify(invoice('SET-2', 'S-1', { balance: '20.00', poNumber: 'PO\ttab\\slash' })),
    ].join('\n');
    const report = (await client.post('/invoices', body, 'application/x-ndjson')).json();
    expect(report).toMatchObject({ received: 3, inserted: 1, updated: 0, refused: 2, committed: true });
    expect(report.errors).toEqual([
      { line: 1, key: 'S-1', reason: 'tranId S-1 is sent again on line 3; the last one is loaded' },
      { line: 2, key: 'S-OWNED', reason: 'Invoice S-OWNED belongs to another customer' },
    ]);
    const [stored] = await context.database.db.select().from(invoices).where(eq(invoices.tranId, 'S-1'));
    expect(stored).toMatchObject({ balance: '20.00', poNumber: 'PO\ttab\\slash', custNo: 'SET-2' });
    const [owned] = await context.database.db.select().from(invoices).where(eq(invoices.tranId, 'S-OWNED'));
    expect(owned).toMatchObject({ custNo: 'SET-1' });

    // An optional field left out keeps its stored value; all-or-nothing with a refused row writes nothing.
    const atomic = await client.post(
      '/invoices',
      [invoice('SET-2', 'S-1', { balance: '5.00' }), invoice('SET-2', 'S-2', { dueDate: '2026-02-30' })],
      'application/json',
      '?atomic=true',
    );
    expect(atomic.statusCode).toBe(422);
    expect(atomic.json()).toMatchObject({ committed: false, inserted: 0, updated: 0, refused: 1 });
    const [kept] = await context.database.db.select().from(invoices).where(eq(invoices.tranId, 'S-1'));
    expect(kept).toMatchObject({ balance: '20.00', poNumber: 'PO\ttab\\slash' });
    const conflict = await client.post(
      '/invoices',
      [invoice('SET-2', 'S-1', { balance: '5.00' }), invoice('SET-2', 'S-OWNED')],
      'application/json',
      '?atomic=true',
    );
    expect(conflict.json()).toMatchObject({ committed: false, refused: 1 });
    expect(
      (await context.database.db.select().from(invoices).where(eq(invoices.tranId, 'S-1')))[0],
    ).toMatchObject({ balance: '20.00' });
  });

  it('closes invoices by a load: they leave the open grid and the carts', async () => {
    const own = await signedInCustomer(context, tenantId);
    const client = await integrationClient(context, tenantId);
    const first = invoice(own.customer.custNo, `CL-${own.customer.id}-1`, { lines: undefined });
    const second = invoice(own.customer.custNo, `CL-${own.customer.id}-2`, { lines: undefined });
    await client.post('/invoices', [first, second]);
    const stored = await own.storedInvoices();
    await own.putInCart(stored.map((row) => row.id));
    expect(await own.storedCart()).toEqual([first.invNo, second.invNo]);

    const closed = await client.post('/invoices', [{ ...first, status: 'C', balance: '0.00' }]);
    expect(closed.json()).toMatchObject({ updated: 1 });
    expect(await own.storedCart()).toEqual([second.invNo]);
    const grid = await own.client.get(`/invoices?custNo=${own.customer.custNo}&currencyCode=USD&status=O`);
    expect(grid.statusCode, grid.body).toBe(200);
    expect(grid.body).toContain(second.invNo);
    expect(grid.body).not.toContain(first.invNo);
  });

  it("answers another tenant's customer as not found and refuses its invoices", async () => {
    const theirs = await buildCustomer(context.database.db, otherTenantId, { custNo: 'THEIRS-1' });
    const client = await integrationClient(context, tenantId);
    expectError(await client.get(`/customers/${theirs.custNo}`), 404, 'NOT_FOUND');
    const report = (
      await client.post('/invoices', [invoice(theirs.custNo, 'X-1', { lines: undefined })])
    ).json();
    expect(report.errors).toEqual([{ line: 1, key: 'X-1', reason: 'Customer THEIRS-1 was not found' }]);
    const mine = await integrationClient(context, otherTenantId);
    expect((await mine.get(`/customers/${theirs.custNo}`)).json()).toMatchObject({ custNo: 'THEIRS-1' });
  });
});

describe.skipIf(!process.env.DATABASE_URL)('two reason-code loads of one tenant at once (PostgreSQL)', () => {
  it("queue on a new tenant's first loads too: both kept, one inserting every code, the other updating it", async () => {
    const tenant = (await buildTenant(context.database.db)).id;
    const client = await integrationClient(context, tenant);
    const codes = ['RC-A', 'RC-B', 'RC-C', 'RC-D', 'RC-E', 'RC-F'];
    const load = (order: string[], name: string) =>
      client.post(
        '/reason-codes',
        order.map((code) => ({ code, description: `${code} ${name}` })),
      );
    const answers = await Promise.all([load(codes, 'forward'), load(codes.toReversed(), 'backward')]);
    expect(
      answers.map((answer) => [answer.statusCode, answer.json().inserted, answer.json().updated]).sort(),
    ).toEqual([
      [200, 0, 6],
      [200, 6, 0],
    ]);
  });

  it('queue on the tenant instead of deadlocking: both kept, every code as the later one left it', async () => {
    const tenant = (await buildTenant(context.database.db)).id;
    const client = await integrationClient(context, tenant);
    const codes = ['RC-A', 'RC-B', 'RC-C', 'RC-D', 'RC-E', 'RC-F'];
    await client.post(
      '/reason-codes',
      codes.map((code) => ({ code, description: `${code} first` })),
    );
    // In opposite orders, each load changes a description (renewing the tenant's
    // dispute_reason_versions row) and then wants a code the other holds.
    for (const round of [1, 2, 3, 4, 5]) {
      const load = (order: string[], name: string) =>
        client.post(
          '/reason-codes',
          order.map((code) => ({ code, description: `${code} ${round} ${name}` })),
        );
      const answers = await Promise.all([load(codes, 'forward'), load(codes.toReversed(), 'backward')]);
      expect(answers.map((answer) => [answer.statusCode, answer.json().updated])).toEqual([
        [200, 6],
        [200, 6],
      ]);
      const kept = await context.database.db
        .select({ description: disputeReasonCodes.description })
        .from(disputeReasonCodes)
        .where(eq(disputeReasonCodes.tenantId, tenant));
      const loads = new Set(kept.map(({ description }) => description.split(' ').slice(1).join(' ')));
      expect(loads.size).toBe(1);
      expect([`${round} forward`, `${round} backward`]).toContain([...loads][0]);
    }
  });
});

describe('the other loads', () => {
  it('upserts reason codes by code from JSON and CSV, refuses bad rows by line, a re-sent batch changes nothing', async () => {
    const client = await integrationClient(context, tenantId);
    const reader = await integrationClient(context, tenantId, ['events:read']);
    expectError(await reader.post('/reason-codes', []), 403, 'FORBIDDEN');
    const csv = [
      'code,description,position',
      'RC-LATE,Late delivery,7',
      'RC-BAD,,1',
      'RC-WRONG,Wrong item,x',
    ].join('\n');
    const loaded = (await client.post('/reason-codes', csv, 'text/csv')).json();
    expect(loaded).toMatchObject({ received: 3, inserted: 1, refused: 2 });
    expect(loaded.errors.map((error: { line: number; key: string }) => [error.line, error.key])).toEqual([
      [3, 'RC-BAD'],
      [4, 'RC-WRONG'],
    ]);
    expect(loaded.errors[0].reason).toContain('description');
    const batch = [
      { code: 'RC-LATE', description: 'Delivered late', position: 7 },
      { code: 'RC-GIFT', description: 'Goodwill' },
    ];
    expect((await client.post('/reason-codes', batch)).json()).toMatchObject({ inserted: 1, updated: 1 });
    expect((await client.post('/reason-codes', batch)).json()).toMatchObject({
      inserted: 0,
      updated: 0,
      unchanged: 2,
    });
    const codes = await context.database.db
      .select()
      .from(disputeReasonCodes)
      .where(eq(disputeReasonCodes.tenantId, tenantId));
    expect(codes.find((code) => code.code === 'RC-LATE')).toMatchObject({
      description: 'Delivered late',
      position: 7,
    });
    expect(codes.find((code) => code.code === 'RC-GIFT')).toMatchObject({ position: 8 });
    const theirs = await context.database.db
      .select()
      .from(disputeReasonCodes)
      .where(eq(disputeReasonCodes.tenantId, otherTenantId));
    expect(theirs.map((code) => code.code)).not.toContain('RC-LATE');
  });

  it('sets the payment configuration per flow and currency from NDJSON and CSV; bad rows by line; fields left out kept', async () => {
    const client = await integrationClient(context, tenantId);
    const ndjson = [
      JSON.stringify({ flow: 'cart', currencyCode: 'usd', allowCreditCard: true, allowECheck: true }),
      JSON.stringify({ flow: 'wire', currencyCode: 'USD' }),
      JSON.stringify({ flow: 'on_account', currencyCode: 'USD', noteMaxSize: 250, allowECheckProfile: 'Y' }),
    ].join('\n');
    const loaded = (await client.post('/payment-configs', ndjson, 'application/x-ndjson')).json();
    expect(loaded).toMatchObject({ received: 3, inserted: 2, refused: 1 });
    expect(loaded.errors).toEqual([{ line: 2, key: 'USD', reason: expect.stringContaining('flow') }]);
    const csv = ['flow,currencyCode,allowECheck,allowDebitCard', 'cart,USD,false,', 'cart,USD,maybe,'].join(
      '\n',
    );
    const changed = (await client.post('/payment-configs', csv, 'text/csv')).json();
    expect(changed).toMatchObject({ updated: 1, refused: 1 });
    expect(changed.errors[0]).toMatchObject({ line: 3, reason: expect.stringContaining('allowECheck') });
    const again = (
      await client.post(
        '/payment-configs',
        ['flow,currencyCode,allowECheck', 'cart,USD,false'].join('\n'),
        'text/csv',
      )
    ).json();
    expect(again).toMatchObject({ unchanged: 1, updated: 0 });
    const stored = await context.database.db
      .select()
      .from(paymentConfigs)
      .where(eq(paymentConfigs.tenantId, tenantId));
    expect(stored.find((row) => row.flow === 'cart')).toMatchObject({
      currencyCode: 'USD',
      allowCreditCard: true,
      allowECheck: false,
    });
    expect(stored.find((row) => row.flow === 'on_account')).toMatchObject({
      noteMaxSize: 250,
      allowECheckProfile: true,
    });
    expect(
      await context.database.db
        .select()
        .from(paymentConfigs)
        .where(eq(paymentConfigs.tenantId, otherTenantId)),
    ).toEqual([]);
  });

  it('changes dispute status and reason and adds collector notes by probNo; another tenant’s dispute is not found; a re-sent batch changes nothing', async () => {
    const client = await integrationClient(context, tenantId);
    const { db } = context.database;
    await buildReasonCodes(db, tenantId);
    const mine = await buildCustomer(db, tenantId, { custNo: 'DSP-1' });
    const theirs = await buildCustomer(db, otherTenantId, { custNo: 'DSP-2' });
    const dispute = (tenant: number, customerId: number, probNo: number) => ({
      tenantId: tenant,
      customerId,
      probNo,
      custDispute: true,
      currencyCode: 'USD',
      style: 'other' as const,
      disputedAmount: '10.00',
      reasonCode: 'PRICE',
      createdByName: 'Tester',
    });
    const [own] = await db
      .insert(disputes)
      .values(dispute(tenantId, mine.id, 9101))
      .returning();
    await db.insert(disputes).values(dispute(otherTenantId, theirs.id, 9102));
    const batch = [
      {
        probNo: 9101,
        statusCode: 'I',
        reasonCode: 'DAMAGED',
        note: 'Credit note on its way',
        noteBy: 'Ann (AR)',
      },
      { probNo: 9101, note: 'Internal: check with the warehouse', noteExposed: false },
      { probNo: 9102, statusCode: 'W' },
      { probNo: 9101, reasonCode: 'NOPE' },
      { probNo: 9101, statusCode: 'Z' },
    ];
    const report = (await client.post('/dispute-updates', batch)).json();
    expect(report).toMatchObject({ received: 5, updated: 2, refused: 3 });
    expect(report.errors).toEqual([
      { line: 3, key: '9102', reason: 'Dispute 9102 was not found' },
      { line: 4, key: '9101', reason: 'Reason code NOPE was not found' },
      { line: 5, key: '9101', reason: expect.stringContaining('statusCode') },
    ]);
    const [stored] = await db.select().from(disputes).where(eq(disputes.id, own!.id));
    expect(stored).toMatchObject({ statusCode: 'I', reasonCode: 'DAMAGED' });
    const notes = await db.select().from(disputeNotes).where(eq(disputeNotes.disputeId, own!.id));
    expect(notes.map(({ note, exposed, enteredBy }) => ({ note, exposed, enteredBy }))).toEqual([
      { note: 'Credit note on its way', exposed: true, enteredBy: 'Ann (AR)' },
      { note: 'Internal: check with the warehouse', exposed: false, enteredBy: 'Collector' },
    ]);
    const again = (await client.post('/dispute-updates', batch.slice(0, 2))).json();
    expect(again).toMatchObject({ updated: 0, unchanged: 2 });
    expect(await db.select().from(disputeNotes).where(eq(disputeNotes.disputeId, own!.id))).toHaveLength(2);
    const [untouched] = await db.select().from(disputes).where(eq(disputes.probNo, 9102));
    expect(untouched).toMatchObject({ statusCode: 'U' });
  });

  it('sets and removes the announcement of its own tenant only; too long is refused and changes nothing', async () => {
    const client = await integrationClient(context, tenantId);
    const set = await client.call({
      method: 'PUT',
      url: '/announcement',
      payload: { message: 'Closed\non Friday' },
    });
    expect(set.statusCode, set.body).toBe(200);
    expect(set.json()).toMatchObject({ message: 'Closed on Friday' });
    const tooLong = await client.call({
      method: 'PUT',
      url: '/announcement',
      payload: { message: 'x'.repeat(600) },
    });
    expectError(tooLong, 400, 'BAD_REQUEST');
    expect(await context.app.services.announcements.get(tenantId)).toMatchObject({
      message: 'Closed on Friday',
    });
    expect(await context.app.services.announcements.get(otherTenantId)).toMatchObject({ message: '' });
    const removed = await client.call({ method: 'PUT', url: '/announcement', payload: { message: '' } });
    expect(removed.json()).toMatchObject({ message: '', updatedAt: null });
  });
});
