import { addDays } from '@settle/shared/calendar-date';
import { eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/users';
import { buildCustomer, buildTenant } from '../../test/factories';
import { signedInCustomer } from '../../test/signed-in-customer';
import { countStatements } from '../../test/statement-count';
import { createTestApp, type TestContext } from '../../test/test-app';
import { readPdf } from '../documents/pdf-reader.test-helper';
import { buildPayment } from '../payment-logs/payment-log-factories';

let context: TestContext;
let tenantId = 0;

beforeAll(async () => {
  context = await createTestApp();
  tenantId = (await buildTenant(context.database.db, { isDefault: true })).id;
});
afterAll(() => context.close());

const PERIOD = 'from=2026-10-01&to=2026-10-31';

/** Open items, a credit, closed and other-currency invoices, and payments in and out of October. */
async function customerWithLedger() {
  const own = await signedInCustomer(context, tenantId);
  const today: string = (await own.client.get('/location/serverDate')).json().serverDate;
  await own.invoice({ amount: '100.00', dueDate: addDays(today, -3), invoiceDate: '2026-09-01' });
  await own.invoice({ amount: '60.00', dueDate: addDays(today, -40) });
  await own.invoice({ amount: '1000.00', paidAmount: '250.50', dueDate: addDays(today, 10) });
  await own.invoice({ amount: '-20.00', dueDate: addDays(today, -5) });
  await own.invoice({ amount: '70.00', status: 'C', dueDate: addDays(today, -5) });
  await own.invoice({ amount: '80.00', paidAmount: '80.00', dueDate: addDays(today, -5) });
  await own.invoice({ amount: '90.00', tranCurrencyCode: 'CAD', dueDate: addDays(today, -5) });
  const db = context.database.db;
  const october = new Date('2026-10-15T12:00:00Z');
  const first = await buildPayment(db, own.customer, { createdAt: october, amount: '250.50', fee: '5.00' });
  const second = await buildPayment(db, own.customer, {
    createdAt: new Date('2026-10-31T20:00:00Z'),
    amount: '80.00',
  });
  await buildPayment(db, own.customer, { createdAt: october, amount: '999.00', status: 'FAILURE' });
  await buildPayment(db, own.customer, { createdAt: new Date('2026-09-30T10:00:00Z'), amount: '11.00' });
  await buildPayment(db, own.customer, { createdAt: october, amount: '12.00', currencyCode: 'CAD' });
  return { own, today, payments: [first, second] };
}

describe('GET /statement', () => {
  it('lists open items, credits and the successful payments of the period, with totals that add up', async () => {
    const { own, today, payments } = await customerWithLedger();
    const response = await own.client.get(`/statement?${PERIOD}`);
    expect(response.statusCode, response.body).toBe(200);
    const statement = response.json();
    expect(statement).toMatchObject({
      custNo: own.customer.custNo,
      company: own.customer.company,
      currencyCode: 'USD',
      asOf: today,
      from: '2026-10-01',
      to: '2026-10-31',
    });
    expect(
      statement.openItems.map((item: { invNo: string; balance: string }) => [item.invNo, item.balance]),
    ).toEqual([
      ['INV-002', '60.00'],
      ['INV-001', '100.00'],
      ['INV-003', '749.50'],
    ]);
    expect(statement.openItems[0].daysPastDue).toBe(40);
    expect(statement.credits).toEqual([expect.objectContaining({ invNo: 'INV-004', balance: '-20.00' })]);
    // The amount applied, not the fee; the failed, September and CAD payments stay out.
    expect(statement.payments).toEqual([
      expect.objectContaining({ paymentLogId: payments[0]!.id, date: '2026-10-15', amount: '250.50' }),
      expect.objectContaining({ paymentLogId: payments[1]!.id, date: '2026-10-31', amount: '80.00' }),
    ]);
    expect(statement.totals).toEqual({
      openItems: '909.50',
      credits: '-20.00',
      balanceDue: '889.50',
      payments: '330.50',
    });
    const aging = Object.fromEntries(
      statement.aging.map((bucket: { bucket: string; amount: string }) => [bucket.bucket, bucket.amount]),
    );
    expect(aging).toEqual({
      current: '749.50',
      days1to30: '80.00',
      days31to60: '60.00',
      days61to90: '0.00',
      over90: '0.00',
    });
  });

  it('covers the month to date when no period is given', async () => {
    const own = await signedInCustomer(context, tenantId);
    const today: string = (await own.client.get('/location/serverDate')).json().serverDate;
    const statement = (await own.client.get('/statement')).json();
    expect({ from: statement.from, to: statement.to }).toEqual({ from: `${today.slice(0, 8)}01`, to: today });
    expect(statement.totals.balanceDue).toBe('0.00');
  });

  it("answers 404 for another customer's statement, as for one that does not exist", async () => {
    const own = await signedInCustomer(context, tenantId);
    const other = await buildCustomer(context.database.db, tenantId);
    for (const path of ['/statement', '/statement/pdf', '/statement/xlsx']) {
      const response = await own.client.get(`${path}?custNo=${other.custNo}&${PERIOD}`);
      expect(response.statusCode, path).toBe(404);
      expect(response.json().code).toBe('NOT_FOUND');
    }
  });

  it('refuses a reversed or too long period, a bad date and a currency the customer does not use', async () => {
    const own = await signedInCustomer(context, tenantId);
    const reversed = await own.client.get('/statement?from=2026-10-31&to=2026-10-01');
    expect(reversed.statusCode).toBe(400);
    expect(reversed.body).toContain('The start of the period must be on or before its end');
    const long = await own.client.get('/statement?from=2025-01-01&to=2026-10-01');
    expect(long.statusCode).toBe(400);
    expect(long.body).toContain('A statement covers at most 366 days');
    const badDate = await own.client.get('/statement?from=2026-02-30');
    expect(badDate.statusCode).toBe(400);
    expect(badDate.body).toContain('Enter a date as YYYY-MM-DD');
    const currency = await own.client.get('/statement?currencyCode=EUR');
    expect(currency.statusCode).toBe(400);
    expect(currency.json().code).toBe('CURRENCY_NOT_AVAILABLE');
  });
});

describe('GET /statement/pdf and /statement/xlsx', () => {
  it('prints the statement with its totals in the PDF, in the reader’s language', async () => {
    const { own } = await customerWithLedger();
    const response = await own.client.get(`/statement/pdf?${PERIOD}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toContain(
      `statement-${own.customer.custNo}-USD-2026-10-01-2026-10-31.pdf`,
    );
    const pdf = await readPdf(response.rawPayload);
    expect(pdf.title).toBe(`Statement of account ${own.customer.custNo} USD`);
    expect(pdf.text).toContain('Balance due');
    expect(pdf.text).toContain('$889.50');
    expect(pdf.text).toContain('$909.50');
    expect(pdf.text).toContain('$330.50');
    expect(pdf.text).toContain('INV-003');

    await context.database.db
      .update(users)
      .set({ language: 'fr', localeForFormatting: 'fr-FR' })
      .where(eq(users.id, own.user.id));
    const french = await readPdf((await own.client.get(`/statement/pdf?${PERIOD}`)).rawPayload);
    expect(french.text).toContain('Relevé de compte');
    expect(french.text).toContain('Solde dû');
    expect(french.text).toMatch(/889,50\s€|889,50\s\$US/);
  });

  it('writes every word of the PDF in the reader’s language, the page footer included', async () => {
    const { own } = await customerWithLedger();
    const statement = async () => {
      const response = await own.client.get(`/statement/pdf?${PERIOD}`);
      expect(response.statusCode, response.body).toBe(200);
      return readPdf(response.rawPayload);
    };
    const english = await statement();
    for (const expected of [
      'Total open items',
      'Total credits',
      'Total payments of the period',
      'Credit card',
      'Current',
      '31–60 days',
      'Page 1 of 1',
    ]) {
      expect(english.text).toContain(expected);
    }

    await context.database.db
      .update(users)
      .set({ language: 'fr', localeForFormatting: 'fr-FR' })
      .where(eq(users.id, own.user.id));
    const { statements, answer: french } = await countStatements(context.database, statement);
    for (const expected of [
      'Relevé de compte',
      'Total des pièces ouvertes',
      'Total des avoirs',
      'Total des paiements de la période',
      'Carte de crédit',
      'Non échu',
      '31 à 60 jours',
      'Page 1 sur 1',
    ]) {
      expect(french.text).toContain(expected);
    }
    expect(french.text).not.toMatch(/Page \d+ of|Open items|Balance due|CREDIT_CARD/);
    // The session, the customer's link (the access check), open items, payments, aging, the seller's name.
    expect(statements).toBe(6);
  });

  it('writes the same figures to the workbook: summary with aging, open items, credits, payments', async () => {
    const { own } = await customerWithLedger();
    const response = await own.client.get(`/statement/xlsx?${PERIOD}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('spreadsheetml');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual([
      'Statement of account',
      'Open items',
      'Credits',
      'Payments of the period',
    ]);
    const summary = workbook.getWorksheet('Statement of account')!;
    const figures = new Map<string, unknown>();
    summary.eachRow((row) => figures.set(String(row.getCell(1).value), row.getCell(3).value));
    expect(figures.get('Balance due')).toBe(889.5);
    expect(figures.get('Payments of the period')).toBe(330.5);
    expect(figures.get('Current')).toBe(749.5);
    const open = workbook.getWorksheet('Open items')!;
    expect(open.getRow(2).getCell(1).value).toBe('INV-002');
    expect(open.getRow(2).getCell(6).numFmt).toBe('#,##0.00;[Red]-#,##0.00');
    expect([open.getRow(5).getCell(1).value, open.getRow(5).getCell(6).value]).toEqual(['Total', 909.5]);
    const payments = workbook.getWorksheet('Payments of the period')!;
    expect(payments.rowCount).toBe(4);
  });
});

describe('monthly statement subscriptions', () => {
  it('turns the monthly email of a customer and currency on and off; another customer is 404', async () => {
    const own = await signedInCustomer(context, tenantId, { customer: { currencies: ['USD', 'CAD'] } });
    const custNo = own.customer.custNo;
    const on = await own.client.put('/statement/subscription', {
      custNo,
      currencyCode: 'CAD',
      enabled: true,
    });
    expect(on.json()).toEqual({ custNo, currencyCode: 'CAD', enabled: true });
    await own.client.put('/statement/subscription', { custNo, currencyCode: 'USD', enabled: true });
    expect((await own.client.get('/statement/subscriptions')).json()).toEqual([
      { custNo, currencyCode: 'CAD' },
      { custNo, currencyCode: 'USD' },
    ]);
    await own.client.put('/statement/subscription', { custNo, currencyCode: 'CAD', enabled: false });
    expect((await own.client.get('/statement/subscriptions')).json()).toEqual([
      { custNo, currencyCode: 'USD' },
    ]);

    const other = await buildCustomer(context.database.db, tenantId);
    const refused = await own.client.put('/statement/subscription', {
      custNo: other.custNo,
      currencyCode: 'USD',
      enabled: true,
    });
    expect(refused.statusCode).toBe(404);
    expect((await own.client.get('/statement/subscriptions')).json()).toEqual([
      { custNo, currencyCode: 'USD' },
    ]);
  });
});
