import { HELP_TOPICS } from '@settle/shared/help';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../../test/expect-error';
import { buildCustomer, buildTenant, buildUser, TEST_PASSWORD } from '../../test/factories';
import { createTestApp, TestClient, type TestContext } from '../../test/test-app';

let context: TestContext;
let loginName = '';

beforeAll(async () => {
  context = await createTestApp();
  const { db } = context.database;
  const tenant = await buildTenant(db, { isDefault: true });
  const customer = await buildCustomer(db, tenant.id);
  loginName = (await buildUser(db, tenant.id, { customers: [{ id: customer.id }] })).loginName;
});
afterAll(() => context.close());

async function signedInClient() {
  const client = new TestClient(context);
  expect((await client.signIn(loginName, TEST_PASSWORD)).statusCode).toBe(200);
  return client;
}

describe('GET /help/:topic', () => {
  it('answers the English topic with its sections and the whole index for a signed-in user', async () => {
    const client = await signedInClient();
    const response = await client.get('/help/invoices?language=en');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toMatch(/^application\/json/);
    const body = response.json();
    expect(body).toMatchObject({ language: 'en', topic: 'invoices', title: 'Invoices' });
    expect(body.sections.map((section: { heading: string }) => section.heading)).toContain(
      'Export and print the list',
    );
    expect(JSON.stringify(body.sections)).toContain('**Excel (all)**');
    expect(body.topics.map((link: { topic: string }) => link.topic)).toEqual([...HELP_TOPICS]);
    expect(body.topics[0]).toEqual({ topic: 'index', title: 'Overview' });
  });

  it('answers the French help set, typeset, for French and its regional variants', async () => {
    const client = await signedInClient();
    for (const language of ['fr', 'fr-CA', 'FR_be']) {
      const body = (await client.get(`/help/promise-to-pay?language=${language}`)).json();
      expect(body.language).toBe('fr');
      expect(body.title).toBe('Promesse de paiement');
      expect(body.topics.find((link: { topic: string }) => link.topic === 'payment-cart').title).toBe(
        'Panier de paiement',
      );
      // No-break spaces before the colon, as French typography wants.
      expect(JSON.stringify(body.sections)).toContain('Choisissez la **Date de relance**\u00a0:');
    }
  });

  it('falls back to English for any other language, and when none is given', async () => {
    const client = await signedInClient();
    for (const query of ['?language=de', '?language=pt-BR', '']) {
      const body = (await client.get(`/help/home${query}`)).json();
      expect(body).toMatchObject({ language: 'en', topic: 'home', title: 'Home' });
    }
  });

  it('answers 404 for a topic that does not exist, signed in or not', async () => {
    const client = await signedInClient();
    const response = await client.get('/help/payroll?language=en');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({
      code: 'NOT_FOUND',
      message: 'Help topic “payroll” was not found.',
    });
    const anonymous = expectError(await new TestClient(context).get('/help/payroll'), 404, 'NOT_FOUND');
    expect(anonymous.message).toBe('Help topic “payroll” was not found.');
  });

  it('refuses a signed-in topic without a session, with the reason', async () => {
    const response = await new TestClient(context).get('/help/invoices?language=en');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    expect(response.body).not.toContain('Export and print');
  });

  it('ends with the session: after sign-out the same client is refused', async () => {
    const client = await signedInClient();
    expect((await client.get('/help/accounts')).statusCode).toBe(200);
    await client.get('/auth/logout');
    const refused = await client.get('/help/accounts');
    expectError(refused, 401, 'UNAUTHENTICATED');
    expect(refused.body).not.toContain('"title"');
  });

  it('serves the sign-in topic without a session, with an index of the public topics only', async () => {
    const body = (await new TestClient(context).get('/help/sign-in?language=fr')).json();
    expect(body).toMatchObject({ language: 'fr', topic: 'sign-in', title: 'Se connecter' });
    expect(body.topics).toEqual([{ topic: 'sign-in', title: 'Se connecter' }]);
    expect(body.sections.length).toBeGreaterThan(3);
  });

  it('refuses a language that is not a language tag, with a clear message', async () => {
    const response = await new TestClient(context).get('/help/sign-in?language=%3Cscript%3E');
    expectError(response, 400, 'VALIDATION_FAILED');
    expect(response.json().message).toMatch(/language tag/);
  });
});
