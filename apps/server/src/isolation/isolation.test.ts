import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { defaultDashboard } from '@settle/shared/dashboard';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/client';
import { userPasskeys } from '../db/schema/second-factors';
import { seedDemoPayments } from '../db/seed/demo-payments';
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
import { createTestApp, TestClient, type TestContext } from '../test/test-app';
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

let context: TestContext;
let uploadDir: string;
let attacker: SignedInCustomer;
let own: Own;
const victims: Victim[] = [];
/** Texts only the victims' data holds: none may appear in any answer to the attacker. */
const markers: string[] = [];
let document: { paths: Record<string, Record<string, unknown>> };

async function buildVictim(options: { label: string; tenantId: number; guid?: string }): Promise<Victim> {
  const { db } = context.database;
  const tag = `${options.label}-zq${Math.random().toString(36).slice(2, 7)}`;
  const customer = await buildCustomer(db, options.tenantId, {
    custNo: `C-${tag}`.toUpperCase().slice(0, 20),
    company: `Company ${tag}`,
    currencies: ['USD', 'GBP'],
  });
  const user = await buildUser(db, options.tenantId, {
    customers: [{ id: customer.id }],
    overrides: { email: `${tag}@example.com` },
  });
  await buildReasonCodes(db, options.tenantId);
  const client = new TestClient(context);
  await client.get('/config.js');
  const query = options.guid ? `?solutionInstanceGuid=${options.guid}` : '';
  const signIn = await client.post(`/auth/login${query}`, {
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
  markers.push(
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
  );
  return {
    label: options.label,
    custNo: customer.custNo,
    currencyCode: 'USD',
    loginName: user.loginName,
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
  };
}

/** Every row that belongs to the victims (by customer, user or invoice), table by table. */
async function victimsRows(): Promise<Record<string, unknown[]>> {
  const { db } = context.database;
  const columns = await queryRows<{ table_name: string; column_name: string }>(
    db,
    sql`select table_name, column_name from information_schema.columns
        where table_schema = 'public' and column_name in ('customer_id', 'user_id', 'invoice_id')`,
  );
  const ids = await queryRows<{ customers: number[]; users: number[]; invoices: number[] }>(
    db,
    sql`select
          (select array_agg(id) from customers where cust_no in (${sql.join(
            victims.map((v) => sql`${v.custNo}`),
            sql`, `,
          )})) as customers,
          (select array_agg(id) from users where login_name in (${sql.join(
            victims.map((v) => sql`${v.loginName}`),
            sql`, `,
          )})) as users,
          (select array_agg(id) from invoices where inv_no in (${sql.join(
            victims.map((v) => sql`${v.invNo}`),
            sql`, `,
          )})) as invoices`,
  );
  const { customers, users, invoices } = ids[0]!;
  const snapshot: Record<string, unknown[]> = {};
  for (const { table_name: table, column_name: column } of columns) {
    const wanted = column === 'customer_id' ? customers : column === 'user_id' ? users : invoices;
    snapshot[`${table}.${column}`] = await queryRows(
      db,
      sql`select * from ${sql.identifier(table)} where ${sql.identifier(column)} = any(${`{${wanted.join(',')}}`}::int[]) order by 1`,
    );
  }
  snapshot.customers = await queryRows(
    db,
    sql`select * from customers where id = any(${`{${customers.join(',')}}`}::int[]) order by id`,
  );
  snapshot.users = await queryRows(
    db,
    sql`select * from users where id = any(${`{${users.join(',')}}`}::int[]) order by id`,
  );
  return snapshot;
}

beforeAll(async () => {
  uploadDir = mkdtempSync(path.join(tmpdir(), 'settle-isolation-'));
  context = await createTestApp({ UPLOAD_DIR: uploadDir });
  const { db } = context.database;
  const home = await buildTenant(db, { isDefault: true });
  const other = await buildTenant(db);
  await buildReasonCodes(db, home.id);
  // Payments configured in both tenants: a refusal then comes from the customer check, not a missing set-up.
  for (const tenant of [home, other])
    await seedDemoPayments(db, { tenantId: tenant.id, currencies: DEMO_TEST_CURRENCIES });
  attacker = await signedInCustomer(context, home.id);
  own = { custNo: attacker.customer.custNo, invNo: (await attacker.invoice({ amount: '120.00' })).invNo };
  victims.push(await buildVictim({ label: 'neighbour', tenantId: home.id }));
  victims.push(await buildVictim({ label: 'foreign', tenantId: other.id, guid: other.guid }));
  document = (await context.app.inject({ url: `${context.api}/docs/json` })).json();
}, 60_000);
afterAll(async () => {
  await context.close();
  rmSync(uploadDir, { recursive: true, force: true });
});

function routesOfDocument(): string[] {
  return Object.entries(document.paths).flatMap(([route, methods]) =>
    Object.keys(methods).map((method) => `${method.toUpperCase()} ${route}`),
  );
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
    const before = await victimsRows();
    expect(Object.values(before).flat().length).toBeGreaterThan(15);
    const failures: string[] = [];
    const counts = { cross: 0, own: 0, exempt: 0, calls: 0 };
    const check = async (route: string, client: TestClient, call: IsolationCall, refused: boolean) => {
      counts.calls += 1;
      const response = await client.request({ ...call, method: call.method ?? 'GET' });
      const where = `${route}: ${call.method ?? 'GET'} ${call.url} -> ${response.statusCode}`;
      if (response.statusCode >= 500) failures.push(`${where} (server error)`);
      else if (refused && !call.mayAnswer && response.statusCode < 400)
        failures.push(`${where} (not refused)`);
      const leaked = markers.filter((marker) => response.body.includes(marker));
      if (leaked.length > 0) failures.push(`${where} showed ${leaked.join(', ')}`);
    };
    for (const route of routesOfDocument()) {
      const entry = ISOLATION_CASES[route];
      if (!entry) continue;
      counts[entry.kind] += 1;
      if (entry.kind === 'exempt') continue;
      if (entry.kind === 'own') {
        const client =
          entry.session === 'throwaway'
            ? (await signedInCustomer(context, attacker.customer.tenantId, { colleagueOf: attacker })).client
            : attacker.client;
        await check(route, client, entry.call(own), false);
        continue;
      }
      for (const victim of victims) {
        for (const call of entry.calls(victim, own))
          await check(`${route} [${victim.label}]`, attacker.client, call, true);
      }
    }
    const total = routesOfDocument().length;
    console.info(
      `isolation: ${counts.cross + counts.own} of ${total} routes exercised (${counts.cross} with another customer's and tenant's identifiers, ${counts.own} with none to cross), ${counts.exempt} exempt with a reason; ${counts.calls} calls`,
    );
    expect(failures).toEqual([]);
    expect(await victimsRows()).toEqual(before);
  }, 120_000);

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
      if (entry?.kind === 'exempt' && entry.apiKeyNotSession) {
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
      if (entry?.kind === 'exempt' && entry.signedNotCsrf) {
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
      if (entry?.kind === 'cross' && entry.signedLinkNotCsrf) {
        // Without CSRF by design: refused by the link's signature, not by the CSRF guard.
        const forged = await attacker.client.request({ ...entry.calls(victims[0]!, own)[0]!, csrf: false });
        signed += 1;
        if (forged.statusCode !== 400 || forged.json().code !== 'INVALID_LINK')
          failures.push(`${route} (forged link): ${forged.statusCode} ${forged.body.slice(0, 120)}`);
        continue;
      }
      // The call the cases make (with a victim's or the attacker's identifiers), else the pattern with placeholders.
      const call: IsolationCall =
        entry?.kind === 'cross'
          ? entry.calls(victims[0]!, own)[0]!
          : entry?.kind === 'own'
            ? entry.call(own)
            : { method, url: pattern.replace(/\{[^}]+\}/g, '1'), payload: {} };
      const response = await attacker.client.request({ ...call, method, csrf: false });
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
  });
});
