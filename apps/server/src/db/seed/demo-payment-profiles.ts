import { and, eq } from 'drizzle-orm';
import type { Db } from '../client';
import { customers } from '../schema/customers';
import { paymentProfiles } from '../schema/payment-profiles';
import { users } from '../schema/users';

/**
 * demo.full's saved profiles (issue 13): an expired card, a debit card and a bank account on C10001.
 * The cards' tokens are not known to a freshly started sandbox provider, so they show how the lists
 * and the expiry rules look; a card saved through the sandbox page is the one that pays. The bank
 * account is demo data, kept masked only (no number to seal).
 */
export async function seedDemoPaymentProfiles(db: Db, options: { tenantId: number; today: Date }) {
  const [owner] = await db
    .select({ userId: users.id, customerId: customers.id, custNo: customers.custNo })
    .from(users)
    .innerJoin(customers, eq(customers.tenantId, users.tenantId))
    .where(
      and(
        eq(users.tenantId, options.tenantId),
        eq(users.loginName, 'demo.full'),
        eq(customers.custNo, 'C10001'),
      ),
    );
  if (!owner) return;
  const year = options.today.getUTCFullYear();
  const base = { tenantId: options.tenantId, ...owner };
  await db.insert(paymentProfiles).values([
    {
      ...base,
      profileType: 'CREDIT_CARD',
      aliasName: 'Old corporate card',
      token: 'demo_card_expired',
      provider: 'sandbox',
      cardType: 'Visa',
      lastDigits: '4242',
      cardHolderName: 'Alex Morgan',
      expiryMonth: 1,
      expiryYear: year - 1,
    },
    {
      ...base,
      profileType: 'DEBIT_CARD',
      aliasName: 'Operations debit',
      token: 'demo_debit_card',
      provider: 'sandbox',
      cardType: 'Visa',
      lastDigits: '5556',
      cardHolderName: 'Alex Morgan',
      expiryMonth: 9,
      expiryYear: year + 3,
    },
    {
      ...base,
      profileType: 'ECHECK',
      aliasName: 'Main checking',
      accountMasked: '********6789',
      routingNum: '021000021',
      accountType: 'Checking',
      name: 'Acme Industrial',
    },
  ]);
}
