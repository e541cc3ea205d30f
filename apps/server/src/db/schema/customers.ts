import { integer, pgTable, serial, text, timestamp, unique } from 'drizzle-orm/pg-core';
import { tenants } from './tenants';

export const customers = pgTable(
  'customers',
  {
    id: serial('id').primaryKey(),
    tenantId: integer('tenant_id')
      .notNull()
      .references(() => tenants.id, { onDelete: 'cascade' }),
    custNo: text('cust_no').notNull(),
    company: text('company').notNull(),
    currencies: text('currencies').array().notNull().default([]),
    addressLine1: text('address_line1').notNull().default(''),
    city: text('city').notNull().default(''),
    postalCode: text('postal_code').notNull().default(''),
    country: text('country').notNull().default(''),
    collectorName: text('collector_name').notNull().default(''),
    collectorEmail: text('collector_email').notNull().default(''),
    collectorPhone: text('collector_phone').notNull().default(''),
    /** Overrides the tenant's phone mask for this company's users; null uses the tenant's. */
    phoneMask: text('phone_mask'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (table) => [unique('customers_tenant_cust_no').on(table.tenantId, table.custNo)],
);
