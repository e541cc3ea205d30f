import { CAPTCHA_ID_HEADER } from '@settle/shared/account-setup';
import { desc, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { courierMessages } from '../../db/schema/access';
import { customerContacts } from '../../db/schema/contacts';
import type { TestClient, TestContext } from '../../test/test-app';

/** The origin the tests configure, so that links can be read from the emails. */
export const TEST_ORIGIN = 'https://portal.example.com';

let sequence = 0;

export async function buildContact(
  db: Db,
  customerId: number,
  overrides: Partial<typeof customerContacts.$inferInsert> = {},
) {
  sequence += 1;
  const [contact] = await db
    .insert(customerContacts)
    .values({
      customerId,
      firstName: 'Robin',
      lastName: `Contact ${sequence}`,
      email: `robin.${sequence}@example.com`,
      ...overrides,
    })
    .returning();
  return contact!;
}

/** A fresh captcha picture's (or sound's) id and its answer, read where the development aid keeps it. */
export async function solveCaptcha(client: TestClient, kind: 'picture' | 'audio' = 'picture') {
  const picture = await client.get(kind === 'audio' ? '/resource/captcha/audio' : '/resource/captcha');
  const captchaId = picture.headers[CAPTCHA_ID_HEADER] as string;
  const captchaAnswer = (await client.get(`/dev/captcha/${captchaId}`)).json().answer as string;
  return { captchaId, captchaAnswer };
}

/** The newest email to an address, as the outbox stored it. */
export async function latestEmail(context: TestContext, recipient: string) {
  const [email] = await context.database.db
    .select()
    .from(courierMessages)
    .where(eq(courierMessages.recipient, recipient))
    .orderBy(desc(courierMessages.id))
    .limit(1);
  return email;
}

/** The query of the emailed link to a page (/activation or /resetPassword). */
export function linkIn(body: string, page: 'activation' | 'resetPassword') {
  const match = new RegExp(`${TEST_ORIGIN}/${page}\\?(\\S+)`).exec(body);
  if (!match) throw new Error(`no ${page} link in: ${body}`);
  const query = new URLSearchParams(match[1]);
  return {
    encryptedCompanyId: query.get('companyId')!,
    activationCode: query.get('code')!,
    namedUser: query.get('namedUser')!,
  };
}

/** A sealed value with one character changed in its middle: a damaged or forged link. */
export function tamper(sealed: string): string {
  const index = Math.floor(sealed.length / 2);
  const replacement = sealed[index] === 'A' ? 'B' : 'A';
  return `${sealed.slice(0, index)}${replacement}${sealed.slice(index + 1)}`;
}
