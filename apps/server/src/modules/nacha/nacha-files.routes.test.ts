import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAdminCommand } from '../../admin/command-list';
import { payments } from '../../db/schema/payments';
import { expectError } from '../../test/expect-error';
import { buildCustomer, buildTenant } from '../../test/factories';
import { createTestApp, type TestContext } from '../../test/test-app';
import { integrationClient } from '../integration/integration-test-support';

/** A NACHA parser no one here wrote: the file is read back by it, not by our own formatter. */
const nacha = createRequire(import.meta.url)('@midlandsbank/node-nacha') as {
  from(text: string): { data: ParsedFile };
};
type ParsedEntry = {
  transactionCode: string;
  receivingDFIIdentification: number;
  checkDigit: number;
  dfiAccount: string;
  amount: number;
  identificationNumber: string;
  receivingCompanyName: string;
};
type ParsedFile = {
  file: {
    destination: string;
    origin: string;
    footer: {
      batchCount: number;
      blockCount: number;
      entryAndAddendaCount: number;
      entryHash: number;
      totalDebit: number;
      totalCredit: number;
    };
  };
  batches: {
    entryClassCode: string;
    companyName: string;
    companyId: string;
    originatingDFIIdentification: string;
    entries: ParsedEntry[];
    footer: { entryAndAddendaCount: number; entryHash: number; totalDebit: number; totalCredit: number };
  }[];
};

let context: TestContext;
let tenantId = 0;
let tenantGuid = '';
let otherTenantId = 0;
let customerId = 0;
let otherCustomerId = 0;
let sequence = 0;
const folder = mkdtempSync(path.join(tmpdir(), 'settle-nacha-'));

beforeAll(async () => {
  context = await createTestApp();
  const tenant = await buildTenant(context.database.db, { isDefault: true });
  tenantId = tenant.id;
  tenantGuid = tenant.guid;
  otherTenantId = (await buildTenant(context.database.db)).id;
  customerId = (await buildCustomer(context.database.db, tenantId)).id;
  otherCustomerId = (await buildCustomer(context.database.db, otherTenantId)).id;
});
afterAll(async () => {
  await context.close();
  rmSync(folder, { recursive: true, force: true });
});

type EcheckOptions = {
  total: string;
  routingNumber: string;
  accountNumber: string;
  createdAt: string;
  accountType?: 'Checking' | 'Savings';
  status?: 'SUCCESS' | 'PENDING' | 'FAILURE';
  currencyCode?: string;
  paymentType?: 'ECHECK' | 'CREDIT_CARD';
  tenant?: 'other';
};

/** A payment as the e-check flow leaves it: the account number sealed, the routing number kept. */
async function echeck(options: EcheckOptions) {
  sequence += 1;
  const other = options.tenant === 'other';
  const [row] = await context.database.db
    .insert(payments)
    .values({
      extTranRefId: `NACHA-${sequence}-${Date.now()}`,
      tenantId: other ? otherTenantId : tenantId,
      customerId: other ? otherCustomerId : customerId,
      custNo: 'C1',
      payerName: `Payer ${sequence}`,
      currencyCode: options.currencyCode ?? 'USD',
      flow: 'cart',
      paymentType: options.paymentType ?? 'ECHECK',
      methodType: options.paymentType === 'CREDIT_CARD' ? 'CARD' : 'ECHECK',
      provider: 'sandbox',
      amount: options.total,
      total: options.total,
      status: options.status ?? 'SUCCESS',
      accountHolder: `Holder ${sequence}`,
      accountType: options.accountType ?? 'Checking',
      routingNumber: options.routingNumber,
      accountEncrypted: context.app.services.sealer.seal('echeck-account', options.accountNumber),
      accountMasked: `****${options.accountNumber.slice(-4)}`,
      createdAt: new Date(options.createdAt),
    })
    .returning();
  return row!;
}

const cents = (total: string) => Math.round(Number(total) * 100);
const entryHashOf = (routings: string[]) =>
  routings.reduce((sum, routing) => sum + Number(routing.slice(0, 8)), 0) % 10_000_000_000;

describe('NACHA e-check file', () => {
  it('takes the day’s SUCCESS USD e-checks once; the parser reads back counts, totals and hash', async () => {
    const included = [
      await echeck({
        total: '125.40',
        routingNumber: '021000021',
        accountNumber: '000123456789',
        createdAt: '2026-03-02T09:00:00Z',
      }),
      await echeck({
        total: '80.00',
        routingNumber: '111000025',
        accountNumber: '5550001',
        accountType: 'Savings',
        createdAt: '2026-03-03T23:59:00Z',
      }),
      await echeck({
        total: '1999.99',
        routingNumber: '091000019',
        accountNumber: '42',
        createdAt: '2026-03-01T12:00:00Z',
      }),
    ];
    // Not in the file: after the cut-off, not settled, not an e-check, not USD, another tenant's.
    await echeck({
      total: '10.00',
      routingNumber: '021000021',
      accountNumber: '1',
      createdAt: '2026-03-04T00:00:00Z',
    });
    await echeck({
      total: '11.00',
      routingNumber: '021000021',
      accountNumber: '1',
      createdAt: '2026-03-02T00:00:00Z',
      status: 'PENDING',
    });
    await echeck({
      total: '12.00',
      routingNumber: '021000021',
      accountNumber: '1',
      createdAt: '2026-03-02T00:00:00Z',
      status: 'FAILURE',
    });
    await echeck({
      total: '13.00',
      routingNumber: '021000021',
      accountNumber: '1',
      createdAt: '2026-03-02T00:00:00Z',
      paymentType: 'CREDIT_CARD',
    });
    await echeck({
      total: '14.00',
      routingNumber: '021000021',
      accountNumber: '1',
      createdAt: '2026-03-02T00:00:00Z',
      currencyCode: 'EUR',
    });
    await echeck({
      total: '15.00',
      routingNumber: '021000021',
      accountNumber: '1',
      createdAt: '2026-03-02T00:00:00Z',
      tenant: 'other',
    });

    const client = await integrationClient(context, tenantId, ['payments:read']);
    const created = await client.post('/nacha-files', { date: '2026-03-03' });
    expect(created.statusCode, created.body).toBe(201);
    const file = created.json();
    const totalCents = included.reduce((sum, row) => sum + cents(row.total), 0);
    expect(file).toMatchObject({
      cutoffDate: '2026-03-03',
      currencyCode: 'USD',
      fileName: 'ach-2026-03-03-usd.txt',
      entryCount: 3,
      totalDebit: '2205.39',
      entryHash: String(entryHashOf(included.map((row) => row.routingNumber!))).padStart(10, '0'),
    });

    const download = await client.get(`/nacha-files/${file.id}`);
    expect(download.statusCode).toBe(200);
    expect(download.headers['content-disposition']).toBe('attachment; filename="ach-2026-03-03-usd.txt"');
    const lines = download.body.trimEnd().split('\n');
    expect(lines.length % 10).toBe(0);
    expect(lines.every((line) => line.length === 94)).toBe(true);

    const parsed = nacha.from(download.body).data;
    expect(parsed.file.destination.trim()).toBe('091000019');
    expect(parsed.file.origin).toBe('1234567890');
    expect(parsed.file.footer).toMatchObject({
      batchCount: 1,
      blockCount: lines.length / 10,
      entryAndAddendaCount: 3,
      entryHash: entryHashOf(included.map((row) => row.routingNumber!)),
      totalDebit: totalCents,
      totalCredit: 0,
    });
    const [batch] = parsed.batches;
    expect(batch).toMatchObject({
      entryClassCode: 'PPD',
      companyName: 'SETTLE DEMO',
      companyId: '1234567890',
      originatingDFIIdentification: '09100001',
    });
    expect(batch!.footer).toMatchObject({
      entryAndAddendaCount: 3,
      entryHash: entryHashOf(included.map((row) => row.routingNumber!)),
      totalDebit: totalCents,
      totalCredit: 0,
    });
    const byId = [...included].sort((a, b) => a.id - b.id);
    expect(
      batch!.entries.map((entry) => ({
        code: entry.transactionCode,
        routing: `${String(entry.receivingDFIIdentification).padStart(8, '0')}${entry.checkDigit}`,
        account: entry.dfiAccount,
        amount: entry.amount,
        reference: entry.identificationNumber,
      })),
    ).toEqual(
      byId.map((row) => ({
        code: row.accountType === 'Savings' ? '37' : '27',
        routing: row.routingNumber,
        account: context.app.services.sealer.open('echeck-account', row.accountEncrypted!),
        amount: cents(row.total),
        reference: row.extTranRefId.slice(0, 15),
      })),
    );

    // Again: the same file, nothing added; listed by its date.
    const again = await client.post('/nacha-files', { date: '2026-03-03' });
    expect(again.statusCode).toBe(200);
    expect(again.json()).toEqual(file);
    expect((await client.get(`/nacha-files/${file.id}`)).body).toBe(download.body);
    const listed = await client.get('/nacha-files?date=2026-03-03');
    expect(listed.json()).toEqual([file]);

    // The next day's file takes the payment created after this cut-off, and none of these.
    const next = (await client.post('/nacha-files', { date: '2026-03-04' })).json();
    expect(next).toMatchObject({ entryCount: 1, totalDebit: '10.00' });
    expect(await context.app.services.nacha.paymentIds(tenantId, file.id)).toEqual(byId.map((row) => row.id));
  });

  it('two concurrent generations put each payment in one file only', async () => {
    const rows = await Promise.all(
      ['021000021', '111000025', '091000019', '026009593'].map((routingNumber, index) =>
        echeck({
          total: `${index + 1}.25`,
          routingNumber,
          accountNumber: `77${index}`,
          createdAt: '2026-04-01T10:00:00Z',
        }),
      ),
    );
    const client = await integrationClient(context, tenantId, ['payments:read']);
    const answers = await Promise.all([
      client.post('/nacha-files', { date: '2026-04-02' }),
      client.post('/nacha-files', { date: '2026-04-02' }),
      client.post('/nacha-files', { date: '2026-04-03' }),
    ]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 201, 201]);
    const files = answers.map((answer) => answer.json());
    expect(files[0].id).toBe(files[1].id);
    const taken = [
      ...(await context.app.services.nacha.paymentIds(tenantId, files[0].id)),
      ...(await context.app.services.nacha.paymentIds(tenantId, files[2].id)),
    ].sort((a, b) => a - b);
    expect(taken).toEqual(rows.map((row) => row.id).sort((a, b) => a - b));
    expect(files[0].entryCount + files[2].entryCount).toBe(4);
    expect(Number(files[0].totalDebit) + Number(files[2].totalDebit)).toBeCloseTo(
      1.25 + 2.25 + 3.25 + 4.25,
      2,
    );
  });

  it('needs the payments:read scope, keeps tenants apart and refuses bad dates, creating nothing', async () => {
    const ledgerOnly = await integrationClient(context, tenantId, ['ledger:write']);
    expectError(await ledgerOnly.post('/nacha-files', { date: '2026-05-01' }), 403, 'FORBIDDEN');
    expectError(await ledgerOnly.get('/nacha-files'), 403, 'FORBIDDEN');

    const client = await integrationClient(context, tenantId, ['payments:read']);
    const bad = expectError(await client.post('/nacha-files', { date: '2026-02-30' }), 400, 'BAD_REQUEST');
    expect(bad.message).toBe('The cut-off date must be a date as YYYY-MM-DD.');
    const future = expectError(await client.post('/nacha-files', { date: '2999-01-01' }), 400, 'BAD_REQUEST');
    expect(future.message).toBe('The cut-off date cannot be in the future.');
    expect((await client.get('/nacha-files?date=2026-02-30')).statusCode).toBe(400);
    expect(
      (await client.get('/nacha-files'))
        .json()
        .some((file: { cutoffDate: string }) => file.cutoffDate === '2026-05-01'),
    ).toBe(false);

    const mine = (await client.get('/nacha-files')).json();
    expect(mine.length).toBeGreaterThan(0);
    const other = await integrationClient(context, otherTenantId, ['payments:read']);
    expectError(await other.get(`/nacha-files/${mine[0].id}`), 404, 'NOT_FOUND');
    expect((await other.get('/nacha-files')).json()).toEqual([]);
    // Another tenant's day is its own file, with its own e-check.
    expect((await other.post('/nacha-files', { date: '2026-03-03' })).json()).toMatchObject({
      entryCount: 1,
      totalDebit: '15.00',
    });
  });

  it('npm run admin -- nacha-file writes the file or prints it, generated once', async () => {
    await echeck({
      total: '33.00',
      routingNumber: '021000021',
      accountNumber: '3131',
      createdAt: '2026-06-10T08:00:00Z',
    });
    const run = (argument?: string) =>
      runAdminCommand({ db: context.database.db, services: context.app.services }, 'nacha-file', argument);
    const out = path.join(folder, 'ach.txt');
    const output = await run(`2026-06-10 --out ${out}`);
    expect(output).toBe(
      `${out}\nGenerated ach-2026-06-10-usd.txt: 1 e-check(s), 33.00 USD debited, entry hash 0002100002`,
    );
    const text = readFileSync(out, 'ascii');
    expect(nacha.from(text).data.file.footer).toMatchObject({ entryAndAddendaCount: 1, totalDebit: 3300 });
    expect(await run(`2026-06-10 --tenant ${tenantGuid}`)).toBe(text.trimEnd());
    expect(await run(`2026-06-10 --out ${out}`)).toContain(
      'Already generated ach-2026-06-10-usd.txt: 1 e-check(s)',
    );
    await expect(run('06/10/2026')).rejects.toThrow('The cut-off date must be a date as YYYY-MM-DD.');
    await expect(run()).rejects.toThrow('Usage: npm run admin -- nacha-file');
  });
});
