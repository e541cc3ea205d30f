import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openTestDatabase } from '../../test/test-database';
import type { DatabaseHandle } from '../client';
import { customerContacts } from '../schema/contacts';
import { customers } from '../schema/customers';
import { users } from '../schema/users';
import { DEMO_CONTACTS } from './demo-contacts';
import { seedDemo } from './seed-demo';

let database: DatabaseHandle;

beforeAll(async () => {
  database = await openTestDatabase();
  await seedDemo(database.db, { invoices: 20, seed: 3, today: new Date('2026-11-22T12:00:00Z') });
});
afterAll(() => database.close());

describe('demo contacts', () => {
  it('invites people at the demo customers; the one who registered is linked to her demo user', async () => {
    const rows = await database.db
      .select({
        custNo: customers.custNo,
        name: customerContacts.firstName,
        email: customerContacts.email,
        login: users.loginName,
      })
      .from(customerContacts)
      .innerJoin(customers, eq(customers.id, customerContacts.customerId))
      .leftJoin(users, eq(users.id, customerContacts.userId))
      .orderBy(customerContacts.id);
    expect(rows).toHaveLength(DEMO_CONTACTS.length);
    expect(rows[0]).toEqual({
      custNo: 'C10003',
      name: 'Camille',
      email: 'camille.martin@chateau-verde.example',
      login: null,
    });
    expect(rows.filter((row) => row.login === null)).toHaveLength(4);
    expect(rows.find((row) => row.login !== null)).toMatchObject({ custNo: 'C10003', login: 'demo.single' });
  });
});
