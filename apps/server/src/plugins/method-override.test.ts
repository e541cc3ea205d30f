import { addDays } from '@settle/shared/calendar-date';
import { ErrorCode } from '@settle/shared/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../test/expect-error';
import { buildTenant } from '../test/factories';
import { signedInCustomer } from '../test/signed-in-customer';
import { createTestApp, type TestContext } from '../test/test-app';

const OVERRIDE = 'x-http-method-override';

let on: TestContext;
let off: TestContext;
let onTenant = 0;
let offTenant = 0;

beforeAll(async () => {
  on = await createTestApp({ METHOD_OVERRIDE: 'true' });
  off = await createTestApp();
  onTenant = (await buildTenant(on.database.db, { isDefault: true })).id;
  offTenant = (await buildTenant(off.database.db, { isDefault: true })).id;
});
afterAll(async () => {
  await on.close();
  await off.close();
});

/**
 * Every PUT, PATCH and DELETE route, read from the OpenAPI document, so that a route added
 * later is covered without touching this file. Path parameters get a value no object has.
 */
async function stateChangingRoutes(context: TestContext) {
  await context.app.ready();
  const document = context.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(document.paths).flatMap(([path, operations]) =>
    Object.keys(operations)
      .filter((method) => ['put', 'patch', 'delete'].includes(method))
      .map((method) => ({
        method: method.toUpperCase(),
        url: path.replace(/\{[^}]+\}/g, '987654'),
      })),
  );
}

describe('X-HTTP-Method-Override with METHOD_OVERRIDE=true', () => {
  it('finds the state-changing routes to cover', async () => {
    const routes = await stateChangingRoutes(on);
    expect(routes).toEqual(
      expect.arrayContaining([
        { method: 'PUT', url: '/invoices/promiseUnPromise' },
        { method: 'DELETE', url: '/payment/cart' },
        { method: 'DELETE', url: '/invoices/columns' },
      ]),
    );
  });

  it('reaches every PUT, PATCH and DELETE route exactly as the real method does', async () => {
    for (const route of await stateChangingRoutes(on)) {
      const own = await signedInCustomer(on, onTenant);
      const label = `${route.method} ${route.url}`;
      const viaOverride = await own.client.request({
        method: 'POST',
        url: route.url,
        headers: { [OVERRIDE]: route.method.toLowerCase() },
        payload: {},
      });
      const direct = await own.client.request({ method: route.method, url: route.url, payload: {} });
      expect(viaOverride.json(), label).not.toMatchObject({
        message: expect.stringMatching(/No such endpoint/),
      });
      expect({ status: viaOverride.statusCode, body: viaOverride.json() }, label).toEqual({
        status: direct.statusCode,
        body: direct.json(),
      });
    }
  });

  it('promises through the override, with the route schema and CSRF check of PUT', async () => {
    const own = await signedInCustomer(on, onTenant);
    const invoice = await own.invoice({ amount: '120.00' });
    const { serverDate } = (await own.client.get('/location/serverDate')).json();
    const put = (payload: unknown, csrf = true) =>
      own.client.request({
        method: 'POST',
        url: '/invoices/promiseUnPromise',
        headers: { [OVERRIDE]: 'PUT' },
        payload: payload as object,
        csrf,
      });

    expectError(
      await put({ invNo: [invoice.invNo], promised: true, nextFollowupDate: serverDate }, false),
      403,
      ErrorCode.CSRF_REJECTED,
    );
    expectError(await put({ invNo: [invoice.invNo], promised: 'yes' }), 400, ErrorCode.VALIDATION_FAILED);
    expect((await own.storedInvoices())[0]?.promise).toBe(false);

    const promised = await put({
      invNo: [invoice.invNo],
      promised: true,
      nextFollowupDate: addDays(serverDate, 7),
    });
    expect(promised.statusCode, promised.body).toBe(200);
    expect((await own.storedInvoices())[0]?.promise).toBe(true);
  });

  it('empties the cart and resets the column preferences through DELETE overrides', async () => {
    const own = await signedInCustomer(on, onTenant);
    const invoice = await own.invoice();
    await own.putInCart([invoice.id]);
    const custNo = own.customer.custNo;

    const emptied = await own.client.request({
      method: 'POST',
      url: `/payment/cart?custNo=${custNo}&currencyCode=USD`,
      headers: { [OVERRIDE]: 'DELETE' },
    });
    expect(emptied.json()).toMatchObject({ payments: [], paymentSummary: { nbrOfInvoices: 0 } });
    expect(await own.storedCart()).toEqual([]);

    const saved = await own.client.post('/invoices/columns', {
      displayColumnPreference: [
        { colId: 'invNo', field: 'invNo', title: 'Invoice number', dataType: 'string' },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const reset = await own.client.request({
      method: 'POST',
      url: '/invoices/columns',
      headers: { [OVERRIDE]: 'DELETE' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    const columns = (await own.client.get('/invoices/columns')).json();
    expect(columns.viewableColumns.length).toBeGreaterThan(1);
  });

  it('refuses an override to GET or to anything but PUT, PATCH and DELETE, and changes nothing', async () => {
    const own = await signedInCustomer(on, onTenant);
    const invoice = await own.invoice();
    for (const wanted of ['GET', 'HEAD', 'POST', 'OPTIONS', 'CONNECT', 'FOO']) {
      const body = expectError(
        await own.client.request({
          method: 'POST',
          url: '/payment/cart/add',
          headers: { [OVERRIDE]: wanted },
          payload: { custNo: own.customer.custNo, currencyCode: 'USD', invNo: [invoice.invNo] },
        }),
        400,
        ErrorCode.BAD_REQUEST,
        wanted,
      );
      expect(body.message).toBe(`X-HTTP-Method-Override may only be PUT, PATCH or DELETE, not "${wanted}".`);
    }
    expect(await own.storedCart()).toEqual([]);
  });

  it('honours the header on POST only', async () => {
    const own = await signedInCustomer(on, onTenant);
    const body = expectError(
      await own.client.request({
        method: 'GET',
        url: '/invoices/columns',
        headers: { [OVERRIDE]: 'DELETE' },
      }),
      400,
      ErrorCode.BAD_REQUEST,
    );
    expect(body.message).toBe('X-HTTP-Method-Override is accepted on POST only, not on GET.');
  });
});

describe('X-HTTP-Method-Override with METHOD_OVERRIDE off (the default)', () => {
  it('refuses the header on every state-changing route and changes nothing', async () => {
    const routes = await stateChangingRoutes(off);
    expect(routes.length).toBeGreaterThan(0);
    for (const route of routes) {
      const own = await signedInCustomer(off, offTenant);
      const body = expectError(
        await own.client.request({
          method: 'POST',
          url: route.url,
          headers: { [OVERRIDE]: route.method },
          payload: {},
        }),
        400,
        ErrorCode.BAD_REQUEST,
        `${route.method} ${route.url}`,
      );
      expect(body.message).toBe(
        'X-HTTP-Method-Override is not accepted by this server (METHOD_OVERRIDE is off); send the method itself.',
      );
    }
  });

  it('leaves the cart alone when a DELETE override is refused', async () => {
    const own = await signedInCustomer(off, offTenant);
    const invoice = await own.invoice();
    await own.putInCart([invoice.id]);
    const refused = await own.client.request({
      method: 'POST',
      url: `/payment/cart?custNo=${own.customer.custNo}&currencyCode=USD`,
      headers: { [OVERRIDE]: 'DELETE' },
    });
    expectError(refused, 400, ErrorCode.BAD_REQUEST);
    expect(await own.storedCart()).toEqual([invoice.invNo]);
  });

  it('tells the browser whether to override, in config.js', async () => {
    const script = async (context: TestContext) =>
      (await context.app.inject({ url: `${context.api}/config.js` })).body;
    expect(await script(on)).toContain('"methodOverride":true');
    expect(await script(off)).toContain('"methodOverride":false');
  });
});
