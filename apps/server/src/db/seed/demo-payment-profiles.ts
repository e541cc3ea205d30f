import { and, eq } from 'drizzle-orm';
import { testCardToken } from '../../adapters/payments/sandbox/sandbox-test-cards';
import type { Db } from '../client';
import { customers } from '../schema/customers';
import { paymentProfiles } from '../schema/payment-profiles';
import { users } from '../schema/users';

/**
 * demo.full's saved profiles (issue 13): an expired card, a debit card and a bank account on C10001.
 * The cards carry the sandbox's test-card tokens, which every sandbox knows from its first start, so
 * the debit card pays in one click right after `npm start` on a new machine (the expired one shows
 * the expiry rules). The bank account is demo data, kept masked only (no number to seal).
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
      token: testCardToken('4242424242424242'),
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
      token: testCardToken('4000056655665556'),
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
