import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildCustomer, buildTenant, buildUser, TEST_PASSWORD } from '../../test/factories';
import { createTestApp, TestClient, type TestContext } from '../../test/test-app';

let context: TestContext;
let loginName = '';

beforeAll(async () => {
  context = await createTestApp();
  const { db } = context.database;
  const tenant = await buildTenant(db, { isDefault: true });
  const customer = await buildCustomer(db, tenant.id);
  loginName = (await buildUser(db, tenant.id, { customers: [{ id: customer.id }] })).loginName;
});
afterAll(() => context.close());

const fields = (columns: Array<{ field: string }>) => columns.map((column) => column.field);

describe('invoice grid column preferences', () => {
  it('starts with the default columns and keeps what the user saves, on any browser', async () => {
    const first = new TestClient(context);
    await first.signIn(loginName, TEST_PASSWORD);
    const defaults = (await first.get('/invoices/columns')).json();
    expect(fields(defaults.viewableColumns)).toEqual([
      'invNo',
      'invoiceDate',
      'dueDate',
      'amount',
      'balance',
      'disputeAmount',
      'promise',
      'poNumber',
    ]);
    expect(defaults.availableColumns.length).toBe(defaults.allColumns.length - 8);

    const saved = await first.post('/invoices/columns', {
      displayColumnPreference: [
        { colId: 'dueDate', field: 'dueDate', title: 'Due date', dataType: 'date', width: 200 },
        { colId: 'invNo', field: 'invNo', title: 'Invoice number', dataType: 'string' },
        { colId: 'terms', field: 'terms', title: 'Terms', dataType: 'string' },
      ],
    });
    expect(saved.statusCode).toBe(200);
    await first.post('/invoices/columns', {
      allColumnPreference: [{ field: 'dueDate', title: 'Due date', order: 0, sort: 'desc' }],
    });

    const second = new TestClient(context);
    await second.signIn(loginName, TEST_PASSWORD);
    const restored = (await second.get('/invoices/columns')).json();
    expect(fields(restored.viewableColumns)).toEqual(['dueDate', 'invNo', 'terms']);
    expect(restored.viewableColumns[0]).toMatchObject({ width: 200, sort: 'desc' });
    expect(restored.availableColumns.map((column: { field: string }) => column.field)).toContain('amount');

    const reset = (await second.request({ method: 'DELETE', url: '/invoices/columns' })).json();
    expect(fields(reset.viewableColumns)).toEqual(fields(defaults.viewableColumns));
  });

  it('refuses unknown columns and an empty display, changing nothing', async () => {
    const client = new TestClient(context);
    await client.signIn(loginName, TEST_PASSWORD);
    const before = (await client.get('/invoices/columns')).json();
    const unknown = await client.post('/invoices/columns', {
      displayColumnPreference: [
        { colId: 'password_hash', field: 'password_hash', title: 'x', dataType: 'string' },
      ],
    });
    expect(unknown.json()).toMatchObject({
      statusCode: 400,
      code: 'UNKNOWN_COLUMN',
      message: 'Unknown column: password_hash',
    });
    const none = await client.post('/invoices/columns', { displayColumnPreference: [] });
    expect(none.json().code).toBe('NO_COLUMN_SHOWN');
    expect((await client.post('/invoices/columns', {})).statusCode).toBe(400);
    expect((await client.get('/invoices/columns')).json()).toEqual(before);
  });
});
