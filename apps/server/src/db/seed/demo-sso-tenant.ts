import { FULL_ACCESS_PRIVILEGES } from '@settle/shared/privileges';
import { loginKeyOf } from '@settle/shared/rules/login-name';
import type { Db } from '../client';
import { customers } from '../schema/customers';
import { invoiceLineItems, invoices } from '../schema/invoices';
import { tenants } from '../schema/tenants';
import { userCustomers, userRoles, users } from '../schema/users';
import { epochDay, generateInvoice, invoiceRow } from './generate-invoices';
import { createRandom } from './random';

/**
 * A second tenant that signs in with single sign-on only, reached at
 * /login?solutionInstanceGuid=sso-demo. Its one user signs in at the OpenID provider as
 * `demo.sso`; the default tenant and its users stay exactly as they are.
 */
export const SSO_DEMO_TENANT = {
  guid: 'sso-demo',
  name: 'Settle SSO demo',
  appHeaderName: 'Settle SSO demo',
  ssoEnabled: true,
};

export const SSO_DEMO_LOGIN = 'demo.sso';

/** The person behind demo.sso, the same at the demo OpenID provider (dev/demo-sso.ts). */
export const SSO_DEMO_PERSON = {
  firstName: 'Robin',
  lastName: 'Okafor',
  email: 'robin.okafor@lakeside-optics.example',
};

/** Not an argon2 hash, so no password ever matches it: this user signs in at the provider. */
export const UNUSABLE_PASSWORD_HASH = 'sso-only: no password';

const CUSTOMER = {
  custNo: 'C20001',
  company: 'Lakeside Optics Co.',
  currencies: ['USD'],
  addressLine1: '42 Harbor Drive',
  city: 'Duluth',
  postalCode: '55802',
  country: 'US',
  collectorName: 'Dana Whitfield',
  collectorEmail: 'dana.whitfield@northwind-ar.example',
  collectorPhone: '+1 216 555 0142',
};

const INVOICES = 24;
/** Sequence numbers far from the default tenant's, so the two tenants' invoice numbers never look alike. */
const FIRST_SEQUENCE = 900_001;

export async function seedSsoDemoTenant(db: Db, options: { seed: number; today: Date }): Promise<void> {
  const random = createRandom(options.seed + 1);
  const [tenant] = await db.insert(tenants).values(SSO_DEMO_TENANT).returning({ id: tenants.id });
  if (!tenant) throw new Error('tenant insert returned nothing');
  const [customer] = await db
    .insert(customers)
    .values({ ...CUSTOMER, tenantId: tenant.id })
    .returning({ id: customers.id });
  const [user] = await db
    .insert(users)
    .values({
      tenantId: tenant.id,
      loginName: SSO_DEMO_LOGIN,
      loginKey: loginKeyOf(SSO_DEMO_LOGIN),
      passwordHash: UNUSABLE_PASSWORD_HASH,
      ...SSO_DEMO_PERSON,
    })
    .returning({ id: users.id });
  if (!customer || !user) throw new Error('customer or user insert returned nothing');
  await db.insert(userRoles).values(FULL_ACCESS_PRIVILEGES.map((role) => ({ userId: user.id, role })));
  await db.insert(userCustomers).values({ userId: user.id, customerId: customer.id, defAccount: true });

  const todayEpochDay = epochDay(options.today);
  const generated = Array.from({ length: INVOICES }, (_, index) =>
    generateInvoice(random, {
      sequence: FIRST_SEQUENCE + index,
      currencyCode: 'USD',
      todayEpochDay,
      shipTo: `${CUSTOMER.company}, ${CUSTOMER.city}`,
    }),
  );
  const inserted = await db
    .insert(invoices)
    .values(
      generated.map((invoice) =>
        invoiceRow(invoice, { tenantId: tenant.id, customerId: customer.id, custNo: CUSTOMER.custNo }),
      ),
    )
    .returning({ id: invoices.id });
  await db
    .insert(invoiceLineItems)
    .values(
      generated.flatMap((invoice, index) =>
        invoice.lines.map((line) => ({ invoiceId: inserted[index]!.id, ...line })),
      ),
    );
}
