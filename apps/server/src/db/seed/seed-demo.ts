import { loginKeyOf } from '@settle/shared/rules/login-name';
import { sql } from 'drizzle-orm';
import type { FileStorage } from '../../adapters/file-storage/file-storage';
import { hashPassword } from '../../modules/auth/password';
import type { Db } from '../client';
import { withoutIndexesAndForeignKeys } from '../deferred-constraints';
import { customers } from '../schema/customers';
import { currencies, legalTemplates, tenants } from '../schema/tenants';
import { userCustomers, userRoles, users } from '../schema/users';
import { type Column, insertColumns, reserveIds } from './bulk-load';
import {
  COLLECTORS,
  DEMO_CURRENCIES,
  DEMO_CUSTOMERS,
  DEMO_PASSWORD,
  DEMO_TENANT,
  PRIVACY_POLICY,
} from './demo-catalogue';
import { seedDemoContacts } from './demo-contacts';
import { seedDemoDisputes } from './demo-disputes';
import { seedDemoPaymentHistory } from './demo-payment-history';
import { seedDemoPaymentProfiles } from './demo-payment-profiles';
import { seedDemoPayments } from './demo-payments';
import { seedSsoDemoTenant } from './demo-sso-tenant';
import { DEMO_USERS } from './demo-users';
import { epochDay, type GeneratedLine, generateInvoice, invoiceRow } from './generate-invoices';
import { createRandom } from './random';

export type SeedOptions = {
  invoices: number;
  seed: number;
  today: Date;
  log?: (line: string) => void;
  /** Where the demo's dispute attachments are written; without it the demo has none. */
  storage?: FileStorage;
  /** From this many invoices the indexes and foreign keys are deferred (DEFERRED_INDEXES_FROM unless told). */
  deferIndexesFrom?: number;
};

export type SeedResult = {
  customers: number;
  users: number;
  invoices: number;
  lineItems: number;
  disputes: number;
};

/** Invoices per statement: whole columns travel as one array parameter each (bulk-load.ts). */
const BATCH = 10_000;
/** From this many invoices the seed drops the secondary indexes and builds them after the load. */
const DEFERRED_INDEXES_FROM = 100_000;

type ColumnSpec<T> = ReadonlyArray<readonly [name: string, type: string, key: keyof T]>;

type InvoiceInsert = ReturnType<typeof invoiceRow> & { id: number };
const INVOICE_COLUMNS: ColumnSpec<InvoiceInsert> = [
  ['id', 'int', 'id'],
  ['tenant_id', 'int', 'tenantId'],
  ['customer_id', 'int', 'customerId'],
  ['cust_no', 'text', 'custNo'],
  ['inv_no', 'text', 'invNo'],
  ['tran_id', 'text', 'tranId'],
  ['status', 'text', 'status'],
  ['invoice_date', 'date', 'invoiceDate'],
  ['due_date', 'date', 'dueDate'],
  ['tran_currency_code', 'text', 'tranCurrencyCode'],
  ['amount', 'numeric', 'amount'],
  ['balance', 'numeric', 'balance'],
  ['tran_bal', 'numeric', 'tranBal'],
  ['tran_orig', 'numeric', 'tranOrig'],
  ['dispute_amount', 'numeric', 'disputeAmount'],
  ['paid_amount', 'numeric', 'paidAmount'],
  ['payment_pending', 'boolean', 'paymentPending'],
  ['payment_pending_amount', 'numeric', 'paymentPendingAmount'],
  ['promise', 'boolean', 'promise'],
  ['promised_amount', 'numeric', 'promisedAmount'],
  ['next_followup_date', 'date', 'nextFollowupDate'],
  ['po_number', 'text', 'poNumber'],
  ['terms', 'text', 'terms'],
  ['sales_rep', 'text', 'salesRep'],
  ['ship_via', 'text', 'shipVia'],
  ['ship_to', 'text', 'shipTo'],
  ['description', 'text', 'description'],
];

type LineInsert = GeneratedLine & { id: number; invoiceId: number };
const LINE_COLUMNS: ColumnSpec<LineInsert> = [
  ['id', 'int', 'id'],
  ['invoice_id', 'int', 'invoiceId'],
  ['line_no', 'int', 'lineNo'],
  ['item', 'text', 'item'],
  ['description', 'text', 'description'],
  ['qty_ship', 'numeric', 'qtyShip'],
  ['price', 'numeric', 'price'],
  ['ext', 'numeric', 'ext'],
];

type ExtendedInsert = { invoiceId: number; lineItemId: number; field: string; title: string; value: string };
const EXTENDED_COLUMNS: ColumnSpec<ExtendedInsert> = [
  ['invoice_id', 'int', 'invoiceId'],
  ['line_item_id', 'int', 'lineItemId'],
  ['field', 'text', 'field'],
  ['title', 'text', 'title'],
  ['value', 'text', 'value'],
];

function toColumns<T>(spec: ColumnSpec<T>, rows: readonly T[]): Column[] {
  return spec.map(([name, type, key]) => ({
    name,
    type,
    values: rows.map((row) => (row[key] ?? null) as Column['values'][number]),
  }));
}

/** Fills an empty database with the demo tenant, customers, users and invoices. */
export async function seedDemo(db: Db, options: SeedOptions): Promise<SeedResult> {
  const random = createRandom(options.seed);
  const log = options.log ?? (() => {});

  const [tenant] = await db
    .insert(tenants)
    .values({ ...DEMO_TENANT, isDefault: true })
    .returning({ id: tenants.id });
  if (!tenant) throw new Error('tenant insert returned nothing');
  await db.insert(currencies).values(DEMO_CURRENCIES).onConflictDoNothing();
  await db.insert(legalTemplates).values([
    { tenantId: tenant.id, type: 1, language: 'en', value: PRIVACY_POLICY.en },
    { tenantId: tenant.id, type: 1, language: 'fr', value: PRIVACY_POLICY.fr },
    // No terms of use: the login page hides that link, as the specification asks for an empty text.
  ]);

  const customerRows = await db
    .insert(customers)
    .values(
      DEMO_CUSTOMERS.map((customer, index) => {
        const collector = COLLECTORS[index % COLLECTORS.length]!;
        return {
          tenantId: tenant.id,
          custNo: customer.custNo,
          company: customer.company,
          currencies: customer.currencies,
          addressLine1: `${100 + index * 17} Commerce Street`,
          city: customer.city,
          postalCode: String(10000 + index * 731),
          country: customer.country,
          collectorName: collector.name,
          collectorEmail: collector.email,
          collectorPhone: collector.phone,
        };
      }),
    )
    .returning({
      id: customers.id,
      custNo: customers.custNo,
      currencies: customers.currencies,
      company: customers.company,
      city: customers.city,
    });
  const customerByNo = new Map(customerRows.map((row) => [row.custNo, row]));

  const passwordHash = await hashPassword(DEMO_PASSWORD);
  for (const demoUser of DEMO_USERS) {
    const { roles, customers: links, ...profile } = demoUser;
    const [user] = await db
      .insert(users)
      .values({ ...profile, tenantId: tenant.id, loginKey: loginKeyOf(profile.loginName), passwordHash })
      .returning({ id: users.id });
    if (!user) throw new Error('user insert returned nothing');
    if (roles.length > 0) await db.insert(userRoles).values(roles.map((role) => ({ userId: user.id, role })));
    await db.insert(userCustomers).values(
      links.map((link, position) => ({
        userId: user.id,
        customerId: customerByNo.get(link.custNo)!.id,
        defAccount: link.defAccount ?? false,
        position,
      })),
    );
  }

  await seedDemoContacts(db, { tenantId: tenant.id, customerByNo });
  await seedDemoPayments(db, {
    tenantId: tenant.id,
    currencies: DEMO_CURRENCIES.map((currency) => currency.code),
  });
  await seedDemoPaymentProfiles(db, { tenantId: tenant.id, today: options.today });

  // Each customer-currency pair gets invoices; a customer's first currency gets the most.
  const pairs = customerRows.flatMap((customer) =>
    customer.currencies.map((currencyCode, index) => ({
      customer,
      currencyCode,
      weight: index === 0 ? 3 : 1,
    })),
  );
  const weightTotal = pairs.reduce((sum, pair) => sum + pair.weight, 0);
  const todayEpochDay = epochDay(options.today);
  let lineItems = 0;

  // A large seed builds the secondary indexes and checks the foreign keys once at the end:
  // maintaining a dozen indexes (four of them trigram indexes) and looking up each line's invoice
  // row by row is most of the cost of a million-invoice load.
  const rebuildIndexes =
    options.invoices >= (options.deferIndexesFrom ?? DEFERRED_INDEXES_FROM)
      ? await withoutIndexesAndForeignKeys(db, ['invoices', 'invoice_line_items', 'invoice_extended_fields'])
      : undefined;
  let writing: Promise<void> = Promise.resolve();
  for (let start = 0; start < options.invoices; start += BATCH) {
    const count = Math.min(BATCH, options.invoices - start);
    const generated = Array.from({ length: count }, (_, offset) => {
      const pair = pickWeighted(pairs, random.next() * weightTotal);
      const invoice = generateInvoice(random, {
        sequence: start + offset + 1,
        currencyCode: pair.currencyCode,
        todayEpochDay,
        shipTo: `${pair.customer.company}, ${pair.customer.city}`,
      });
      return { pair, invoice };
    });
    const firstInvoiceId = await reserveIds(db, 'invoices', count);
    const rows = generated.map(({ pair, invoice }, index) => ({
      id: firstInvoiceId + index,
      ...invoiceRow(invoice, {
        tenantId: tenant.id,
        customerId: pair.customer.id,
        custNo: pair.customer.custNo,
      }),
    }));
    const lines = generated.flatMap(({ invoice }, index) =>
      invoice.lines.map((line) => ({ invoiceId: firstInvoiceId + index, ...line })),
    );
    const firstLineId = await reserveIds(db, 'invoice_line_items', lines.length);
    const lineRows = lines.map((line, index) => ({ id: firstLineId + index, ...line }));
    lineItems += lineRows.length;
    const extended = lineRows
      .filter((line) => line.item === 'MOT-075' || line.item === 'VLV-316')
      .map((line) => ({
        invoiceId: line.invoiceId,
        lineItemId: line.id,
        field: 'lotNumber',
        title: 'Lot number',
        value: `LOT-${line.id.toString(36).toUpperCase().padStart(6, '0')}`,
      }));
    // The database writes this batch while the next one is generated (ids are reserved, so
    // nothing is read back); one batch in flight at a time, its tables in parent-to-child order.
    await writing;
    writing = (async () => {
      await insertColumns(db, 'invoices', toColumns(INVOICE_COLUMNS, rows));
      await insertColumns(db, 'invoice_line_items', toColumns(LINE_COLUMNS, lineRows));
      await insertColumns(db, 'invoice_extended_fields', toColumns(EXTENDED_COLUMNS, extended));
    })();
    writing.catch(() => {});
    if (start + count === options.invoices || (start / BATCH) % 10 === 9) {
      log(`seeded ${start + count} of ${options.invoices} invoices`);
    }
  }
  await writing;
  if (rebuildIndexes) {
    const started = performance.now();
    await db.transaction(async (tx) => {
      // Index builds sort in memory rather than on disk at a million rows (the default is 64 MB).
      await tx.execute(sql`set local maintenance_work_mem = '256MB'`);
      await rebuildIndexes(tx);
    });
    log(
      `built the invoice indexes and checked their keys in ${((performance.now() - started) / 1000).toFixed(1)} s`,
    );
  }

  const disputeCount = await seedDemoDisputes(db, {
    tenantId: tenant.id,
    random,
    today: options.today,
    storage: options.storage,
    customerLevel: ['C10001', 'C10005'].flatMap((custNo) => customerByNo.get(custNo)?.id ?? []),
  });
  // Its own generator: the history does not shift what the seed makes of anything else.
  const paymentCount = await seedDemoPaymentHistory(db, {
    tenantId: tenant.id,
    random: createRandom(options.seed + 13),
    today: options.today,
  });
  log(`seeded ${paymentCount} payments of demo history`);
  await seedSsoDemoTenant(db, { seed: options.seed, today: options.today });
  await db.execute(sql`vacuum analyze`);
  return {
    customers: customerRows.length,
    users: DEMO_USERS.length,
    invoices: options.invoices,
    lineItems,
    disputes: disputeCount,
  };
}

/** The pair whose share of the total weight the ticket falls in. */
function pickWeighted<T extends { weight: number }>(items: readonly T[], ticket: number): T {
  let remaining = ticket;
  for (const item of items) {
    remaining -= item.weight;
    if (remaining < 0) return item;
  }
  return items[items.length - 1]!;
}
