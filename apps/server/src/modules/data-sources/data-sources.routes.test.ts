import { ErrorCode } from '@settle/shared/errors';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { expectError } from '../../test/expect-error';
import { buildCustomer, buildTenant, buildUser, TEST_PASSWORD } from '../../test/factories';
import { createTestApp, TestClient, type TestContext } from '../../test/test-app';

let context: TestContext;
let tenantId = 0;
let otherTenantId = 0;

beforeAll(async () => {
  context = await createTestApp({
    TEAM_SOURCE_URL: 'https://crm.example.com/teams',
    PORTFOLIO_SOURCE_URL: '/portfolios',
  });
  tenantId = (
    await buildTenant(context.database.db, {
      isDefault: true,
      appHeaderName: 'Acme AR',
      phoneMask: '## ## ## ## ##',
    })
  ).id;
  otherTenantId = (await buildTenant(context.database.db, { guid: 'other-tenant', ssoEnabled: true })).id;
});
afterAll(() => context.close());

let prefixes = 0;
/** A prefix no other test's customers start with, so that each test sees only what it built. */
const freshPrefix = () => `Q${String.fromCharCode(65 + prefixes++)}`;

/** A user linked to the customers given, signed in. */
async function userOf(customers: Array<{ id: number }>) {
  const user = await buildUser(context.database.db, tenantId, { customers });
  const client = new TestClient(context);
  expect((await client.signIn(user.loginName, TEST_PASSWORD)).statusCode).toBe(200);
  return client;
}

const customer = (values: { custNo: string; company: string }, tenant = tenantId) =>
  buildCustomer(context.database.db, tenant, values);

describe('GET /data/', () => {
  it("answers the tenant's public facts and the sources' addresses, to anyone", async () => {
    const response = await context.app.inject({ url: `${context.api}/data/` });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      tenant: {
        solutionInstanceGuid: expect.any(String),
        appHeaderName: 'Acme AR',
        ssoEnabled: false,
        languages: ['en', 'fr'],
        defaultLanguage: 'en',
        phoneMask: '## ## ## ## ##',
      },
      sources: {
        customer: `${context.api}/data/customers`,
        team: 'https://crm.example.com/teams',
        portfolio: '/portfolios',
      },
    });
    expect(response.headers['set-cookie']).toBeUndefined();
  });

  it('answers the tenant named by solutionInstanceGuid, and 404 for an unknown one', async () => {
    const other = await context.app.inject({ url: `${context.api}/data/?solutionInstanceGuid=other-tenant` });
    expect(other.json().tenant).toMatchObject({ solutionInstanceGuid: 'other-tenant', ssoEnabled: true });
    expectError(
      await context.app.inject({ url: `${context.api}/data/?solutionInstanceGuid=nope` }),
      404,
      ErrorCode.NOT_FOUND,
    );
  });

  it('names no team or portfolio source when none is configured', async () => {
    const plain = await createTestApp();
    try {
      await buildTenant(plain.database.db, { isDefault: true });
      const body = (await plain.app.inject({ url: `${plain.api}/data/` })).json();
      expect(body.sources).toEqual({ customer: `${plain.api}/data/customers` });
      const script = (await plain.app.inject({ url: `${plain.api}/config.js` })).body;
      expect(script).toContain(`"dataSources":{"customer":"${plain.api}/data/customers"}`);
    } finally {
      await plain.close();
    }
  });
});

describe('the OpenAPI document', () => {
  it('describes the data path, the customer source and the method override', async () => {
    await context.app.ready();
    const document = context.app.swagger() as {
      info: { description: string };
      paths: Record<string, { get?: { description?: string } }>;
    };
    expect(document.paths['/data/']?.get?.description).toContain(
      'Nothing about users, customers or invoices',
    );
    expect(document.paths['/data/customers']?.get?.description).toContain('never answered');
    expect(document.info.description).toContain('X-HTTP-Method-Override');
  });
});

describe('GET /data/customers', () => {
  it("answers the user's own customers whose number or company starts with the text, any case", async () => {
    const prefix = freshPrefix();
    const byNumber = await customer({ custNo: `${prefix}100`, company: 'Northwind' });
    const byCompany = await customer({ custNo: 'N-77', company: `${prefix.toLowerCase()}uasar Ltd` });
    const neither = await customer({ custNo: `X${prefix}`, company: `Not ${prefix}` });
    const client = await userOf([byNumber, byCompany, neither]);

    const response = await client.get(`/data/customers?startsWith=${prefix.toLowerCase()}`);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({
      items: [
        { value: `${prefix}100`, label: `Northwind (${prefix}100)` },
        { value: 'N-77', label: `${prefix.toLowerCase()}uasar Ltd (N-77)` },
      ],
      page: 1,
      pageSize: 20,
      total: 2,
    });
  });

  it('never answers a customer the user is not linked to, in this tenant or another', async () => {
    const prefix = freshPrefix();
    const own = await customer({ custNo: `${prefix}1`, company: `${prefix} Own` });
    const colleaguesOfAnother = await customer({ custNo: `${prefix}2`, company: `${prefix} Another` });
    const elsewhere = await customer(
      { custNo: `${prefix}3`, company: `${prefix} Other tenant` },
      otherTenantId,
    );
    const client = await userOf([own]);
    const another = await userOf([colleaguesOfAnother]);
    const otherTenantUser = await buildUser(context.database.db, otherTenantId, { customers: [elsewhere] });
    const otherTenant = new TestClient(context);
    await otherTenant.get('/config.js?solutionInstanceGuid=other-tenant');
    const signIn = await otherTenant.post('/auth/login?solutionInstanceGuid=other-tenant', {
      loginName: otherTenantUser.loginName,
      password: TEST_PASSWORD,
    });
    expect(signIn.statusCode, signIn.body).toBe(200);

    expect((await client.get(`/data/customers?startsWith=${prefix}`)).json().items).toEqual([
      { value: `${prefix}1`, label: `${prefix} Own (${prefix}1)` },
    ]);
    expect((await another.get(`/data/customers?startsWith=${prefix}`)).json().items).toEqual([
      { value: `${prefix}2`, label: `${prefix} Another (${prefix}2)` },
    ]);
    expect((await otherTenant.get(`/data/customers?startsWith=${prefix}`)).json().items).toEqual([
      { value: `${prefix}3`, label: `${prefix} Other tenant (${prefix}3)` },
    ]);
  });

  it('pages by company, with the count of every match', async () => {
    const prefix = freshPrefix();
    const built = [];
    for (const letter of ['E', 'B', 'D', 'A', 'C']) {
      built.push(await customer({ custNo: `${prefix}-${letter}`, company: `${prefix} ${letter}` }));
    }
    const client = await userOf(built);

    const second = (await client.get(`/data/customers?startsWith=${prefix}&page=2&pageSize=2`)).json();
    expect(second).toMatchObject({ page: 2, pageSize: 2, total: 5 });
    expect(second.items.map((item: { value: string }) => item.value)).toEqual([`${prefix}-C`, `${prefix}-D`]);
    const last = (await client.get(`/data/customers?startsWith=${prefix}&page=3&pageSize=2`)).json();
    expect(last.items.map((item: { value: string }) => item.value)).toEqual([`${prefix}-E`]);
  });

  it('lists every linked customer for an empty text, and takes % and _ literally', async () => {
    const prefix = freshPrefix();
    const plain = await customer({ custNo: `${prefix}7`, company: 'Plain' });
    const percent = await customer({ custNo: `${prefix}8`, company: '100% Steel' });
    const client = await userOf([plain, percent]);

    expect((await client.get('/data/customers')).json().total).toBe(2);
    const literal = (await client.get(`/data/customers?startsWith=${encodeURIComponent('100%')}`)).json();
    expect(literal.items).toEqual([{ value: `${prefix}8`, label: `100% Steel (${prefix}8)` }]);
    expect((await client.get('/data/customers?startsWith=_')).json().total).toBe(0);
  });

  it('refuses a bad page size with a clear message, and a caller who is not signed in', async () => {
    const client = await userOf([await customer({ custNo: `${freshPrefix()}1`, company: 'Any' })]);
    const body = expectError(
      await client.get('/data/customers?pageSize=500'),
      400,
      ErrorCode.VALIDATION_FAILED,
    );
    expect(body.message).toBe('querystring.pageSize: pageSize is at most 100');
    expectError(
      await context.app.inject({ url: `${context.api}/data/customers?startsWith=C` }),
      401,
      ErrorCode.UNAUTHENTICATED,
    );
  });

  it('has prefix indexes the planner can use for the number and the company', async () => {
    const { db } = context.database;
    for (const [column, index] of [
      ['cust_no', 'customers_cust_no_prefix'],
      ['company', 'customers_company_prefix'],
    ]) {
      // Forbidding sequential scans shows whether an index can answer the prefix at all (on a tiny table the planner would not bother).
      const plan = await db.transaction(async (tx) => {
        await tx.execute(sql`set local enable_seqscan = off`);
        const result = await tx.execute(
          sql.raw(`explain select id from customers where lower(${column}) like 'qa%'`),
        );
        return (result as unknown as { rows: Array<Record<string, string>> }).rows;
      });
      expect(plan.map((row) => Object.values(row)[0]).join('\n')).toContain(index);
    }
  });
});
