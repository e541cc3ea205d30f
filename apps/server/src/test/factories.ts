import { fromMinorUnits, toMinorUnits } from '@settle/shared/money';
import { ALL_PRIVILEGES } from '@settle/shared/privileges';
import { loginKeyOf } from '@settle/shared/rules/login-name';
import type { Db } from '../db/client';
import { paymentCartLines, paymentCarts } from '../db/schema/carts';
import { customers } from '../db/schema/customers';
import { disputeReasonCodes } from '../db/schema/disputes';
import { invoiceLineItems, invoices } from '../db/schema/invoices';
import { currencies, legalTemplates, tenants } from '../db/schema/tenants';
import { userCustomers, userRoles, users } from '../db/schema/users';
import { hashPassword } from '../modules/auth/password';

let sequence = 0;
const next = () => ++sequence;

export const TEST_PASSWORD = 'Correct-horse-9';
let passwordHash: Promise<string> | undefined;

export async function buildTenant(db: Db, overrides: Partial<typeof tenants.$inferInsert> = {}) {
  const n = next();
  await db
    .insert(currencies)
    .values([
      { code: 'USD', symbol: '$', name: 'US Dollar' },
      { code: 'EUR', symbol: '€', name: 'Euro' },
      { code: 'GBP', symbol: '£', name: 'Pound Sterling' },
      { code: 'CAD', symbol: 'CA$', name: 'Canadian Dollar' },
    ])
    .onConflictDoNothing();
  const [tenant] = await db
    .insert(tenants)
    .values({
      guid: `tenant-${n}`,
      name: `Tenant ${n}`,
      appHeaderName: `Portal ${n}`,
      isDefault: n === 1,
      ...overrides,
    })
    .returning();
  return tenant!;
}

export async function buildLegalTemplate(db: Db, values: typeof legalTemplates.$inferInsert) {
  await db.insert(legalTemplates).values(values);
}

export async function buildCustomer(
  db: Db,
  tenantId: number,
  overrides: Partial<typeof customers.$inferInsert> = {},
) {
  const n = next();
  const [customer] = await db
    .insert(customers)
    .values({ tenantId, custNo: `C${9000 + n}`, company: `Company ${n}`, currencies: ['USD'], ...overrides })
    .returning();
  return customer!;
}

export async function buildUser(
  db: Db,
  tenantId: number,
  options: {
    loginName?: string;
    roles?: readonly string[];
    customers?: Array<{ id: number; defAccount?: boolean }>;
    overrides?: Partial<typeof users.$inferInsert>;
  } = {},
) {
  const n = next();
  const loginName = options.loginName ?? `user.${n}`;
  passwordHash ??= hashPassword(TEST_PASSWORD);
  const [user] = await db
    .insert(users)
    .values({
      tenantId,
      loginName,
      loginKey: loginKeyOf(loginName),
      passwordHash: await passwordHash,
      firstName: 'Test',
      lastName: `User ${n}`,
      ...options.overrides,
    })
    .returning();
  const roles = options.roles ?? ALL_PRIVILEGES;
  if (roles.length > 0) await db.insert(userRoles).values(roles.map((role) => ({ userId: user!.id, role })));
  const links = options.customers ?? [];
  if (links.length > 0) {
    await db.insert(userCustomers).values(
      links.map((link, position) => ({
        userId: user!.id,
        customerId: link.id,
        defAccount: link.defAccount ?? false,
        position,
      })),
    );
  }
  return user!;
}

export async function buildInvoice(
  db: Db,
  customer: { id: number; tenantId: number; custNo: string },
  overrides: Partial<typeof invoices.$inferInsert> = {},
) {
  const n = next();
  const amount = overrides.amount ?? '100.00';
  const paid = overrides.paidAmount ?? '0.00';
  const balance = overrides.balance ?? fromMinorUnits(toMinorUnits(amount) - toMinorUnits(paid));
  const [invoice] = await db
    .insert(invoices)
    .values({
      tenantId: customer.tenantId,
      customerId: customer.id,
      custNo: customer.custNo,
      invNo: `INV-T-${n}`,
      tranId: `TT${n}`,
      status: 'O',
      invoiceDate: '2026-10-01',
      dueDate: '2026-10-31',
      tranCurrencyCode: 'USD',
      amount,
      balance,
      tranBal: balance,
      tranOrig: amount,
      paidAmount: paid,
      ...overrides,
    })
    .returning();
  return invoice!;
}

/** Puts invoices in a user's payment cart for one customer and currency, as the cart's add does. */
export async function buildCartLines(
  db: Db,
  owner: { userId: number; customer: { id: number; tenantId: number }; currencyCode?: string },
  invoiceIds: readonly number[],
) {
  const [cart] = await db
    .insert(paymentCarts)
    .values({
      tenantId: owner.customer.tenantId,
      userId: owner.userId,
      customerId: owner.customer.id,
      currencyCode: owner.currencyCode ?? 'USD',
    })
    .onConflictDoUpdate({
      target: [paymentCarts.userId, paymentCarts.customerId, paymentCarts.currencyCode],
      set: { updatedAt: new Date() },
    })
    .returning();
  if (invoiceIds.length > 0) {
    await db
      .insert(paymentCartLines)
      .values(invoiceIds.map((invoiceId) => ({ cartId: cart!.id, invoiceId })));
  }
  return cart!;
}

/** Line items of an invoice, numbered from 1 in the order given: 2 of SKU-n at 12.50 unless told. */
export async function buildLineItems(
  db: Db,
  invoiceId: number,
  lines: ReadonlyArray<Partial<Omit<typeof invoiceLineItems.$inferInsert, 'invoiceId'>>>,
) {
  if (lines.length === 0) return [];
  return db
    .insert(invoiceLineItems)
    .values(
      lines.map((line, index) => ({
        invoiceId,
        lineNo: index + 1,
        item: `SKU-${index + 1}`,
        description: `Line ${index + 1}`,
        qtyShip: '2.000',
        price: '12.5000',
        ext: '25.00',
        ...line,
      })),
    )
    .returning();
}

/** The tenant's dispute reason codes: PRICE, DAMAGED and QTY unless told. */
export async function buildReasonCodes(
  db: Db,
  tenantId: number,
  codes: ReadonlyArray<{ code: string; description: string }> = [
    { code: 'PRICE', description: 'Price difference' },
    { code: 'DAMAGED', description: 'Damaged goods' },
    { code: 'QTY', description: 'Quantity short' },
  ],
) {
  await db
    .insert(disputeReasonCodes)
    .values(codes.map((code, position) => ({ tenantId, position, ...code })))
    .onConflictDoNothing();
}
