import { INVOICE_COLUMNS } from '@settle/shared/invoices';
import { eq, sql } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { readSheet } from 'read-excel-file/node';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { users } from '../../db/schema/users';
import { expectError } from '../../test/expect-error';
import { buildCustomer, buildInvoice, buildTenant, buildUser, TEST_PASSWORD } from '../../test/factories';
import { createTestApp, TestClient, type TestContext } from '../../test/test-app';
import { readPdf, readPdfCharacters } from '../documents/pdf-reader.test-helper';
import { readInvoiceBatches } from '../invoices/invoice-batches';
import { INVOICE_FIELDS } from '../invoices/invoice-fields';
import { findInvoicePage } from '../invoices/invoices.repository';
import { readSheetStyles } from './xlsx-styles.test-helper';

let context: TestContext;
let client: TestClient;
const ids = { own: '', foreign: '', ownId: 0, userId: 0 };
const BULK = 2500;

/** Many invoices in one statement: amount g * 1.25, PO-EVEN / PO-ODD, due dates over a year. */
async function insertBulk(
  customer: { id: number; tenantId: number; custNo: string },
  currency: string,
  count: number,
) {
  await context.database.db.execute(sql`
    insert into invoices (tenant_id, customer_id, cust_no, inv_no, tran_id, status, invoice_date, due_date,
      tran_currency_code, amount, balance, tran_bal, tran_orig, po_number)
    select ${customer.tenantId}, ${customer.id}, ${customer.custNo}, ${`${currency}-`} || lpad(g::text, 5, '0'),
      ${`${currency}T`} || g, 'O', date '2026-01-01' + (g % 365), date '2026-02-01' + (g % 365), ${currency},
      (g * 1.25)::numeric(14,2), (g * 1.25)::numeric(14,2), (g * 1.25)::numeric(14,2), (g * 1.25)::numeric(14,2),
      case when g % 2 = 0 then 'PO-EVEN' else 'PO-ODD' end
    from generate_series(1, ${count}) as g`);
}

beforeAll(async () => {
  context = await createTestApp();
  const { db } = context.database;
  const tenant = await buildTenant(db, { isDefault: true });
  const own = await buildCustomer(db, tenant.id, {
    company: 'Café Société',
    currencies: ['EUR', 'USD', 'CAD'],
  });
  const foreign = await buildCustomer(db, tenant.id, { company: 'Foreign Co', currencies: ['EUR'] });
  const user = await buildUser(db, tenant.id, { customers: [{ id: own.id, defAccount: true }] });
  Object.assign(ids, { own: own.custNo, foreign: foreign.custNo, ownId: own.id, userId: user.id });
  // The EUR set: twelve invoices with due dates in order, one credit, two promised.
  for (let n = 1; n <= 12; n++) {
    await buildInvoice(db, own, {
      invNo: `EUR-${String(n).padStart(2, '0')}`,
      tranCurrencyCode: 'EUR',
      amount: n === 3 ? '-25.50' : `${n * 100}.25`,
      disputeAmount: n === 5 ? '40.00' : '0.00',
      invoiceDate: `2026-09-${String(n).padStart(2, '0')}`,
      dueDate: `2026-10-${String(n).padStart(2, '0')}`,
      promise: n % 6 === 0,
      poNumber: `PO-${n}`,
      nextFollowupDate: n === 6 ? '2026-11-20' : null,
    });
  }
  await buildInvoice(db, own, { invNo: 'EUR-CLOSED', tranCurrencyCode: 'EUR', status: 'C', balance: '0.00' });
  await buildInvoice(db, foreign, { invNo: 'SECRET-1', tranCurrencyCode: 'EUR' });
  await insertBulk(own, 'USD', BULK);
  await insertBulk(own, 'CAD', 5001);
  client = new TestClient(context);
  expect((await client.signIn(user.loginName, TEST_PASSWORD)).statusCode).toBe(200);
});
afterAll(() => context.close());

const utc = (iso: string) => new Date(`${iso}T00:00:00.000Z`);

describe('GET /invoices/export/xlsx', () => {
  it('exports the current page with the grid columns: typed values, currency in the header, a filename', async () => {
    const response = await client.get('/invoices/export/xlsx?currencyCode=EUR&pageSize=50');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(
      'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    );
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="invoices-${ids.own}-EUR-open-page-1.xlsx"`,
    );
    expect(response.headers['x-total-count']).toBe('12');
    expect(response.headers['content-length']).toBeUndefined();

    const rows = await readSheet(response.rawPayload);
    // The grid's default columns, as the contract lists them; amounts name their currency.
    expect(rows[0]).toEqual(
      INVOICE_COLUMNS.filter((column) => column.visible).map((column) =>
        column.dataType === 'currency' ? `${column.title} (EUR)` : column.title,
      ),
    );
    expect(rows).toHaveLength(13);
    expect(rows[1]).toEqual([
      'EUR-01',
      utc('2026-09-01'),
      utc('2026-10-01'),
      100.25,
      100.25,
      0,
      'No',
      'PO-1',
    ]);
    expect(rows[3]).toEqual(['EUR-03', utc('2026-09-03'), utc('2026-10-03'), -25.5, -25.5, 0, 'No', 'PO-3']);
    expect(rows[5]?.[5]).toBe(40);
    expect(rows[6]?.[6]).toBe('Yes');
    expect(rows[2]?.[1]).toBeInstanceOf(Date);
    expect(rows.slice(1).map((row) => row[0])).toEqual(
      Array.from({ length: 12 }, (_, i) => `EUR-${String(i + 1).padStart(2, '0')}`),
    );
  });

  it('styles the sheet: bold frozen header, red-negative currency format, mm/dd/yyyy dates, widths', async () => {
    const response = await client.get('/invoices/export/xlsx?currencyCode=EUR');
    const styles = await readSheetStyles(response.rawPayload);
    expect(styles.bold('A1')).toBe(true);
    expect(styles.bold('H1')).toBe(true);
    expect(styles.bold('A2')).toBe(false);
    expect(styles.frozen).toMatchObject({ ySplit: 1, state: 'frozen' });
    for (const ref of ['D2', 'E2', 'F2', 'D4', 'E13']) {
      expect(styles.numberFormat(ref)).toBe('#,##0.00;[Red]-#,##0.00');
    }
    expect(styles.numberFormat('D4')).toContain('[Red]');
    expect(styles.numberFormat('B2')).toBe('mm/dd/yyyy');
    expect(styles.numberFormat('C13')).toBe('mm/dd/yyyy');
    expect(styles.numberFormat('A2')).toBeUndefined();
    expect(styles.columnWidths).toHaveLength(8);
    expect(Math.min(...styles.columnWidths)).toBeGreaterThanOrEqual(10);
  });

  it('takes the columns asked for, in that order, and refuses a field outside the allow-list', async () => {
    const response = await client.get(
      '/invoices/export/xlsx?currencyCode=EUR&columns=invNo,paidAmount,paymentPending,nextFollowupDate,tranBal',
    );
    expect(response.statusCode).toBe(200);
    const rows = await readSheet(response.rawPayload);
    expect(rows[0]).toEqual([
      'Invoice number',
      'Paid (EUR)',
      'Payment pending',
      'Follow-up date',
      'Transaction balance (EUR)',
    ]);
    expect(rows[6]).toEqual(['EUR-06', 0, 'No', utc('2026-11-20'), 600.25]);
    expect(rows[1]?.[3]).toBeNull();

    const refused = await client.get('/invoices/export/xlsx?columns=invNo,password_hash');
    expectError(refused, 400, 'BAD_REQUEST');
    expect(refused.json()).toMatchObject({ fieldErrors: [{ field: 'querystring.columns' }] });
    expect(refused.json().message).toContain('password_hash');
  });

  it('scope=page gives exactly the rows of that grid page', async () => {
    const query = 'currencyCode=EUR&sort=amount&dir=desc&page=2&pageSize=5';
    const grid = (await client.get(`/invoices?${query}`)).json();
    const response = await client.get(`/invoices/export/xlsx?${query}&scope=page`);
    expect(response.headers['x-total-count']).toBe('5');
    const rows = await readSheet(response.rawPayload);
    expect(rows.slice(1).map((row) => row[0])).toEqual(grid.rows.map((row: { invNo: string }) => row.invNo));
    expect(rows.slice(1).map((row) => row[3])).toEqual(
      grid.rows.map((row: { amount: string }) => Number(row.amount)),
    );
    const beyond = await client.get('/invoices/export/xlsx?currencyCode=EUR&page=9&pageSize=5');
    expect(beyond.headers['x-total-count']).toBe('0');
    expect(beyond.headers['content-disposition']).toBe(
      `attachment; filename="invoices-${ids.own}-EUR-open-page-9.xlsx"`,
    );
    expect(await readSheet(beyond.rawPayload)).toHaveLength(1);
  });

  it('scope=all streams every matching row in the grid order, across database batches', async () => {
    const response = await client.get(
      '/invoices/export/xlsx?currencyCode=USD&scope=all&sort=dueDate&dir=asc',
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-total-count']).toBe(String(BULK));
    expect(response.headers['content-disposition']).toContain(`invoices-${ids.own}-USD-open-all.xlsx`);
    const rows = await readSheet(response.rawPayload);
    expect(rows).toHaveLength(BULK + 1);
    const invNos = rows.slice(1).map((row) => String(row[0]));
    expect(new Set(invNos).size).toBe(BULK);
    // Due date, then id: the same order the grid pages in.
    const dueTimes = rows.slice(1).map((row) => (row[2] as unknown as Date).getTime());
    expect(dueTimes).toEqual([...dueTimes].sort((a, b) => a - b));

    const filter = encodeURIComponent("substringof('EVEN',poNumber)");
    const filtered = await client.get(
      `/invoices/export/xlsx?currencyCode=USD&scope=all&sort=amount&dir=desc&filter=${filter}&columns=invNo,amount,poNumber`,
    );
    expect(filtered.headers['x-total-count']).toBe(String(BULK / 2));
    const filteredRows = (await readSheet(filtered.rawPayload)).slice(1);
    expect(filteredRows.map((row) => row[0])).toEqual(
      Array.from({ length: BULK / 2 }, (_, i) => `USD-${String(BULK - i * 2).padStart(5, '0')}`),
    );
    expect(filteredRows[0]).toEqual([`USD-0${BULK}`, BULK * 1.25, 'PO-EVEN']);
    expect(filteredRows.every((row) => row[2] === 'PO-EVEN')).toBe(true);
  });

  it('refuses what the grid refuses, before anything is streamed', async () => {
    const foreign = await client.get(`/invoices/export/xlsx?custNo=${ids.foreign}`);
    expectError(foreign, 404, 'NOT_FOUND');
    expect(foreign.headers['content-type']).toContain('application/json');
    const badFilter = await client.get(`/invoices/export/xlsx?filter=${encodeURIComponent("amount gt 'x'")}`);
    expect(badFilter.statusCode).toBe(400);
    expect(badFilter.json().code).toBe('INVALID_FILTER');
    expect((await client.get('/invoices/export/xlsx?currencyCode=GBP')).json().code).toBe(
      'CURRENCY_NOT_AVAILABLE',
    );
    const badScope = expectError(
      await client.get('/invoices/export/xlsx?scope=everything'),
      400,
      'VALIDATION_FAILED',
    );
    expect(badScope.fieldErrors).toEqual([{ field: 'querystring.scope', message: expect.any(String) }]);
    expectError(await new TestClient(context).get('/invoices/export/xlsx'), 401, 'UNAUTHENTICATED');
  });
});

describe('GET /invoices/export/pdf', () => {
  it('prints the grid page as a landscape table with totals and page numbers', async () => {
    const response = await client.get('/invoices/export/pdf?currencyCode=EUR&pageSize=50');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="invoices-${ids.own}-EUR-open-page-1.pdf"`,
    );
    expect(response.headers['x-total-count']).toBe('12');
    const pdf = await readPdf(response.rawPayload);
    expect(pdf.pageCount).toBe(1);
    for (const expected of [
      `Open invoices of Café Société (${ids.own})`,
      'Invoice number',
      'Amount (EUR)',
      'EUR-01',
      'EUR-12',
      // Dates as the grid shows them, in the reader's formatting locale (en-US here).
      'Oct 1, 2026',
      'Sep 12, 2026',
      '1,200.25',
      '-25.50',
      'Total: 12 invoices',
      // 100.25 * 12 + 100 * (1+...+12) - 300.25 - 25.50 (EUR-03 is a credit)
      '7,477.25',
      'Page 1 of 1',
    ]) {
      expect(pdf.text).toContain(expected);
    }
  });

  it('pages a large selection with the header repeated and every row printed once', async () => {
    const filter = encodeURIComponent("substringof('EVEN',poNumber)");
    const response = await client.get(
      `/invoices/export/pdf?currencyCode=USD&scope=all&sort=amount&dir=asc&filter=${filter}&columns=invNo,dueDate,amount`,
    );
    expect(response.statusCode).toBe(200);
    expect(response.headers['x-total-count']).toBe(String(BULK / 2));
    const pdf = await readPdf(response.rawPayload);
    expect(pdf.pageCount).toBeGreaterThan(10);
    pdf.pages.forEach((page, index) => {
      expect(page).toContain(`Page ${index + 1} of ${pdf.pageCount}`);
      expect(page).toContain('Amount (USD)');
    });
    const printed = pdf.text.match(/USD-\d{5}/g) ?? [];
    expect(printed).toHaveLength(BULK / 2);
    expect(printed[0]).toBe('USD-00002');
    expect(printed.at(-1)).toBe(`USD-0${BULK}`);
    // 1.25 * (2 + 4 + ... + 2500)
    expect(pdf.pages.at(-1)).toContain('Total: 1,250 invoices');
    expect(pdf.pages.at(-1)).toContain('1,954,687.50');
  });

  it('refuses more than 5,000 rows with a clear message that points to Excel', async () => {
    const response = await client.get('/invoices/export/pdf?currencyCode=CAD&scope=all');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'EXPORT_TOO_LARGE', args: ['5001', '5000'] });
    expect(response.json().message).toContain('Excel');
    expect(
      (await client.get('/invoices/export/pdf?currencyCode=CAD&scope=page&pageSize=20')).statusCode,
    ).toBe(200);
  });
});

describe('invoice exports in the reader’s language and formats', () => {
  /** The signed-in user's language and formatting locale, as the profile sets them. */
  const readAs = (language: string, localeForFormatting: string) =>
    context.database.db.update(users).set({ language, localeForFormatting }).where(eq(users.id, ids.userId));
  afterAll(() => readAs('en', 'en-US'));

  const pdfOf = async (query: string) => {
    const response = await client.get(`/invoices/export/pdf?${query}`);
    expect(response.statusCode, response.body).toBe(200);
    const [pdf, characters] = await Promise.all([
      readPdf(response.rawPayload),
      readPdfCharacters(response.rawPayload),
    ]);
    return { ...pdf, characters };
  };

  it('writes the PDF export in French, amounts, counts and dates in fr-FR, for a French reader', async () => {
    await readAs('fr', 'fr-FR');
    const pdf = await pdfOf('currencyCode=EUR&pageSize=50');
    expect(pdf.pageCount).toBe(1);
    expect(pdf.title).toBe(`Factures ouvertes du client Café Société (${ids.own})`);
    for (const expected of [
      `Factures ouvertes du client Café Société (${ids.own})`,
      'Montants en EUR',
      'Exporté le',
      // The grid's default columns, titled as the French grid titles them.
      'N° de facture',
      'Date de facture',
      'Échéance',
      'Montant (EUR)',
      'Solde (EUR)',
      'En litige (EUR)',
      'Promesse',
      'N° de commande',
      'EUR-01',
      '1 sept. 2026',
      '1 oct. 2026',
      'Oui',
      'Non',
      'Total : 12 factures',
      `Northwind Receivables · Factures du client ${ids.own} (EUR)`,
      'Page 1 sur 1',
    ]) {
      expect(pdf.text).toContain(expected);
    }
    const page = pdf.characters[0]!;
    for (const amount of ['100,25', '1\u202f200,25', '-25,50', '7\u202f477,25']) {
      expect(page).toMatch(new RegExp(`^${amount}$`, 'm'));
    }
    for (const english of [
      'Open invoices',
      'Amounts in',
      'Exported',
      'Invoice number',
      'Due date',
      'Total:',
      'Yes',
      'Page 1 of',
      '1,200.25',
    ]) {
      expect(pdf.text).not.toContain(english);
    }
  });

  it('pages a French export with its heading carried over and the count in fr-FR', async () => {
    await readAs('fr', 'fr-FR');
    const filter = encodeURIComponent("substringof('EVEN',poNumber)");
    const pdf = await pdfOf(
      `currencyCode=USD&scope=all&sort=amount&dir=asc&filter=${filter}&columns=invNo,dueDate,amount`,
    );
    expect(pdf.pageCount).toBeGreaterThan(10);
    pdf.pages.forEach((page, index) => {
      expect(page).toContain(`Page ${index + 1} sur ${pdf.pageCount}`);
      expect(page).toContain('Montant (USD)');
      if (index > 0) expect(page).toContain(`Factures ouvertes du client Café Société (${ids.own}) (suite)`);
    });
    expect(pdf.pages[0]).toContain('Filtre : substringof');
    expect(pdf.characters.at(-1)).toContain('Total : 1\u202f250 factures');
    expect(pdf.characters.at(-1)).toMatch(/^1\u202f954\u202f687,50$/m);
  });

  it('fits every column of the grid on the page in French, nothing cut', async () => {
    await readAs('fr', 'fr-FR');
    const every = Object.keys(INVOICE_FIELDS).join(',');
    const pdf = await pdfOf(`currencyCode=EUR&pageSize=50&columns=${every}`);
    // No cell and no header shortened with an ellipsis; the longest titles wrap instead.
    expect(pdf.text).not.toContain('…');
    for (const expected of [
      'Solde de la',
      'transaction',
      'Paiement en',
      'cours',
      '12 sept. 2026',
      '20 nov. 2026',
    ]) {
      expect(pdf.text).toContain(expected);
    }
    const page = pdf.characters[0]!;
    for (const amount of ['1\u202f200,25', '7\u202f477,25', '-25,50'])
      expect(page).toMatch(new RegExp(`^${amount}$`, 'm'));
    expect(page).toMatch(/^EUR-12$/m);
  });

  it('titles the Excel export’s columns and writes its flags in the reader’s language', async () => {
    const workbook = async () => {
      const response = await client.get(
        '/invoices/export/xlsx?currencyCode=EUR&columns=invNo,tranBal,promise,paymentPending,nextFollowupDate',
      );
      expect(response.statusCode, response.body).toBe(200);
      return readSheet(response.rawPayload);
    };
    await readAs('en', 'en-US');
    const english = await workbook();
    expect(english[0]).toEqual([
      'Invoice number',
      'Transaction balance (EUR)',
      'Promised',
      'Payment pending',
      'Follow-up date',
    ]);
    expect(english[6]).toEqual(['EUR-06', 600.25, 'Yes', 'No', utc('2026-11-20')]);

    await readAs('fr', 'fr-FR');
    const french = await workbook();
    expect(french[0]).toEqual([
      'N° de facture',
      'Solde de la transaction (EUR)',
      'Promesse',
      'Paiement en cours',
      'Date de relance',
    ]);
    // Amounts and dates stay typed cells (the spreadsheet shows them by its own settings).
    expect(french[6]).toEqual(['EUR-06', 600.25, 'Oui', 'Non', utc('2026-11-20')]);
    expect(french[1]?.[2]).toBe('Non');
  });

  it('names the workbook’s sheet in the reader’s language', async () => {
    const sheetName = async () => {
      const response = await client.get('/invoices/export/xlsx?currencyCode=EUR');
      const workbook = new ExcelJS.Workbook();
      await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
      return workbook.worksheets.map((sheet) => sheet.name);
    };
    await readAs('en', 'en-US');
    expect(await sheetName()).toEqual(['Invoices']);
    await readAs('fr', 'fr-FR');
    expect(await sheetName()).toEqual(['Factures']);
  });
});

describe('readInvoiceBatches', () => {
  it('reads, batch after batch, exactly the rows and order of one big page, ties included', async () => {
    const scope = { customerId: ids.ownId, currencyCode: 'USD', status: 'O' as const, userId: ids.userId };
    // Due dates and PO numbers repeat (ties broken by id); amounts are unique.
    for (const [sort, dir] of [
      ['dueDate', 'asc'],
      ['poNumber', 'desc'],
      ['amount', 'desc'],
    ] as const) {
      const expected = (
        await findInvoicePage(context.database.db, { scope, sort, dir, limit: BULK, offset: 0 })
      ).map((record) => record.inv_no);
      const sizes: number[] = [];
      const read: string[] = [];
      for await (const batch of readInvoiceBatches(context.database.db, {
        scope,
        sort,
        dir,
        offset: 10,
        limit: BULK - 10,
        batchSize: 333,
      })) {
        sizes.push(batch.length);
        read.push(...batch.map((row) => row.invNo));
      }
      expect(read).toEqual(expected.slice(10));
      expect(sizes).toEqual([...Array.from({ length: 7 }, () => 333), BULK - 10 - 7 * 333]);
    }
  });
});
