import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../../test/expect-error';
import { buildCustomer, buildInvoice, buildTenant, buildUser, TEST_PASSWORD } from '../../test/factories';
import { createTestApp, TestClient, type TestContext } from '../../test/test-app';

let context: TestContext;
const people = { multi: '', noDefault: '', noCurrency: '' };
const numbers = { usdCad: '', eur: '', foreign: '', bare: '' };
const ids = { tenant: 0, usdCad: 0 };

beforeAll(async () => {
  context = await createTestApp();
  const { db } = context.database;
  const tenant = await buildTenant(db, { isDefault: true });
  const usdCad = await buildCustomer(db, tenant.id, { company: 'Alpha Tools', currencies: ['USD', 'CAD'] });
  const eur = await buildCustomer(db, tenant.id, { company: 'Beta Foods', currencies: ['EUR'] });
  const foreign = await buildCustomer(db, tenant.id, { company: 'Gamma Secret', currencies: ['USD'] });
  const bare = await buildCustomer(db, tenant.id, { company: 'Delta New', currencies: [] });
  Object.assign(ids, { tenant: tenant.id, usdCad: usdCad.id });
  Object.assign(numbers, {
    usdCad: usdCad.custNo,
    eur: eur.custNo,
    foreign: foreign.custNo,
    bare: bare.custNo,
  });
  people.multi = (
    await buildUser(db, tenant.id, { customers: [{ id: usdCad.id }, { id: eur.id, defAccount: true }] })
  ).loginName;
  people.noDefault = (
    await buildUser(db, tenant.id, { customers: [{ id: usdCad.id }, { id: eur.id }] })
  ).loginName;
  people.noCurrency = (await buildUser(db, tenant.id, { customers: [{ id: bare.id }] })).loginName;
  await buildUser(db, tenant.id, { customers: [{ id: foreign.id }] });
  await buildInvoice(db, usdCad, { amount: '100.00', dueDate: '2020-01-01' });
  await buildInvoice(db, usdCad, { amount: '-25.50', dueDate: '2020-01-01' });
  await buildInvoice(db, usdCad, { amount: '40.00', tranCurrencyCode: 'CAD' });
  await buildInvoice(db, usdCad, { amount: '999.00', status: 'C', balance: '0.00' });
  await buildInvoice(db, foreign, { amount: '5000.00' });
});
afterAll(() => context.close());

async function signedIn(loginName: string) {
  const client = new TestClient(context);
  const response = await client.signIn(loginName, TEST_PASSWORD);
  expect(response.statusCode).toBe(200);
  return { client, userData: response.json() };
}

describe('GET /invoices/associationAccounts', () => {
  it('lists only the customers linked to the user, with their currencies and default flag', async () => {
    const { client } = await signedIn(people.multi);
    const body = (await client.get('/invoices/associationAccounts')).json();
    expect(body).toEqual([
      {
        custNo: numbers.usdCad,
        company: 'Alpha Tools',
        currencies: ['USD', 'CAD'],
        defAccount: false,
        cartSummary: { nbrOfInvoices: 0, totalAmount: '0.00' },
      },
      {
        custNo: numbers.eur,
        company: 'Beta Foods',
        currencies: ['EUR'],
        defAccount: true,
        cartSummary: { nbrOfInvoices: 0, totalAmount: '0.00' },
      },
    ]);
  });
});

describe('current customer and currency', () => {
  it('starts on the default account, else the last chosen one, else the first', async () => {
    expect((await signedIn(people.multi)).userData.currentCustNo).toBe(numbers.eur);
    const { client, userData } = await signedIn(people.noDefault);
    expect(userData.currentCustNo).toBe(numbers.usdCad);
    expect(userData.currencyCode).toBe('USD');
    await client.put(`/user/currenctCust/${numbers.eur}`, {});
    // The choice is remembered for the next sign-in when no default account is flagged.
    const again = await signedIn(people.noDefault);
    expect(again.userData.currentCustNo).toBe(numbers.eur);
    expect(again.userData.currencyCode).toBe('EUR');
  });

  it('switches customer and currency, and only to a currency the customer has', async () => {
    const { client } = await signedIn(people.multi);
    const switched = await client.put(`/user/currenctCust/${numbers.usdCad}`, { currencyCode: 'CAD' });
    expect(switched.statusCode).toBe(200);
    expect(switched.json()).toMatchObject({
      currentCustNo: numbers.usdCad,
      currencyCode: 'CAD',
      currentCustomer: { company: 'Alpha Tools' },
    });

    const refused = await client.put(`/user/currenctCust/${numbers.usdCad}`, { currencyCode: 'EUR' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({ code: 'CURRENCY_NOT_AVAILABLE', args: [numbers.usdCad, 'EUR'] });
    const unchanged = await client.get(`/user/currenctCust/${numbers.usdCad}`);
    expect(unchanged.json()).toMatchObject({ currentCustNo: numbers.usdCad, currencyCode: 'CAD' });

    const badCode = expectError(
      await client.put(`/user/currenctCust/${numbers.usdCad}`, { currencyCode: 'euro' }),
      400,
      'VALIDATION_FAILED',
    );
    expect(badCode.fieldErrors).toEqual([{ field: 'body.currencyCode', message: expect.any(String) }]);
    expect((await client.get(`/user/currenctCust/${numbers.usdCad}`)).json()).toMatchObject({
      currentCustNo: numbers.usdCad,
      currencyCode: 'CAD',
    });
  });

  it('keeps the currency when the same customer is chosen again, and takes the first currency of a new one', async () => {
    const { client } = await signedIn(people.multi);
    await client.put(`/user/currenctCust/${numbers.usdCad}`, { currencyCode: 'CAD' });
    expect((await client.put(`/user/currenctCust/${numbers.usdCad}`, {})).json().currencyCode).toBe('CAD');
    expect((await client.put(`/user/currenctCust/${numbers.eur}`)).json().currencyCode).toBe('EUR');
  });

  it('falls back to USD for a customer without currencies', async () => {
    const { userData, client } = await signedIn(people.noCurrency);
    expect(userData.currencyCode).toBe('USD');
    expect((await client.put(`/user/currenctCust/${numbers.bare}`, { currencyCode: 'USD' })).statusCode).toBe(
      200,
    );
  });

  it("answers 404 for another customer's number exactly as for one that does not exist", async () => {
    const { client, userData } = await signedIn(people.multi);
    const foreign = expectError(
      await client.put(`/user/currenctCust/${numbers.foreign}`, {}),
      404,
      'NOT_FOUND',
    );
    const missing = expectError(await client.put('/user/currenctCust/NOPE-1', {}), 404, 'NOT_FOUND');
    expect(foreign.message).toBe(missing.message.replace('NOPE-1', numbers.foreign));
    expectError(await client.get(`/user/currenctCust/${numbers.foreign}`), 404, 'NOT_FOUND');
    const badNumber = expectError(
      await client.get('/user/currenctCust/bad%20number'),
      400,
      'VALIDATION_FAILED',
    );
    expect(badNumber.fieldErrors).toEqual([{ field: 'params.custNo', message: expect.any(String) }]);
    // None of the refusals moved the session off its customer.
    const summary = (await client.get('/dashboard/custSummary')).json();
    expect(summary.custNo).toBe(userData.currentCustNo);
  });
});

describe('GET /location/serverDate and /dashboard/custSummary', () => {
  it("answers today's date in the user's time zone", async () => {
    const faraway = await buildUser(context.database.db, ids.tenant, {
      customers: [{ id: ids.usdCad }],
      overrides: { timezone: 'Pacific/Kiritimati' },
    });
    const { client } = await signedIn(faraway.loginName);
    const body = (await client.get('/location/serverDate')).json();
    expect(body.serverDate).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(body.serverDate).toBe(
      new Intl.DateTimeFormat('en-CA', { timeZone: 'Pacific/Kiritimati' }).format(new Date(body.serverTime)),
    );
  });

  it('sums the open invoices of the current customer and currency only', async () => {
    const { client } = await signedIn(people.noDefault);
    await client.put(`/user/currenctCust/${numbers.usdCad}`, { currencyCode: 'USD' });
    const usd = (await client.get('/dashboard/custSummary')).json();
    expect(usd).toMatchObject({
      custNo: numbers.usdCad,
      currencyCode: 'USD',
      openCount: 2,
      openBalance: '74.50',
      // The credit owes nothing: it is a credit, not overdue.
      overdueCount: 1,
      overdueBalance: '100.00',
      creditCount: 1,
      creditBalance: '-25.50',
    });
    await client.put(`/user/currenctCust/${numbers.usdCad}`, { currencyCode: 'CAD' });
    expect((await client.get('/dashboard/custSummary')).json()).toMatchObject({
      openCount: 1,
      openBalance: '40.00',
    });
  });
});
