import { loginKeyOf } from '@settle/shared/rules/login-name';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../client';
import { customerContacts } from '../schema/contacts';
import { users } from '../schema/users';

export type DemoContact = {
  custNo: string;
  firstName: string;
  lastName: string;
  email: string;
  /** The demo user this contact registered as; unset for contacts still to register. */
  registeredAs?: string;
};

/**
 * People the provider invites to the portal. The unregistered ones are the registration
 * demo: `npm run admin -- registration-link C10003` prints their links, and the server logs
 * the first one when it seeds the demo data.
 */
export const DEMO_CONTACTS: DemoContact[] = [
  {
    custNo: 'C10003',
    firstName: 'Camille',
    lastName: 'Martin',
    email: 'camille.martin@chateau-verde.example',
  },
  { custNo: 'C10001', firstName: 'Riley', lastName: 'Chen', email: 'riley.chen@acme-industrial.example' },
  { custNo: 'C10006', firstName: 'Emma', lastName: 'Clarke', email: 'emma.clarke@harbour-finch.example' },
  { custNo: 'C10007', firstName: 'Noah', lastName: 'Fischer', email: 'noah.fischer@nordlicht.example' },
  {
    custNo: 'C10003',
    firstName: 'Camille',
    lastName: 'Dubois',
    email: 'camille.dubois@chateau-verde.example',
    registeredAs: 'demo.single',
  },
];

export async function seedDemoContacts(
  db: Db,
  options: { tenantId: number; customerByNo: Map<string, { id: number }> },
): Promise<void> {
  for (const contact of DEMO_CONTACTS) {
    const [user] = contact.registeredAs
      ? await db
          .select({ id: users.id })
          .from(users)
          .where(
            and(eq(users.tenantId, options.tenantId), eq(users.loginKey, loginKeyOf(contact.registeredAs))),
          )
      : [];
    await db.insert(customerContacts).values({
      customerId: options.customerByNo.get(contact.custNo)!.id,
      firstName: contact.firstName,
      lastName: contact.lastName,
      email: contact.email,
      userId: user?.id ?? null,
    });
  }
}
