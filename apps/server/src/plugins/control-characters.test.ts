import { CONTROL_CHARACTER_MESSAGE } from '@settle/shared/rules/text-input';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { gridPreferences, savedSearches } from '../db/schema/preferences';
import { expectError } from '../test/expect-error';
import { buildTenant } from '../test/factories';
import { type SignedInCustomer, signedInCustomer } from '../test/signed-in-customer';
import { createLogCapture, createTestApp, TestClient, type TestContext } from '../test/test-app';

const log = createLogCapture();
let context: TestContext;
let own: SignedInCustomer;
let invNo: string;

beforeAll(async () => {
  context = await createTestApp({}, undefined, { logStream: log.stream });
  const tenantId = (await buildTenant(context.database.db, { isDefault: true })).id;
  own = await signedInCustomer(context, tenantId);
  invNo = (await own.invoice()).invNo;
});
afterAll(() => context.close());

const NUL = '\u0000';
const PRE_SIGN_IN = new Set(['prelogin', 'login', 'troubleSigningIn', 'companyDefMask']);

/** The eleven calls the probe made answer 500 with a NUL; each must be a clear 400. */
function probes(): Array<{
  name: string;
  call: (client: TestClient) => ReturnType<TestClient['get']>;
  field: string;
}> {
  const name = (url: string) => (client: TestClient) =>
    client.request({
      method: 'POST',
      url,
      payload: JSON.stringify(`demo${NUL}.full`),
      headers: { 'content-type': 'application/json' },
    });
  return [
    { name: 'prelogin', call: name('/auth/prelogin'), field: 'body' },
    {
      name: 'login',
      call: (client) => client.post('/auth/login', { loginName: `demo${NUL}`, password: 'x' }),
      field: 'body.loginName',
    },
    { name: 'troubleSigningIn', call: name('/auth/troubleSigningIn'), field: 'body' },
    { name: 'companyDefMask', call: name('/auth/companyDefMask'), field: 'body' },
    {
      name: 'detail by invNo',
      call: (client) => client.get(`/invoices/detail/INV%00-1`),
      field: 'params.invNo',
    },
    {
      name: 'detail by tranId',
      call: (client) => client.get(`/invoices/detail/${invNo}/T%001`),
      field: 'params.tranId',
    },
    {
      name: 'downloadLinkedContent',
      call: (client) => client.get('/gateway/downloadLinkedContent?invNo=INV%00'),
      field: 'querystring.invNo',
    },
    {
      name: 'promiseUnPromise',
      call: (client) =>
        client.put('/invoices/promiseUnPromise', { invNo: `${invNo}${NUL}`, promised: false }),
      field: 'body.invNo',
    },
    {
      name: 'cart add',
      call: (client) =>
        client.post('/payment/cart/add', {
          custNo: own.customer.custNo,
          currencyCode: 'USD',
          invNo: [invNo, `X${NUL}`],
        }),
      field: 'body.invNo.1',
    },
    {
      name: 'saved-search name',
      call: (client) =>
        client.post('/search/saved', { grid: 'invoices', name: `mine${NUL}`, criteria: null, filter: '' }),
      field: 'body.name',
    },
    {
      name: 'column title',
      call: (client) =>
        client.post('/invoices/columns', {
          allColumnPreference: [{ field: 'invNo', title: `No${NUL}`, order: 0, sort: null }],
        }),
      field: 'body.allColumnPreference.0.title',
    },
  ];
}

describe('control characters in any input', () => {
  it('answer a clear 400 on every route the probe found, change nothing and log no SQL', async () => {
    const invoicesBefore = await own.storedInvoices();
    const anonymous = new TestClient(context);
    await anonymous.get('/config.js');
    const cases = probes();
    expect(cases).toHaveLength(11);
    for (const probe of cases) {
      // The four calls before sign-in are made without a session, as the probe did.
      const client = PRE_SIGN_IN.has(probe.name) ? anonymous : own.client;
      const body = expectError(await probe.call(client), 400, 'VALIDATION_FAILED', probe.name);
      expect(body.message, probe.name).toBe(`${probe.field}: ${CONTROL_CHARACTER_MESSAGE}`);
      expect(body.fieldErrors, probe.name).toEqual([
        { field: probe.field, message: CONTROL_CHARACTER_MESSAGE },
      ]);
    }
    expect(await own.storedInvoices()).toEqual(invoicesBefore);
    expect(await own.storedCart()).toEqual([]);
    const { db } = context.database;
    expect(await db.select().from(savedSearches).where(eq(savedSearches.userId, own.user.id))).toEqual([]);
    expect(await db.select().from(gridPreferences).where(eq(gridPreferences.userId, own.user.id))).toEqual(
      [],
    );
    const written = log.text();
    expect(written).toContain('"statusCode":400');
    expect(written).not.toMatch(/select |insert |update |Failed query|params:|\\u0000/i);
  });

  it('let tabs and line breaks through', async () => {
    const caller = new TestClient(context);
    await caller.get('/config.js');
    const response = await caller.post('/auth/login', { loginName: 'two\tparts\n', password: 'x' });
    expectError(response, 401, 'INVALID_CREDENTIALS');
  });
});
