import { ErrorCode } from '@settle/shared/errors';
import { PHONE_MESSAGES } from '@settle/shared/rules/phone';
import { PROFILE_MESSAGES, UserProfileErrorCode } from '@settle/shared/user-profile';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/users';
import { expectError } from '../../test/expect-error';
import { buildCustomer, buildTenant, buildUser, TEST_PASSWORD } from '../../test/factories';
import { createTestApp, TestClient, type TestContext } from '../../test/test-app';

let context: TestContext;
let tenantId = 0;

beforeAll(async () => {
  context = await createTestApp();
  tenantId = (await buildTenant(context.database.db, { isDefault: true, phoneMask: '(###) ###-####' })).id;
});
afterAll(() => context.close());

async function newUser(customerOverrides: Parameters<typeof buildCustomer>[2] = {}) {
  const { db } = context.database;
  const customer = await buildCustomer(db, tenantId, customerOverrides);
  const user = await buildUser(db, tenantId, {
    customers: [{ id: customer.id }],
    overrides: { email: 'ada@example.test', smsAreaCode: '+1', smsPhone: '5551234567' },
  });
  const client = new TestClient(context);
  expect((await client.signIn(user.loginName, TEST_PASSWORD)).statusCode).toBe(200);
  return { customer, user, client };
}

const base = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  locale: 'fr_CA',
  preferredLanguage: 'fr',
  timezone: 'America/Toronto',
  smsAreaCode: '+1',
  smsPhone: '(514) 555-0101',
};

async function storedUser(id: number) {
  const [row] = await context.database.db.select().from(users).where(eq(users.id, id));
  return row!;
}

describe('GET /user/profile', () => {
  it("answers the user's own fields and the current company's phone mask", async () => {
    const { client, user } = await newUser({ phoneMask: '##-##-##-##-##' });
    const response = await client.get('/user/profile');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      loginName: user.loginName,
      firstName: 'Test',
      lastName: user.lastName,
      locale: 'en_US',
      localeForFormatting: 'en-US',
      preferredLanguage: 'en',
      timezone: 'America/New_York',
      smsAreaCode: '+1',
      smsPhone: '5551234567',
      companyDefMask: '##-##-##-##-##',
    });
  });

  it("falls back to the tenant's mask when the company has none", async () => {
    const { client } = await newUser();
    expect((await client.get('/user/profile')).json().companyDefMask).toBe('(###) ###-####');
  });

  it('answers 401 without a session', async () => {
    expectError(await new TestClient(context).get('/user/profile'), 401, ErrorCode.UNAUTHENTICATED);
  });
});

describe('PUT /user/profile', () => {
  it('saves names, locale, language, time zone and phone, and the formatting locale follows the locale', async () => {
    const { client, user } = await newUser();
    const response = await client.put('/user/profile', base);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({
      ...base,
      localeForFormatting: 'fr-CA',
      passwordChanged: false,
      endedSessions: 0,
    });
    const stored = await storedUser(user.id);
    expect(stored).toMatchObject({
      firstName: 'Ada',
      lastName: 'Lovelace',
      locale: 'fr_CA',
      localeForFormatting: 'fr-CA',
      language: 'fr',
      timezone: 'America/Toronto',
      smsPhone: '(514) 555-0101',
    });
    // The next sign-in's user data carries the new language and formats.
    const again = new TestClient(context);
    const signIn = (await again.signIn(user.loginName, TEST_PASSWORD)).json();
    expect(signIn).toMatchObject({
      language: 'fr',
      locale: 'fr_CA',
      localeForFormatting: 'fr-CA',
      fullName: 'Ada Lovelace',
    });
  });

  it.each([
    [
      { currentPswd: 'x' },
      ['currentPswd', 'newPswd', 'confirmPswd'].slice(1),
      PROFILE_MESSAGES.passwordIncomplete,
    ],
    [{ newPswd: 'new-password-1' }, ['currentPswd', 'confirmPswd'], PROFILE_MESSAGES.passwordIncomplete],
    [{ confirmPswd: 'new-password-1' }, ['currentPswd', 'newPswd'], PROFILE_MESSAGES.passwordIncomplete],
    [
      { currentPswd: TEST_PASSWORD, newPswd: 'short', confirmPswd: 'short' },
      ['newPswd'],
      PROFILE_MESSAGES.passwordLength,
    ],
    [
      { currentPswd: TEST_PASSWORD, newPswd: 'a'.repeat(21), confirmPswd: 'a'.repeat(21) },
      ['newPswd'],
      PROFILE_MESSAGES.passwordLength,
    ],
    [
      { currentPswd: TEST_PASSWORD, newPswd: 'new-password-1', confirmPswd: 'new-password-2' },
      ['confirmPswd'],
      PROFILE_MESSAGES.passwordMismatch,
    ],
  ])(
    'refuses the password fields %j with 400 field messages and changes nothing',
    async (fields, paths, message) => {
      const { client, user } = await newUser();
      const before = await storedUser(user.id);
      const body = expectError(
        await client.put('/user/profile', { ...base, ...fields }),
        400,
        ErrorCode.VALIDATION_FAILED,
      );
      expect(body.fieldErrors).toEqual(paths.map((path) => ({ field: `body.${path}`, message })));
      expect(await storedUser(user.id)).toEqual(before);
    },
  );

  it.each([
    [{ smsPhone: '555<script>' }, 'body.smsPhone', PHONE_MESSAGES.forbiddenCharacters],
    [{ smsPhone: '1'.repeat(36) }, 'body.smsPhone', PHONE_MESSAGES.mobilePhoneTooLong],
    [{ smsAreaCode: '1'.repeat(21) }, 'body.smsAreaCode', PHONE_MESSAGES.areaCodeTooLong],
    [{ smsAreaCode: '+1;' }, 'body.smsAreaCode', PHONE_MESSAGES.forbiddenCharacters],
    [{ firstName: '  ' }, 'body.firstName', PROFILE_MESSAGES.nameRequired],
    [{ locale: 'xx_YY' }, 'body.locale', PROFILE_MESSAGES.localeUnknown],
    [{ timezone: 'Mars/Olympus' }, 'body.timezone', PROFILE_MESSAGES.timezoneUnknown],
  ])('refuses %j with a field message and changes nothing', async (fields, field, message) => {
    const { client, user } = await newUser();
    const before = await storedUser(user.id);
    const body = expectError(
      await client.put('/user/profile', { ...base, ...fields }),
      400,
      ErrorCode.VALIDATION_FAILED,
    );
    expect(body.fieldErrors).toContainEqual({ field, message });
    expect(await storedUser(user.id)).toEqual(before);
  });

  it('accepts empty phone fields (both may be empty)', async () => {
    const { client, user } = await newUser();
    const response = await client.put('/user/profile', { ...base, smsAreaCode: '', smsPhone: '' });
    expect(response.statusCode, response.body).toBe(200);
    expect(await storedUser(user.id)).toMatchObject({ smsAreaCode: '', smsPhone: '' });
  });

  it('answers 406 CURRENT_PASSWORD_WRONG for a wrong current password and saves nothing, not even the names', async () => {
    const { client, user } = await newUser();
    const before = await storedUser(user.id);
    const body = expectError(
      await client.put('/user/profile', {
        ...base,
        currentPswd: 'not-the-password',
        newPswd: 'new-password-1',
        confirmPswd: 'new-password-1',
      }),
      406,
      UserProfileErrorCode.CURRENT_PASSWORD_WRONG,
    );
    expect(body.fieldErrors).toEqual([{ field: 'body.currentPswd', message: body.message }]);
    expect(await storedUser(user.id)).toEqual(before);
  });

  it('answers 406 PASSWORD_UNCHANGED when the new password is the current one', async () => {
    const { client } = await newUser();
    expectError(
      await client.put('/user/profile', {
        ...base,
        currentPswd: TEST_PASSWORD,
        newPswd: TEST_PASSWORD,
        confirmPswd: TEST_PASSWORD,
      }),
      406,
      UserProfileErrorCode.PASSWORD_UNCHANGED,
    );
  });

  it("changes the password, keeps this session, ends the user's other sessions, and the new password signs in", async () => {
    const { client, user } = await newUser();
    const elsewhere = new TestClient(context);
    expect((await elsewhere.signIn(user.loginName, TEST_PASSWORD)).statusCode).toBe(200);
    const other = await newUser();

    const response = await client.put('/user/profile', {
      ...base,
      currentPswd: TEST_PASSWORD,
      newPswd: 'new-password-1',
      confirmPswd: 'new-password-1',
    });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toMatchObject({ passwordChanged: true, endedSessions: 1 });

    expect((await client.get('/user/profile')).statusCode).toBe(200);
    expectError(await elsewhere.get('/user/profile'), 401, ErrorCode.UNAUTHENTICATED);
    // Another user's session is untouched.
    expect((await other.client.get('/user/profile')).statusCode).toBe(200);

    expectError(
      await new TestClient(context).signIn(user.loginName, TEST_PASSWORD),
      401,
      ErrorCode.INVALID_CREDENTIALS,
    );
    expect((await new TestClient(context).signIn(user.loginName, 'new-password-1')).statusCode).toBe(200);
  });
});

describe('GET /location/*', () => {
  it('lists the locales and the time zones, the user default among them', async () => {
    const { client } = await newUser();
    const locales = (await client.get('/location/locales')).json();
    expect(locales).toContainEqual({ code: 'fr_CA', name: 'Français (Canada)' });
    const zones = (await client.get('/location/timeZones')).json();
    expect(zones).toEqual(expect.arrayContaining(['America/New_York', 'Europe/Paris', 'UTC']));
  });

  it("answers the contact with the current customer's address", async () => {
    const { client, user, customer } = await newUser({
      company: 'Château Verde SARL',
      addressLine1: '1 rue du Port',
      city: 'Marseille',
      postalCode: '13002',
      country: 'FR',
    });
    expect((await client.get('/location/address/contact')).json()).toEqual({
      firstName: 'Test',
      lastName: user.lastName,
      email: 'ada@example.test',
      company: 'Château Verde SARL',
      custNo: customer.custNo,
      addressLine1: '1 rue du Port',
      city: 'Marseille',
      postalCode: '13002',
      country: 'FR',
    });
  });
});
