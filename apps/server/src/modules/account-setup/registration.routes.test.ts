import { ACCOUNT_SETUP_MESSAGES } from '@settle/shared/account-setup';
import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { accountTokens, captchaChallenges, courierMessages } from '../../db/schema/access';
import { customerContacts } from '../../db/schema/contacts';
import { userCustomers, userRoles, users } from '../../db/schema/users';
import { expectError } from '../../test/expect-error';
import { buildCustomer, buildTenant, buildUser } from '../../test/factories';
import { outboxEvents } from '../../test/outbox-events';
import { TestClient } from '../../test/test-app';
import { hashAccountCode } from '../auth/account-tokens';
import { type AuthTestContext, createAuthTestApp } from '../auth/auth-test-support';
import {
  buildContact,
  latestEmail,
  linkIn,
  solveCaptcha,
  TEST_ORIGIN,
  tamper,
} from './account-setup-test-support';
import { SELF_REGISTERED_ROLES } from './registration.service';

let context: AuthTestContext;
let tenantId: number;
let customer: { id: number; custNo: string };
let otherCustomer: { id: number };

beforeAll(async () => {
  context = await createAuthTestApp({ PUBLIC_ORIGIN: TEST_ORIGIN });
  const { db } = context.database;
  const tenant = await buildTenant(db, {
    isDefault: true,
    appHeaderName: 'Acme Portal',
    phoneMask: '(###) ###-####',
  });
  tenantId = tenant.id;
  customer = await buildCustomer(db, tenant.id, {
    company: 'Château Verde SARL',
    phoneMask: '## ## ## ## ##',
  });
  otherCustomer = await buildCustomer(db, tenant.id, { company: 'Other Company' });
});
afterAll(() => context.close());

const seal = (purpose: 'companyId' | 'contactId', id: number) =>
  context.app.services.sealer.seal(purpose, String(id));

async function client() {
  const created = new TestClient(context);
  await created.get('/config.js');
  return created;
}

/** A registration of a new contact of `customer`, with a solved captcha. */
async function prepareRegistration(overrides: Record<string, unknown> = {}) {
  const contact = await buildContact(context.database.db, customer.id, {
    firstName: 'Camille',
    lastName: 'Martin',
  });
  const caller = await client();
  const body = {
    encryptedCompanyId: seal('companyId', customer.id),
    contactId: seal('contactId', contact.id),
    address: contact.email,
    smsAreaCode: '+33',
    smsPhone: '6 12 34 56 78',
    preferredLanguage: 'en',
    ...(await solveCaptcha(caller)),
    ...overrides,
  };
  return { contact, caller, body };
}

async function userByLogin(loginName: string) {
  const [user] = await context.database.db
    .select()
    .from(users)
    .where(eq(users.loginKey, loginName.toUpperCase()));
  return user;
}

async function tableCounts() {
  const { db } = context.database;
  const [userRows] = await db.select({ n: count() }).from(users);
  const [tokenRows] = await db.select({ n: count() }).from(accountTokens);
  const [messageRows] = await db.select({ n: count() }).from(courierMessages);
  return { users: userRows!.n, tokens: tokenRows!.n, messages: messageRows!.n };
}

async function captchaExists(id: string) {
  const rows = await context.database.db.select().from(captchaChallenges).where(eq(captchaChallenges.id, id));
  return rows.length === 1;
}

describe('GET /user/registration', () => {
  it("answers the company, the contact and the company's phone mask", async () => {
    const contact = await buildContact(context.database.db, customer.id, {
      firstName: 'Camille',
      lastName: 'Martin',
      email: 'camille.martin@chateau-verde.example',
    });
    const caller = await client();
    const query = new URLSearchParams({
      companyId: seal('companyId', customer.id),
      contactId: seal('contactId', contact.id),
    });
    const response = await caller.get(`/user/registration?${query}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      company: 'Château Verde SARL',
      custNo: customer.custNo,
      firstName: 'Camille',
      lastName: 'Martin',
      address: 'camille.martin@chateau-verde.example',
      companyDefMask: '## ## ## ## ##',
    });
  });

  it("falls back to the tenant's mask when the company has none", async () => {
    const contact = await buildContact(context.database.db, otherCustomer.id);
    const query = new URLSearchParams({
      companyId: seal('companyId', otherCustomer.id),
      contactId: seal('contactId', contact.id),
    });
    const response = await (await client()).get(`/user/registration?${query}`);
    expect(response.json().companyDefMask).toBe('(###) ###-####');
  });

  it('refuses a changed value, a value sealed for another purpose, and a contact of another company', async () => {
    const contact = await buildContact(context.database.db, customer.id);
    const caller = await client();
    const companyId = seal('companyId', customer.id);
    const contactId = seal('contactId', contact.id);
    for (const [label, query] of [
      ['changed companyId', { companyId: tamper(companyId), contactId }],
      ['changed contactId', { companyId, contactId: tamper(contactId) }],
      [
        'swapped purposes',
        { companyId: seal('contactId', customer.id), contactId: seal('companyId', contact.id) },
      ],
      ['another company', { companyId: seal('companyId', otherCustomer.id), contactId }],
      ['unknown contact', { companyId, contactId: seal('contactId', 999_999) }],
      ['not a number', { companyId: context.app.services.sealer.seal('companyId', 'C10001'), contactId }],
    ] as const) {
      const response = await caller.get(`/user/registration?${new URLSearchParams(query)}`);
      expect(response.statusCode, label).toBe(400);
      expect(response.json(), label).toEqual({
        statusCode: 400,
        code: 'INVALID_LINK',
        message:
          'This link is damaged or was changed. Open the link from your email again, or ask for a new one.',
      });
    }
  });

  it('refuses a link without its parameters with field messages', async () => {
    const response = await (await client()).get('/user/registration?companyId=');
    expectError(response, 400, 'VALIDATION_FAILED');
    expect(response.json().fieldErrors).toEqual(
      expect.arrayContaining([
        { field: 'querystring.companyId', message: ACCOUNT_SETUP_MESSAGES.linkRequired },
        { field: 'querystring.contactId', message: expect.any(String) },
      ]),
    );
  });
});

describe('POST /user/registration', () => {
  it('creates the waiting user, links it to the company and the contact, then emails the activation link', async () => {
    const { contact, caller, body } = await prepareRegistration({
      address: 'Camille.Martin@Chateau-Verde.example',
    });
    const response = await caller.post('/user/registration', body);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'REGISTRATION_EMAIL_SENT' });

    const user = await userByLogin('camille.martin@chateau-verde.example');
    expect(user).toMatchObject({
      tenantId,
      loginName: 'Camille.Martin@Chateau-Verde.example',
      loginKey: 'CAMILLE.MARTIN@CHATEAU-VERDE.EXAMPLE',
      email: 'Camille.Martin@Chateau-Verde.example',
      firstName: 'Camille',
      lastName: 'Martin',
      language: 'en',
      locale: 'en_US',
      localeForFormatting: 'en-US',
      smsAreaCode: '+33',
      smsPhone: '6 12 34 56 78',
      pinPolicy: 'NONE',
      active: false,
      activatedAt: null,
    });
    expect(user!.passwordHash).toMatch(/^\$argon2id\$/);
    const roles = await context.database.db.select().from(userRoles).where(eq(userRoles.userId, user!.id));
    expect(roles.map((row) => row.role).sort()).toEqual([...SELF_REGISTERED_ROLES].sort());
    const links = await context.database.db
      .select()
      .from(userCustomers)
      .where(eq(userCustomers.userId, user!.id));
    expect(links).toEqual([
      { userId: user!.id, customerId: customer.id, defAccount: true, position: 0, approver: false },
    ]);
    const [claimed] = await context.database.db
      .select()
      .from(customerContacts)
      .where(eq(customerContacts.id, contact.id));
    expect(claimed!.userId).toBe(user!.id);
    expect(await captchaExists(body.captchaId)).toBe(false);
    // The provider hears of it through the events outbox, written with the user.
    const events = await outboxEvents(context.database.db, tenantId, 'user.registered');
    expect(events.filter((event) => event.data.userId === String(user!.id))).toEqual([
      {
        type: 'user.registered',
        data: expect.objectContaining({
          custNo: customer.custNo,
          loginName: 'Camille.Martin@Chateau-Verde.example',
          by: 'Camille Martin',
        }),
      },
    ]);

    // The email goes after the answer.
    expect(await latestEmail(context, user!.email)).toBeUndefined();
    await context.drain();
    const email = await latestEmail(context, user!.email);
    expect(email).toMatchObject({
      channel: 'email',
      subject: 'Acme Portal: activate your account',
      status: 'sent',
    });
    expect(email!.body).toMatch(
      /^Hello Camille,\n\nYou registered for Acme Portal as a contact of Château Verde SARL\./,
    );
    expect(email!.body).toContain('expires in 72 hours');
    const link = linkIn(email!.body, 'activation');
    const { sealer } = context.app.services;
    expect(sealer.open('companyId', link.encryptedCompanyId)).toBe(String(customer.id));
    expect(sealer.open('namedUser', link.namedUser)).toBe('Camille.Martin@Chateau-Verde.example');
    const [token] = await context.database.db
      .select()
      .from(accountTokens)
      .where(eq(accountTokens.codeHash, hashAccountCode(link.activationCode)));
    expect(token).toMatchObject({ userId: user!.id, purpose: 'activation', usedAt: null });
    expect(token!.expiresAt.getTime() - token!.createdAt.getTime()).toBe(72 * 3_600_000);
  });

  it('writes to a French registrant in French, with French locales, and texts the mobile phone when no SMS phone is given', async () => {
    const { caller, body } = await prepareRegistration({
      address: 'louise@chateau-verde.example',
      preferredLanguage: 'fr',
      smsPhone: '',
      mobilePhone: '06 98 76 54 32',
    });
    expect((await caller.post('/user/registration', body)).statusCode).toBe(200);
    const user = await userByLogin('louise@chateau-verde.example');
    expect(user).toMatchObject({
      language: 'fr',
      locale: 'fr_FR',
      localeForFormatting: 'fr-FR',
      smsPhone: '06 98 76 54 32',
    });
    await context.drain();
    const email = await latestEmail(context, 'louise@chateau-verde.example');
    expect(email!.subject).toBe('Acme Portal : activez votre compte');
    expect(email!.body).toMatch(/^Bonjour Camille,\n\nVotre inscription à Acme Portal/);
    expect(email!.body).toContain(`${TEST_ORIGIN}/activation?companyId=`);
  });

  it('refuses changed link values with INVALID_LINK, keeps the captcha for another try and changes nothing', async () => {
    const { contact, caller, body } = await prepareRegistration();
    const before = await tableCounts();
    for (const changed of [
      { encryptedCompanyId: tamper(body.encryptedCompanyId) },
      { contactId: tamper(body.contactId) },
      { encryptedCompanyId: seal('companyId', otherCustomer.id) },
    ]) {
      const response = await caller.post('/user/registration', { ...body, ...changed });
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('INVALID_LINK');
    }
    await context.drain();
    expect(await tableCounts()).toEqual(before);
    expect(await captchaExists(body.captchaId)).toBe(true);
    const [unclaimed] = await context.database.db
      .select()
      .from(customerContacts)
      .where(eq(customerContacts.id, contact.id));
    expect(unclaimed!.userId).toBeNull();
  });

  it('refuses a wrong captcha answer with a field message; the picture is then used up', async () => {
    const { caller, body } = await prepareRegistration();
    const wrong = body.captchaAnswer.startsWith('A')
      ? `B${body.captchaAnswer.slice(1)}`
      : `A${body.captchaAnswer.slice(1)}`;
    const before = await tableCounts();
    const response = await caller.post('/user/registration', { ...body, captchaAnswer: wrong });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({
      statusCode: 400,
      code: 'CAPTCHA_WRONG',
      message: ACCOUNT_SETUP_MESSAGES.captchaWrong,
      fieldErrors: [{ field: 'body.captchaAnswer', message: ACCOUNT_SETUP_MESSAGES.captchaWrong }],
    });
    // The right answer no longer helps: each picture is checked once.
    const retry = await caller.post('/user/registration', body);
    expect(retry.json().code).toBe('CAPTCHA_WRONG');
    expect(await tableCounts()).toEqual(before);
    // A new picture works.
    const fresh = await caller.post('/user/registration', { ...body, ...(await solveCaptcha(caller)) });
    expect(fresh.json()).toEqual({ message: 'REGISTRATION_EMAIL_SENT' });
  });

  it('registers with the audio alternative, checked once like a picture', async () => {
    const { caller, body } = await prepareRegistration();
    const sound = await solveCaptcha(caller, 'audio');
    expect(sound.captchaAnswer).toMatch(/^[1-6]{5}$/);
    const wrong = await caller.post('/user/registration', { ...body, ...sound, captchaAnswer: '00000' });
    expect(wrong.json().code).toBe('CAPTCHA_WRONG');
    // Used up by the wrong try: the right numbers no longer help, a new sound does.
    expect((await caller.post('/user/registration', { ...body, ...sound })).json().code).toBe(
      'CAPTCHA_WRONG',
    );
    const fresh = await caller.post('/user/registration', {
      ...body,
      ...(await solveCaptcha(caller, 'audio')),
    });
    expect(fresh.json()).toEqual({ message: 'REGISTRATION_EMAIL_SENT' });
    expect(await userByLogin(body.address as string)).toBeDefined();
  });

  it('refuses a captcha already used by a successful registration', async () => {
    const first = await prepareRegistration();
    expect((await first.caller.post('/user/registration', first.body)).statusCode).toBe(200);
    const second = await prepareRegistration({
      captchaId: first.body.captchaId,
      captchaAnswer: first.body.captchaAnswer,
    });
    const response = await second.caller.post('/user/registration', second.body);
    expect(response.json().code).toBe('CAPTCHA_WRONG');
    expect(await userByLogin(second.body.address as string)).toBeUndefined();
  });

  it('refuses an address another user signs in with (406 LOGIN_NAME_TAKEN), whatever its case', async () => {
    await buildUser(context.database.db, tenantId, { loginName: 'taken@example.com' });
    const { contact, caller, body } = await prepareRegistration({ address: 'TAKEN@example.com' });
    const before = await tableCounts();
    const response = await caller.post('/user/registration', body);
    expect(response.statusCode).toBe(406);
    expect(response.json()).toEqual({
      statusCode: 406,
      code: 'LOGIN_NAME_TAKEN',
      message: 'A user with this email address already exists. Sign in, or use another address.',
    });
    expect(await tableCounts()).toEqual(before);
    const [unclaimed] = await context.database.db
      .select()
      .from(customerContacts)
      .where(eq(customerContacts.id, contact.id));
    expect(unclaimed!.userId).toBeNull();
  });

  it('refuses a contact that registered already (406), but sends a new link when the same address waits for activation', async () => {
    const { caller, body } = await prepareRegistration();
    expect((await caller.post('/user/registration', body)).statusCode).toBe(200);
    await context.drain();
    const firstLink = linkIn((await latestEmail(context, body.address as string))!.body, 'activation');

    const again = await caller.post('/user/registration', { ...body, ...(await solveCaptcha(caller)) });
    expect(again.json()).toEqual({ message: 'REGISTRATION_EMAIL_SENT' });
    // At most one activation email a minute: this one is skipped.
    await context.drain();
    expect(linkIn((await latestEmail(context, body.address as string))!.body, 'activation')).toEqual(
      firstLink,
    );

    const otherAddress = await caller.post('/user/registration', {
      ...body,
      address: 'someone.else@example.com',
      ...(await solveCaptcha(caller)),
    });
    expect(otherAddress.statusCode).toBe(406);
    expect(otherAddress.json()).toEqual({
      statusCode: 406,
      code: 'CONTACT_ALREADY_REGISTERED',
      message: 'This contact has already registered. Check your email for the activation link, or sign in.',
    });
    expect(await userByLogin('someone.else@example.com')).toBeUndefined();
  });

  it('refuses a contact whose account is active, on the page and on the form', async () => {
    const user = await buildUser(context.database.db, tenantId, {
      loginName: 'active.contact@example.com',
      customers: [{ id: customer.id }],
    });
    const contact = await buildContact(context.database.db, customer.id, {
      userId: user.id,
      email: user.loginName,
    });
    const caller = await client();
    const link = { companyId: seal('companyId', customer.id), contactId: seal('contactId', contact.id) };
    const page = await caller.get(`/user/registration?${new URLSearchParams(link)}`);
    expect(page.statusCode).toBe(406);
    expect(page.json().code).toBe('CONTACT_ALREADY_REGISTERED');
    const response = await caller.post('/user/registration', {
      encryptedCompanyId: link.companyId,
      contactId: link.contactId,
      address: user.loginName,
      ...(await solveCaptcha(caller)),
    });
    expect(response.statusCode).toBe(406);
    expect(response.json().code).toBe('CONTACT_ALREADY_REGISTERED');
  });

  it('answers field messages for a bad address, phone and missing captcha, and changes nothing', async () => {
    const { caller, body } = await prepareRegistration();
    const before = await tableCounts();
    const response = await caller.post('/user/registration', {
      ...body,
      address: 'not-an-address',
      smsPhone: '<script>',
      captchaAnswer: ' ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(response.json().fieldErrors).toEqual(
      expect.arrayContaining([
        { field: 'body.address', message: ACCOUNT_SETUP_MESSAGES.addressInvalid },
        { field: 'body.smsPhone', message: 'These characters are not allowed: > < % " \' ; =' },
        { field: 'body.captchaAnswer', message: ACCOUNT_SETUP_MESSAGES.captchaRequired },
      ]),
    );
    expect(await tableCounts()).toEqual(before);
    expect(await captchaExists(body.captchaId)).toBe(true);
  });

  it('needs the CSRF header like every state-changing call', async () => {
    const { caller, body } = await prepareRegistration();
    const response = await caller.request({
      method: 'POST',
      url: '/user/registration',
      payload: body,
      csrf: false,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('CSRF_REJECTED');
  });
});
