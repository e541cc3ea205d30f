import { INVOICE_COLUMNS } from '@settle/shared/invoices';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../../test/expect-error';
import { buildCustomer, buildTenant, buildUser, TEST_PASSWORD } from '../../test/factories';
import { createTestApp, TestClient, type TestContext } from '../../test/test-app';

let context: TestContext;
let tenantId = 0;

beforeAll(async () => {
  context = await createTestApp();
  tenantId = (await buildTenant(context.database.db, { isDefault: true })).id;
});
afterAll(() => context.close());

/** A user of their own: preferences are per user, so no test sees another's. */
async function newUser() {
  const { db } = context.database;
  const customer = await buildCustomer(db, tenantId);
  return (await buildUser(db, tenantId, { customers: [{ id: customer.id }] })).loginName;
}

async function signedIn(loginName: string) {
  const client = new TestClient(context);
  expect((await client.signIn(loginName, TEST_PASSWORD)).statusCode).toBe(200);
  return client;
}

const fields = (columns: Array<{ field: string }>) => columns.map((column) => column.field);
const DEFAULT_SHOWN = INVOICE_COLUMNS.filter((column) => column.visible).map((column) => column.field);

describe('invoice grid column preferences', () => {
  it("starts with the contract's default columns and keeps what the user saves, on any browser", async () => {
    const loginName = await newUser();
    const first = await signedIn(loginName);
    const defaults = (await first.get('/invoices/columns')).json();
    expect(fields(defaults.viewableColumns)).toEqual(DEFAULT_SHOWN);
    expect(fields(defaults.allColumns).sort()).toEqual(fields(INVOICE_COLUMNS).sort());
    expect(fields(defaults.availableColumns)).toEqual(
      fields(INVOICE_COLUMNS.filter((column) => !column.visible)),
    );

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

    const second = await signedIn(loginName);
    const restored = (await second.get('/invoices/columns')).json();
    expect(fields(restored.viewableColumns)).toEqual(['dueDate', 'invNo', 'terms']);
    expect(restored.viewableColumns[0]).toMatchObject({ width: 200, sort: 'desc' });
    expect(fields(restored.availableColumns)).toContain('amount');

    const reset = (await second.request({ method: 'DELETE', url: '/invoices/columns' })).json();
    expect(fields(reset.viewableColumns)).toEqual(DEFAULT_SHOWN);
  });

  it('refuses unknown columns and an empty display, changing nothing', async () => {
    const client = await signedIn(await newUser());
    await client.post('/invoices/columns', {
      displayColumnPreference: [{ colId: 'terms', field: 'terms', title: 'Terms', dataType: 'string' }],
    });
    const before = (await client.get('/invoices/columns')).json();
    expect(fields(before.viewableColumns)).toEqual(['terms']);

    const unknown = await client.post('/invoices/columns', {
      displayColumnPreference: [
        { colId: 'password_hash', field: 'password_hash', title: 'x', dataType: 'string' },
      ],
    });
    expect(expectError(unknown, 400, 'UNKNOWN_COLUMN').message).toBe('Unknown column: password_hash');
    expectError(
      await client.post('/invoices/columns', { displayColumnPreference: [] }),
      400,
      'NO_COLUMN_SHOWN',
    );
    const neither = expectError(await client.post('/invoices/columns', {}), 400, 'VALIDATION_FAILED');
    expect(neither.fieldErrors).toEqual([
      { field: 'body', message: 'Send displayColumnPreference, allColumnPreference or both' },
    ]);
    expect((await client.get('/invoices/columns')).json()).toEqual(before);
  });
});
