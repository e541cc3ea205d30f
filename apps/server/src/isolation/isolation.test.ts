import { randomBytes, randomUUID } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defaultDashboard } from '@settle/shared/dashboard';
import { sql } from 'drizzle-orm';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { Webhook } from 'standardwebhooks';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { sandboxSigningSecret } from '../adapters/payments/sandbox/sandbox-signing-secret';
import { buildApp } from '../app';
import { loadConfig } from '../config';
import { queryRows } from '../db/client';
import { userPasskeys } from '../db/schema/second-factors';
import { seedDemoPayments } from '../db/seed/demo-payments';
import { type LoopbackOidcProvider, startOidcProvider } from '../dev/oidc-provider';
import { buildContact, solveCaptcha } from '../modules/account-setup/account-setup-test-support';
import { type AuthTestContext, createAuthTestApp } from '../modules/auth/auth-test-support';
import { integrationClient } from '../modules/integration/integration-test-support';
import { insertApproval } from '../modules/payment-approvals/payment-approvals.repository';
import { buildPayment } from '../modules/payment-logs/payment-log-factories';
import { insertProfile } from '../modules/payment-profiles/payment-profiles.repository';
import { DEMO_TEST_CURRENCIES } from '../modules/payments/payments-test-support';
import {
  buildCartLines,
  buildCustomer,
  buildInvoice,
  buildReasonCodes,
  buildTenant,
  buildUser,
  TEST_PASSWORD,
} from '../test/factories';
import { multipartBody } from '../test/multipart';
import { type SignedInCustomer, signedInCustomer } from '../test/signed-in-customer';
import { TestClient, type TestContext, UNTHROTTLED } from '../test/test-app';
import type { AttackKit, Caller, CallerKind } from './isolation-calls';
import {
  ISOLATION_CASES,
  type IsolationCall,
  type Own,
  SEARCH_CRITERIA,
  type Victim,
} from './isolation-cases';

/**
 * Every route of the OpenAPI document, called by a signed-in user of one customer with the
 * identifiers of another customer of the same tenant and of a customer of another tenant:
 * nothing of theirs may be shown, and nothing of theirs may change. The cases are in
 * isolation-cases.ts, one entry per route; a route without one fails here.
 */

const ORIGIN = 'https://portal.example.com';
/** A single-sign-on tenant whose provider has accounts named like the victims (of other tenants). */
const SSO_GUID = 'sso-isolation';
const PORTAL = { clientId: 'settle-portal', clientSecret: 'settle-portal-secret-0123456789' };
const VICTIM_LOGINS = { neighbour: 'neighbour.victim', foreign: 'foreign.victim' } as const;
/** The victim tenant's webhook receiver: its address is the victim tenant's, never shown to another. */
const FOREIGN_HOOK = 'https://foreign-receiver.example.com/settle';

let context: AuthTestContext;
let provider: LoopbackOidcProvider;
let uploadDir: string;
let homeTenantId: number;
let attacker: SignedInCustomer;
let attackerKey: string;
let own: Own;
const victims: Victim[] = [];
/**
 * Texts only the victims' data holds, with the victim's tenant: none may appear in any answer to
 * the attacker (to the attacker tenant's API key, none of another tenant's).
 */
const markers: Array<{ text: string; tenantId: number }> = [];
let document: { paths: Record<string, Record<string, unknown>> };

async function buildVictim(options: {
  label: keyof typeof VICTIM_LOGINS;
  tenantId: number;
  guid: string;
  /** Set for a victim of another tenant than the attacker's: its tenant's integration key. */
  integration?: Awaited<ReturnType<typeof integrationClient>>;
}): Promise<Victim> {
  const { db } = context.database;
  const tag = `${options.label}-zq${Math.random().toString(36).slice(2, 7)}`;
  const smsPhone = `555${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
  const customer = await buildCustomer(db, options.tenantId, {
    custNo: `C-${tag}`.toUpperCase().slice(0, 20),
    company: `Company ${tag}`,
    currencies: ['USD', 'GBP'],
  });
  const user = await buildUser(db, options.tenantId, {
    loginName: VICTIM_LOGINS[options.label],
    customers: [{ id: customer.id }],
    overrides: { email: `${tag}@example.com`, smsPhone },
  });
  // A contact of the victim's customer who has not registered: the provider mailed them a registration link.
  const contact = await buildContact(db, customer.id, {
    lastName: `contact ${tag}`,
    email: `contact.${tag}@example.com`,
  });
  await buildReasonCodes(db, options.tenantId);
  const client = new TestClient(context);
  await client.get('/config.js');
  const signIn = await client.post(`/auth/login?solutionInstanceGuid=${options.guid}`, {
    loginName: user.loginName,
    password: TEST_PASSWORD,
  });
  expect(signIn.statusCode, signIn.body).toBe(200);
  const invoice = await buildInvoice(db, customer, {
    invNo: `INV-${tag}`,
    amount: '300.00',
    poNumber: `PO ${tag}`,
  });
  const upload = async (content: string) => {
    const response = await client.request({
      method: 'POST',
      url: '/upload/file',
      ...multipartBody([{ name: `${tag}.txt`, content }]),
    });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().files[0] as { uuid: string };
  };
  const attached = await upload(`file of ${tag}`);
  // Dispute numbers run per tenant from 1001: the other tenant's victim holds a number the attacker's
  // tenant has not given, so that a load naming it can only reach the victim's dispute.
  if (options.integration) {
    const earlier = await buildInvoice(db, customer, { invNo: `INV-E-${tag}`, amount: '40.00' });
    const first = await client.post('/dispute/0', {
      invNo: earlier.invNo,
      style: 'other',
      disputedAmount: '5.00',
      reasonCode: 'PRICE',
    });
    expect(first.statusCode, first.body).toBe(200);
  }
  const created = await client.post('/dispute/0', {
    invNo: invoice.invNo,
    style: 'other',
    disputedAmount: '50.00',
    reasonCode: 'PRICE',
    newNote: `note of ${tag}`,
    attachments: [attached.uuid],
  });
  expect(created.statusCode, created.body).toBe(200);
  const dispute = created.json() as { id: number; probNo: number };
  const shown = await client.get(`/dispute/${dispute.probNo}`);
  // The owner sees the marker texts: an answer that leaked them to the attacker would show them too.
  expect(shown.body).toContain(`note of ${tag}`);
  const detail = shown.json();
  const loose = await upload(`loose file of ${tag}`);
  const saved = await client.post('/search/saved', {
    grid: 'invoices',
    name: `search ${tag}`,
    criteria: SEARCH_CRITERIA,
    filter: 'amount gt 100',
  });
  expect(saved.statusCode, saved.body).toBe(200);
  await client.post('/invoices/columns', {
    allColumnPreference: [{ field: 'invNo', title: `title ${tag}`, order: 0, sort: null }],
  });
  const arranged = await client.put('/dashboard', defaultDashboard(`dashboard ${tag}`));
  expect(arranged.statusCode, arranged.body).toBe(200);
  const settled = await buildPayment(db, customer, {
    createdAt: new Date(Date.now() - 86_400_000),
    payerName: `payer ${tag}`,
    lines: [{ invoiceId: invoice.id, invNo: invoice.invNo, amount: '10.00' }],
  });
  const pending = await buildPayment(db, customer, {
    createdAt: new Date(),
    status: 'PENDING',
    amount: '20.00',
    payerName: `payer ${tag}`,
  });
  // A saved bank account (alias and holder as markers) and a card being saved at the provider (its reference).
  const bank = await client.post('/payment/add/', {
    profileType: 'ECHECK',
    custNo: customer.custNo,
    name: `holder ${tag}`,
    accountType: 'Checking',
    routingNum: '021000021',
    accountNum: '123456789',
    aliasName: `alias ${tag}`,
  });
  expect(bank.statusCode, bank.body).toBe(200);
  // An autopay rule paying with it: the attacker may neither change, remove nor read it.
  const autopay = await client.put(`/payment/autopay/rules/${customer.custNo}/USD`, {
    paymentProfileId: bank.json().paymentProfileId,
  });
  expect(autopay.statusCode, autopay.body).toBe(200);
  // A card the victim is saving at the provider (stored as the profiles service stores one before the
  // provider's page is done: the suite's app runs no provider).
  const cardReference = `SP-${tag}`;
  await insertProfile(db, {
    tenantId: options.tenantId,
    customerId: customer.id,
    custNo: customer.custNo,
    userId: user.id,
    profileType: 'CREDIT_CARD',
    status: 'PENDING',
    reference: cardReference,
    provider: 'sandbox',
  });
  // A cart of the victim's waiting for approval, paid with the saved bank account once approved.
  const approvalInvoice = await buildInvoice(db, customer, { invNo: `INV-A-${tag}`, amount: '2000.00' });
  const cart = await buildCartLines(db, { userId: user.id, customer }, [approvalInvoice.id]);
  const approval = await insertApproval(
    db,
    {
      tenantId: options.tenantId,
      customerId: customer.id,
      custNo: customer.custNo,
      currencyCode: 'USD',
      cartId: cart.id,
      requestedBy: user.id,
      requesterName: `requester ${tag}`,
      paymentType: 'ECHECK',
      paymentProfileId: bank.json().paymentProfileId,
      amount: '2000.00',
    },
    [{ invoiceId: approvalInvoice.id, invNo: approvalInvoice.invNo, amount: '2000.00' }],
  );

  const [passkey] = await db
    .insert(userPasskeys)
    .values({
      tenantId: options.tenantId,
      userId: user.id,
      credentialId: `cred-${tag}`,
      publicKey: 'AAAA',
      name: `passkey ${tag}`,
    })
    .returning({ id: userPasskeys.id });
  // Recovery codes (a passkey is on file), one of which the attacker will have read.
  const { recoveryCodes } = await context.app.services.secondFactors.regenerateRecoveryCodes(user.id);
  const integration = options.integration && (await integrationObjects(options.integration));
  const texts = [
    ...(options.integration ? [FOREIGN_HOOK] : []),
    `${tag}@example.com`,
    smsPhone,
    `contact ${tag}`,
    `requester ${tag}`,
    `passkey ${tag}`,
    `cred-${tag}`,
    `alias ${tag}`,
    `holder ${tag}`,
    `payer ${tag}`,
    `dashboard ${tag}`,
    `Company ${tag}`,
    `note of ${tag}`,
    `file of ${tag}`,
    `search ${tag}`,
    `title ${tag}`,
    `PO ${tag}`,
  ];
  markers.push(...texts.map((text) => ({ text, tenantId: options.tenantId })));
  return {
    label: options.label,
    customerId: customer.id,
    userId: user.id,
    invoiceId: invoice.id,
    tenantId: options.tenantId,
    tenantGuid: options.guid,
    custNo: customer.custNo,
    currencyCode: 'USD',
    loginName: user.loginName,
    email: `${tag}@example.com`,
    smsPhone,
    invNo: invoice.invNo,
    tranId: String(invoice.tranId),
    probNo: dispute.probNo,
    disputeId: dispute.id,
    attachmentId: detail.disputeAttachmentList[0].id,
    uploadUuid: loose.uuid,
    savedSearchId: saved.json().id,
    ownCurrencyOnly: 'GBP',
    paymentLogId: settled.id,
    pendingExtTranRefId: pending.extTranRefId,
    paymentProfileId: bank.json().paymentProfileId,
    cardReference,
    approvalId: approval.id,
    passkeyId: passkey!.id,
    credentialId: `cred-${tag}`,
    recoveryCode: recoveryCodes[0]!,
    contactId: contact.id,
    ...(integration ? { integration } : {}),
  };
}

/**
 * The victim tenant's own integration objects, made with its own key: its webhook subscription
 * (made before the victim's activity, so that each event left a delivery) and its NACHA file.
 */
async function integrationObjects(key: Awaited<ReturnType<typeof integrationClient>>) {
  const subscriptions = (await key.get('/webhooks')).json() as Array<{ id: number }>;
  const webhookId = subscriptions[0]!.id;
  const deliveries = (await key.get(`/webhooks/${webhookId}/deliveries`)).json() as Array<{ id: number }>;
  expect(deliveries.length).toBeGreaterThan(0);
  const file = await key.post('/nacha-files', { date: new Date().toISOString().slice(0, 10) });
  expect(file.statusCode, file.body).toBe(201);
  return { webhookId, deliveryId: deliveries[0]!.id, nachaFileId: file.json().id as number };
}

/**
 * Every row that belongs to the victims (by customer, user or invoice), table by table; the
 * messages sent to their addresses and phones; and every row of a victim's tenant when it is
 * not the attacker's (its keys, webhooks, deliveries, NACHA files, reason codes, settings…).
 */
async function victimsRows(): Promise<Record<string, unknown[]>> {
  const { db } = context.database;
  const columns = await queryRows<{ table_name: string; column_name: string }>(
    db,
    sql`select table_name, column_name from information_schema.columns
        where table_schema = 'public' and column_name in ('customer_id', 'user_id', 'invoice_id', 'tenant_id')`,
  );
  const ids = (pick: (victim: Victim) => number) => `{${victims.map(pick).join(',')}}`;
  const wanted: Record<string, string> = {
    customer_id: ids((victim) => victim.customerId),
    user_id: ids((victim) => victim.userId),
    invoice_id: ids((victim) => victim.invoiceId),
    tenant_id: `{${victims
      .filter((victim) => victim.tenantId !== homeTenantId)
      .map((victim) => victim.tenantId)
      .join(',')}}`,
  };
  const snapshot: Record<string, unknown[]> = {};
  for (const { table_name: table, column_name: column } of columns) {
    snapshot[`${table}.${column}`] = await queryRows(
      db,
      sql`select * from ${sql.identifier(table)} where ${sql.identifier(column)} = any(${wanted[column]}::int[]) order by 1`,
    );
  }
  snapshot['customers.id'] = await queryRows(
    db,
    sql`select * from customers where id = any(${wanted.customer_id}::int[]) order by id`,
  );
  snapshot['users.id'] = await queryRows(
    db,
    sql`select * from users where id = any(${wanted.user_id}::int[]) order by id`,
  );
  snapshot['courier_messages.recipient'] = await queryRows(
    db,
    sql`select * from courier_messages where recipient = any(${`{${victims
      .flatMap((victim) => [victim.email, victim.smsPhone])
      .join(',')}}`}::text[]) order by id`,
  );
  snapshot['webhook_deliveries.subscription_id'] = await queryRows(
    db,
    sql`select d.* from webhook_deliveries d join webhook_subscriptions s on s.id = d.subscription_id
        where s.tenant_id = any(${wanted.tenant_id}::int[]) order by d.id`,
  );
  return snapshot;
}

/** A snapshot without the tables a call changes by design. */
function without(snapshot: Record<string, unknown[]>, tables: string[]) {
  return Object.fromEntries(Object.entries(snapshot).filter(([key]) => !tables.includes(key.split('.')[0]!)));
}

beforeAll(async () => {
  uploadDir = mkdtempSync(path.join(tmpdir(), 'settle-isolation-'));
  provider = await startOidcProvider({
    clients: [{ ...PORTAL, redirectUris: [`${ORIGIN}/sso`] }],
    accounts: Object.values(VICTIM_LOGINS).map((login) => ({ login, password: `${login}-at-the-provider` })),
  });
  // Background work (the recovery emails) is held until drained: each call's effects are seen before the next.
  context = await createAuthTestApp({
    UPLOAD_DIR: uploadDir,
    PUBLIC_ORIGIN: ORIGIN,
    OIDC_ISSUER: provider.issuer,
    OIDC_CLIENT_ID: PORTAL.clientId,
    OIDC_CLIENT_SECRET: PORTAL.clientSecret,
  });
  const { db } = context.database;
  const home = await buildTenant(db, { isDefault: true });
  const other = await buildTenant(db);
  await buildTenant(db, { guid: SSO_GUID, ssoEnabled: true });
  homeTenantId = home.id;
  await buildReasonCodes(db, home.id);
  // Payments configured in both tenants: a refusal then comes from the customer check, not a missing set-up.
  for (const tenant of [home, other])
    await seedDemoPayments(db, { tenantId: tenant.id, currencies: DEMO_TEST_CURRENCIES });
  attacker = await signedInCustomer(context, home.id);
  attackerKey = (
    await integrationClient(context, home.id, [
      'ledger:write',
      'events:read',
      'webhooks:manage',
      'payments:read',
    ])
  ).key;
  own = await ownLinks();
  victims.push(await buildVictim({ label: 'neighbour', tenantId: home.id, guid: home.guid }));
  const foreignKey = await integrationClient(context, other.id, ['webhooks:manage', 'payments:read']);
  const subscribed = await foreignKey.post('/webhooks', { url: FOREIGN_HOOK, eventTypes: ['*'] });
  expect(subscribed.statusCode, subscribed.body).toBe(201);
  victims.push(
    await buildVictim({ label: 'foreign', tenantId: other.id, guid: other.guid, integration: foreignKey }),
  );
  await context.drain();
  document = (await context.app.inject({ url: `${context.api}/docs/json` })).json();
}, 60_000);
afterAll(async () => {
  await production?.close();
  await context.close();
  await provider.close();
  rmSync(uploadDir, { recursive: true, force: true });
});

/** The attacker's own invoice, an unregistered contact, and the codes mailed to two of its users. */
async function ownLinks(): Promise<Own> {
  const { db } = context.database;
  const { services } = context.app;
  const customer = attacker.customer;
  const contact = await buildContact(db, customer.id);
  const waiting = await buildUser(db, customer.tenantId, {
    loginName: 'attacker.waiting@example.com',
    customers: [{ id: customer.id }],
    overrides: { active: false, activatedAt: null },
  });
  const resetting = await buildUser(db, customer.tenantId, { customers: [{ id: customer.id }] });
  const issue = async (userId: number, purpose: 'activation' | 'reset') =>
    (await services.accountTokens.issue({ userId, purpose, ttlMinutes: 60 })).code;
  return {
    custNo: customer.custNo,
    invNo: (await attacker.invoice({ amount: '120.00' })).invNo,
    customerId: customer.id,
    contactId: contact.id,
    activationCode: await issue(waiting.id, 'activation'),
    resetCode: await issue(resetting.id, 'reset'),
  };
}

function routesOfDocument(): string[] {
  return Object.entries(document.paths).flatMap(([route, methods]) =>
    Object.keys(methods).map((method) => `${method.toUpperCase()} ${route}`),
  );
}

/** A browser before sign-in: the XSRF cookie of config.js, no session. */
async function browser(app: Pick<TestContext, 'app' | 'api'> = context) {
  const client = new TestClient(app as TestContext);
  await client.get('/config.js');
  return client;
}

/** A colleague of the attacker half signed in: password passed, SMS code pending; a passkey of their own. */
async function pendingSignIn() {
  const { db } = context.database;
  const colleague = await buildUser(db, homeTenantId, {
    customers: [{ id: attacker.customer.id }],
    overrides: { pinPolicy: 'SMS', smsPhone: '5550107777' },
  });
  await db.insert(userPasskeys).values({
    tenantId: homeTenantId,
    userId: colleague.id,
    credentialId: `attacker-cred-${colleague.id}`,
    publicKey: 'AAAA',
    name: 'Attacker key',
  });
  const client = await browser();
  const signIn = await client.post('/auth/login', {
    loginName: colleague.loginName,
    password: TEST_PASSWORD,
  });
  expect(signIn.json(), signIn.body).toMatchObject({ pinRequired: true });
  return client;
}

/** The integration API's client: the attacker tenant's key, no cookies and no CSRF. */
function apiKeyCaller(): Caller {
  return {
    request: ({ csrf: _csrf, ...options }) =>
      context.app.inject({
        ...options,
        url: `${context.api}${options.url}`,
        headers: { authorization: `Bearer ${attackerKey}`, ...(options.headers as Record<string, string>) },
      } as InjectOptions),
  };
}

/** The same database served as a production start serves it: no development aids. */
let production: FastifyInstance | undefined;
async function productionApp() {
  production ??= await buildApp(
    loadConfig({
      DATA_DIR: 'memory://',
      LOG_LEVEL: 'silent',
      NODE_ENV: 'test',
      DEV_OUTBOX: 'false',
      ...UNTHROTTLED,
    }),
    { database: context.database, logger: false },
  );
  return { app: production, api: context.api };
}

async function callerOf(kind: CallerKind): Promise<Caller> {
  switch (kind) {
    case 'session':
      return attacker.client;
    case 'anonymous':
      return browser();
    case 'pending':
      return pendingSignIn();
    case 'apiKey':
      return apiKeyCaller();
    case 'production':
      return browser(await productionApp());
  }
}

function kitFor(client: Caller): AttackKit {
  const { services } = context.app;
  const payments = context.config.payments;
  return {
    client,
    seal: (purpose, value) => services.sealer.seal(purpose, value),
    captcha: async () => solveCaptcha(await browser()),
    signOnAs: async (login) => {
      const started = await client.request({
        method: 'GET',
        url: `/auth/sso/start?solutionInstanceGuid=${SSO_GUID}`,
      });
      expect(started.statusCode, started.body).toBe(302);
      const callback = await provider.signIn(started.headers.location as string, login);
      return {
        code: callback.searchParams.get('code') ?? '',
        state: callback.searchParams.get('state') ?? '',
        iss: callback.searchParams.get('iss') ?? undefined,
      };
    },
    notifications: {
      provider: services.paymentGateway.name,
      sign: (body, secret) => {
        const key =
          secret === 'genuine' && payments.provider === 'sandbox'
            ? sandboxSigningSecret(payments.secret)
            : randomBytes(32).toString('base64');
        const id = `msg_${randomUUID()}`;
        const now = new Date();
        return {
          'webhook-id': id,
          'webhook-timestamp': String(Math.floor(now.getTime() / 1000)),
          'webhook-signature': new Webhook(key).sign(id, now, body),
        };
      },
    },
  };
}

describe('isolation of customers and tenants, every route', () => {
  it('has a case for every route of the OpenAPI document, and none for a route it lacks', () => {
    const routes = routesOfDocument();
    const missing = routes.filter((route) => !(route in ISOLATION_CASES));
    const stale = Object.keys(ISOLATION_CASES).filter((route) => !routes.includes(route));
    expect(missing, 'routes without an isolation case (add one to isolation-cases.ts)').toEqual([]);
    expect(stale, 'cases of routes the document no longer has').toEqual([]);
  });

  it("never shows nor changes another customer's or tenant's data", async () => {
    let baseline = await victimsRows();
    expect(Object.values(baseline).flat().length).toBeGreaterThan(15);
    const failures: string[] = [];
    const counts: Record<CallerKind | 'own', number> = {
      session: 0,
      anonymous: 0,
      pending: 0,
      apiKey: 0,
      production: 0,
      own: 0,
    };
    let calls = 0;
    const check = async (
      route: string,
      client: Caller,
      call: IsolationCall,
      refused: boolean,
      /** A tenant's key reads its own tenant's data: only the other tenants' texts are leaks to it. */
      reader = 0,
    ) => {
      calls += 1;
      const response = await client.request({ ...call, method: call.method ?? 'GET' });
      await context.drain();
      const where = `${route}: ${call.method ?? 'GET'} ${call.url} -> ${response.statusCode}`;
      if (response.statusCode >= 500) failures.push(`${where} (server error)`);
      else if (refused && !call.mayAnswer && response.statusCode < 400)
        failures.push(`${where} (not refused)`);
      if (
        call.refusal &&
        (response.statusCode !== call.refusal.status ||
          (call.refusal.code !== undefined && response.json().code !== call.refusal.code))
      )
        failures.push(`${where} (expected ${JSON.stringify(call.refusal)}: ${response.body.slice(0, 160)})`);
      const leaked = markers
        .filter((marker) => marker.tenantId !== reader && response.body.includes(marker.text))
        .map((marker) => marker.text);
      if (leaked.length > 0) failures.push(`${where} showed ${leaked.join(', ')}`);
      if (call.alike) {
        const unknown = await client.request({ ...call.alike, method: call.alike.method ?? 'GET' });
        await context.drain();
        if (unknown.statusCode !== response.statusCode || unknown.body !== response.body)
          failures.push(
            `${where} differs from a name nobody has: ${unknown.statusCode} ${unknown.body.slice(0, 80)} / ${response.body.slice(0, 80)}`,
          );
      }
    };
    for (const route of routesOfDocument()) {
      const entry = ISOLATION_CASES[route];
      if (!entry) continue;
      if (entry.kind === 'own') {
        counts.own += 1;
        const client =
          entry.session === 'throwaway'
            ? (await signedInCustomer(context, attacker.customer.tenantId, { colleagueOf: attacker })).client
            : attacker.client;
        await check(route, client, entry.call(own), false);
        continue;
      }
      const as = entry.as ?? 'session';
      const before = entry.byDesign ? await victimsRows() : undefined;
      if (before) expect(before, `changed before ${route}`).toEqual(baseline);
      let made = 0;
      for (const victim of victims) {
        const client = await callerOf(as);
        for (const call of await entry.calls(victim, own, kitFor(client))) {
          made += 1;
          await check(`${route} [${victim.label}]`, client, call, true, as === 'apiKey' ? homeTenantId : 0);
        }
      }
      // A generator that makes no call leaves its route unexercised: that fails like a missing entry.
      if (made === 0) failures.push(`${route}: its case made no call`);
      else counts[as] += 1;
      if (before && entry.byDesign) {
        const after = await victimsRows();
        expect(
          without(after, entry.byDesign.tables),
          `${route} changed more than ${entry.byDesign.why}`,
        ).toEqual(without(before, entry.byDesign.tables));
        baseline = after;
      }
    }
    const total = routesOfDocument().length;
    const exercised = Object.values(counts).reduce((sum, count) => sum + count, 0);
    console.info(
      `isolation: ${exercised} of ${total} routes exercised (${counts.session} signed in with another customer's and tenant's identifiers, ${counts.anonymous} before sign-in and ${counts.pending} on a pending sign-in with a victim's names and links, ${counts.apiKey} with another tenant's API key, ${counts.production} development aids absent in production, ${counts.own} with none to cross); ${calls} calls`,
    );
    expect(failures).toEqual([]);
    expect(exercised).toBe(total);
    expect(await victimsRows()).toEqual(baseline);
    // The uploads that named a victim's customer and invoice were stored, for the attacker's customer alone.
    const named = await queryRows<{ customer_id: number }>(
      context.database.db,
      sql`select customer_id from uploads where file_name = any(${`{${victims.map((victim) => `${victim.invNo}.txt`).join(',')}}`}::text[])`,
    );
    expect(named).toEqual(victims.map(() => ({ customer_id: attacker.customer.id })));
  }, 180_000);

  it('refuses every state-changing route without the CSRF header, changing nothing', async () => {
    const before = await victimsRows();
    const failures: string[] = [];
    let checked = 0;
    let signed = 0;
    let apiKeyOnly = 0;
    for (const route of routesOfDocument()) {
      const [method = 'GET', pattern = ''] = route.split(' ');
      if (['GET', 'HEAD', 'OPTIONS'].includes(method)) continue;
      const entry = ISOLATION_CASES[route];
      if (entry?.kind === 'cross' && entry.as === 'apiKey') {
        // Bearer keys, no cookies: a browser's session (the attacker's, without the key) is not accepted there.
        const withSession = await attacker.client.request({
          method,
          url: pattern.replace(/\{[^}]+\}/g, '1'),
          payload: {},
          csrf: false,
        });
        apiKeyOnly += 1;
        if (withSession.statusCode !== 401)
          failures.push(
            `${route} (session, no key): ${withSession.statusCode} ${withSession.body.slice(0, 120)}`,
          );
        continue;
      }
      if (entry?.kind === 'cross' && entry.signedNotCsrf) {
        // Without CSRF by design: a forged, unsigned notification that the victim's payment succeeded.
        const forged = await context.app.inject({
          method: 'POST',
          url: `${context.api}${pattern.replace('{provider}', context.app.services.paymentGateway.name)}`,
          headers: { 'content-type': 'application/json' },
          payload: JSON.stringify({
            type: 'payment.succeeded',
            data: { extTranRefId: victims[0]!.pendingExtTranRefId, status: 'SUCCESS' },
          }),
        });
        signed += 1;
        // Refused by the signature check itself, not by a missing provider or the CSRF guard.
        if (forged.statusCode !== 400 || forged.json().code !== 'NOTIFICATION_SIGNATURE_INVALID')
          failures.push(`${route} (unsigned): ${forged.statusCode} ${forged.body.slice(0, 120)}`);
        continue;
      }
      const client = entry?.kind === 'cross' ? await callerOf(entry.as ?? 'session') : attacker.client;
      if (entry?.kind === 'cross' && entry.signedLinkNotCsrf) {
        // Without CSRF by design: refused by the link's signature, not by the CSRF guard.
        const [call] = await entry.calls(victims[0]!, own, kitFor(client));
        const forged = await client.request({ ...call!, csrf: false });
        signed += 1;
        if (forged.statusCode !== 400 || forged.json().code !== 'INVALID_LINK')
          failures.push(`${route} (forged link): ${forged.statusCode} ${forged.body.slice(0, 120)}`);
        continue;
      }
      // The call the cases make (with a victim's or the attacker's identifiers), from the case's own
      // caller (signed in, before sign-in, or half signed in), else the pattern with placeholders.
      const call: IsolationCall =
        entry?.kind === 'cross'
          ? (await entry.calls(victims[0]!, own, kitFor(client)))[0]!
          : entry?.kind === 'own'
            ? entry.call(own)
            : { method, url: pattern.replace(/\{[^}]+\}/g, '1'), payload: {} };
      const response = await client.request({ ...call, method, csrf: false });
      await context.drain();
      checked += 1;
      if (response.statusCode !== 403 || response.json().code !== 'CSRF_REJECTED') {
        failures.push(`${route}: ${response.statusCode} ${response.body.slice(0, 120)}`);
      }
    }
    console.info(
      `isolation: ${checked} state-changing routes refuse a call without the CSRF header; ${signed} without CSRF by design refuse an unsigned call; ${apiKeyOnly} integration routes refuse a session without an API key`,
    );
    expect(failures).toEqual([]);
    expect(await victimsRows()).toEqual(before);
  }, 60_000);
});
