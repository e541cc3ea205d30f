import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../../test/expect-error';
import { buildCustomer, buildTenant, buildUser, TEST_PASSWORD } from '../../test/factories';
import { createTestApp, TestClient, type TestContext } from '../../test/test-app';

let context: TestContext;
let alice: TestClient;
let bob: TestClient;

const criteria = {
  operator: 'and',
  operands: [{ property: 'amount', constraint: 'gt', type: 'currency', value: '100' }],
};

beforeAll(async () => {
  context = await createTestApp();
  const { db } = context.database;
  const tenant = await buildTenant(db, { isDefault: true });
  const customer = await buildCustomer(db, tenant.id);
  const first = await buildUser(db, tenant.id, { customers: [{ id: customer.id }] });
  const second = await buildUser(db, tenant.id, { customers: [{ id: customer.id }] });
  alice = new TestClient(context);
  await alice.signIn(first.loginName, TEST_PASSWORD);
  bob = new TestClient(context);
  await bob.signIn(second.loginName, TEST_PASSWORD);
});
afterAll(() => context.close());

describe('search fields and saved searches', () => {
  it('lists the filterable invoice fields with their types', async () => {
    const fields = (await alice.get('/invoices/searchFields')).json();
    expect(fields).toContainEqual({ field: 'dueDate', title: 'Due date', dataType: 'date' });
    expect(fields).toContainEqual({ field: 'promise', title: 'Promised', dataType: 'boolean' });
  });

  it('saves by name, replaces on the same name, keeps searches per user, and deletes', async () => {
    const saved = (
      await alice.post('/search/saved', {
        grid: 'invoices',
        name: 'Big ones',
        criteria,
        filter: 'amount gt 100',
      })
    ).json();
    expect(saved).toMatchObject({ grid: 'invoices', name: 'Big ones', filter: 'amount gt 100', criteria });
    await alice.post('/search/saved', {
      grid: 'invoices',
      name: 'big ones',
      criteria,
      filter: 'amount gt 500',
    });
    const list = (await alice.get('/search/saved?grid=invoices')).json();
    expect(list).toHaveLength(1);
    expect(list[0]).toMatchObject({ name: 'Big ones', filter: 'amount gt 500' });
    expect((await bob.get('/search/saved?grid=invoices')).json()).toEqual([]);
    // Another user's search answers 404 and stays.
    expectError(await bob.request({ method: 'DELETE', url: `/search/saved/${saved.id}` }), 404, 'NOT_FOUND');
    expect((await alice.get('/search/saved?grid=invoices')).json()).toEqual([
      expect.objectContaining({ id: saved.id, name: 'Big ones' }),
    ]);
    expect((await alice.request({ method: 'DELETE', url: `/search/saved/${saved.id}` })).json()).toEqual({
      deleted: true,
    });
    expect((await alice.get('/search/saved?grid=invoices')).json()).toEqual([]);
  });

  it('refuses invalid criteria, a bad filter and a missing name, saving nothing', async () => {
    const before = (await alice.get('/search/saved?grid=invoices')).json();
    const badOperator = await alice.post('/search/saved', {
      grid: 'invoices',
      name: 'x',
      criteria: { operator: 'xor', operands: [] },
      filter: '',
    });
    expect(badOperator.json()).toMatchObject({
      statusCode: 400,
      code: 'INVALID_CRITERIA',
      message: 'Invalid operator',
    });
    const badFilter = await alice.post('/search/saved', {
      grid: 'invoices',
      name: 'x',
      criteria,
      filter: "secret eq 'x'",
    });
    expect(badFilter.json().code).toBe('INVALID_FILTER');
    const noName = await alice.post('/search/saved', { grid: 'invoices', name: '  ', criteria, filter: '' });
    expect(noName.json().fieldErrors[0]).toEqual({ field: 'body.name', message: 'Give the search a name' });
    expect((await alice.get('/search/saved?grid=invoices')).json()).toEqual(before);
  });
});
