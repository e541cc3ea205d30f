import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCommand } from '../../admin/command-list';
import { expectError } from '../../test/expect-error';
import { buildCustomer, buildTenant, buildUser } from '../../test/factories';
import { TestClient } from '../../test/test-app';
import { type AuthTestContext, createAuthTestApp, recordQueries } from '../auth/auth-test-support';
import { buildContact, TEST_ORIGIN, tamper } from './account-setup-test-support';

let context: AuthTestContext;
let customerId: number;
let contactIds: number[];

beforeAll(async () => {
  context = await createAuthTestApp({ PUBLIC_ORIGIN: TEST_ORIGIN });
  const { db } = context.database;
  const tenant = await buildTenant(db, { isDefault: true, phoneMask: '(###) ###-####' });
  const masked = await buildCustomer(db, tenant.id, {
    custNo: 'C20001',
    company: 'Masked SA',
    phoneMask: '## ## ## ## ##',
  });
  const plain = await buildCustomer(db, tenant.id, { custNo: 'C20002', company: 'Plain Inc.' });
  customerId = masked.id;
  await buildUser(db, tenant.id, {
    loginName: 'masked.user',
    customers: [{ id: plain.id }, { id: masked.id, defAccount: true }],
  });
  await buildUser(db, tenant.id, { loginName: 'plain.user', customers: [{ id: plain.id }] });
  const registered = await buildUser(db, tenant.id, {
    loginName: 'camille@masked.example',
    customers: [{ id: masked.id }],
  });
  contactIds = [
    (await buildContact(db, masked.id, { firstName: 'Ana', lastName: 'Lopez', email: 'ana@masked.example' }))
      .id,
    (await buildContact(db, masked.id, { firstName: 'Ben', lastName: 'Okafor', email: 'ben@masked.example' }))
      .id,
    (
      await buildContact(db, masked.id, {
        firstName: 'Camille',
        lastName: 'Roy',
        email: 'camille@masked.example',
        userId: registered.id,
      })
    ).id,
  ];
});
afterAll(() => context.close());

async function client() {
  const created = new TestClient(context);
  await created.get('/config.js');
  return created;
}

function postName(caller: TestClient, loginName: string) {
  return caller.request({
    method: 'POST',
    url: '/auth/companyDefMask',
    payload: JSON.stringify(loginName),
    headers: { 'content-type': 'application/json' },
  });
}

describe('GET /trUtils/decrypt/{encrypt}', () => {
  it('answers the login name of a sealed namedUser, and INVALID_LINK for anything else', async () => {
    const { sealer } = context.app.services;
    const caller = await client();
    const sealed = sealer.seal('namedUser', 'Pat.Doe@example.com');
    expect((await caller.get(`/trUtils/decrypt/${sealed}`)).json()).toEqual({ value: 'Pat.Doe@example.com' });
    // Long addresses make long sealed values: they fit in the path too.
    const long = `${'a'.repeat(64)}@${'b'.repeat(63)}.example.com`;
    const sealedLong = sealer.seal('namedUser', long);
    expect(sealedLong.length).toBeGreaterThan(180);
    expect((await caller.get(`/trUtils/decrypt/${sealedLong}`)).json()).toEqual({ value: long });
    for (const other of [tamper(sealed), sealer.seal('companyId', '12'), 'plain-text', 'a'.repeat(2048)]) {
      const response = await caller.get(`/trUtils/decrypt/${other}`);
      expect(response.statusCode).toBe(400);
      expect(response.json().code).toBe('INVALID_LINK');
    }
  });
});

describe('POST /auth/companyDefMask', () => {
  it("answers the default company's mask, else the tenant's, in one shape", async () => {
    const caller = await client();
    expect((await postName(caller, 'MASKED.USER')).json()).toEqual({ companyDefMask: '## ## ## ## ##' });
    expect((await postName(caller, 'plain.user')).json()).toEqual({ companyDefMask: '(###) ###-####' });
    expect((await caller.post('/auth/companyDefMask', { loginName: 'masked.user' })).json()).toEqual({
      companyDefMask: '## ## ## ## ##',
    });
  });

  it("answers an unknown login with the tenant's mask after the same queries", async () => {
    const caller = await client();
    const known = await recordQueries(context, async () => {
      expect((await postName(caller, 'plain.user')).json()).toEqual({ companyDefMask: '(###) ###-####' });
    });
    const unknown = await recordQueries(context, async () => {
      expect((await postName(caller, 'nobody.here')).json()).toEqual({ companyDefMask: '(###) ###-####' });
    });
    expect(known.length).toBeGreaterThanOrEqual(2);
    expect(unknown).toEqual(known);
  });

  it('refuses an empty login name with a field message', async () => {
    const response = await postName(await client(), ' ');
    expectError(response, 400, 'VALIDATION_FAILED');
    expect(response.json().fieldErrors).toEqual([{ field: 'body', message: 'Enter your login name' }]);
  });
});

describe('registration links for operators', () => {
  it('prints the link of each unregistered contact, sealed for this instance', async () => {
    const context_ = { db: context.database.db, services: context.app.services };
    const output = await runAdminCommand(context_, 'registration-link', 'c20001');
    const lines = output.split('\n');
    expect(lines).toHaveLength(6);
    expect(lines[0]).toBe('C20001 Masked SA: Ana Lopez <ana@masked.example>');
    expect(lines[4]).toBe('C20001 Masked SA: Camille Roy <camille@masked.example>');
    expect(lines[5]).toBe('  already registered as camille@masked.example');
    const url = new URL(lines[1]!.trim());
    expect(url.origin + url.pathname).toBe(`${TEST_ORIGIN}/registration`);
    const { sealer } = context.app.services;
    expect(sealer.open('companyId', url.searchParams.get('companyId')!)).toBe(String(customerId));
    expect(sealer.open('contactId', url.searchParams.get('contactId')!)).toBe(String(contactIds[0]));

    // The printed link opens the registration page's context.
    const page = await (await client()).get(`/user/registration${url.search}`);
    expect(page.json()).toMatchObject({
      company: 'Masked SA',
      firstName: 'Ana',
      address: 'ana@masked.example',
    });

    const one = await runAdminCommand(context_, 'registration-link', 'C20001 BEN@masked.example');
    expect(one.split('\n')[0]).toBe('C20001 Masked SA: Ben Okafor <ben@masked.example>');
    expect(one.split('\n')).toHaveLength(2);
  });

  it('says what is wrong with the arguments', async () => {
    const context_ = { db: context.database.db, services: context.app.services };
    await expect(runAdminCommand(context_, 'registration-link', undefined)).rejects.toThrow(
      'Usage: npm run admin -- registration-link <custNo> [contactEmail]',
    );
    await expect(runAdminCommand(context_, 'registration-link', 'C99999')).rejects.toThrow(
      'No customer C99999 with contacts was found',
    );
    await expect(runAdminCommand(context_, 'registration-link', 'C20001 zed@example.com')).rejects.toThrow(
      'No contact of C20001 has the email zed@example.com',
    );
  });

  it('lists the same links on the development route, and names the first open contact for the start-up log', async () => {
    const response = await (await client()).get('/dev/registrationLinks?custNo=C20001');
    expect(response.statusCode).toBe(200);
    const links = response.json();
    expect(links.map((link: { firstName: string }) => link.firstName)).toEqual(['Ana', 'Ben', 'Camille']);
    expect(links[0].url).toMatch(
      new RegExp(`^${TEST_ORIGIN}/registration\\?companyId=[\\w-]+&contactId=[\\w-]+$`),
    );
    expect(links[2]).toMatchObject({ registeredAs: 'camille@masked.example', url: null });
    const hint = await context.app.services.accountSetup.demoRegistrationLink();
    expect(hint).toMatch(new RegExp(`^Ana Lopez \\(C20001\\) ${TEST_ORIGIN}/registration\\?companyId=`));
  });
});
