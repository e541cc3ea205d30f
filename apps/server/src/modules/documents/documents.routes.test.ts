import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invoiceExtendedFields } from '../../db/schema/invoices';
import { users } from '../../db/schema/users';
import { expectError } from '../../test/expect-error';
import {
  buildCustomer,
  buildInvoice,
  buildLineItems,
  buildTenant,
  buildUser,
  TEST_PASSWORD,
} from '../../test/factories';
import { countStatements } from '../../test/statement-count';
import {
  createTestApp,
  EVERY_CALL_READS_ITS_SESSION,
  TestClient,
  type TestContext,
} from '../../test/test-app';
import { readPdf, readPdfCharacters } from './pdf-reader.test-helper';

let context: TestContext;
let client: TestClient;
const ids = { own: '', foreign: '', other: '', userId: 0 };

async function addLines(invoiceId: number, count: number, describe: (n: number) => string) {
  return buildLineItems(
    context.database.db,
    invoiceId,
    Array.from({ length: count }, (_, index) => ({ description: describe(index + 1) })),
  );
}

beforeAll(async () => {
  context = await createTestApp({}, undefined, EVERY_CALL_READS_ITS_SESSION);
  const { db } = context.database;
  const tenant = await buildTenant(db, { isDefault: true });
  const own = await buildCustomer(db, tenant.id, { company: 'Café Société', currencies: ['EUR', 'GBP'] });
  const other = await buildCustomer(db, tenant.id, { company: 'Second Account', currencies: ['USD'] });
  const foreign = await buildCustomer(db, tenant.id, { company: 'Foreign Secret Ltd', currencies: ['EUR'] });
  Object.assign(ids, { own: own.custNo, foreign: foreign.custNo, other: other.custNo });
  const user = await buildUser(db, tenant.id, {
    customers: [{ id: own.id, defAccount: true }, { id: other.id }],
  });
  ids.userId = user.id;

  const single = await buildInvoice(db, own, {
    invNo: 'INV-A',
    tranCurrencyCode: 'EUR',
    amount: '1234.50',
    paidAmount: '200.00',
    disputeAmount: '34.50',
    poNumber: 'PO-7781',
    terms: 'Net 30',
    invoiceDate: '2026-09-15',
    dueDate: '2026-10-15',
  });
  const singleLines = await addLines(
    single.id,
    3,
    (n) => ['Crème brûlée kit', 'Espresso beans 1 kg', 'Delivery'][n - 1]!,
  );
  // Extended fields on the first two lines, and one of the invoice's own that no line shows.
  await db.insert(invoiceExtendedFields).values([
    { invoiceId: single.id, lineItemId: singleLines[1]!.id, field: 'lot', title: 'Lot', value: 'L-43' },
    { invoiceId: single.id, lineItemId: singleLines[0]!.id, field: 'lot', title: 'Lot', value: 'L-42' },
    { invoiceId: single.id, lineItemId: null, field: 'contract', title: 'Contract', value: 'K-1' },
    { invoiceId: single.id, lineItemId: singleLines[0]!.id, field: 'origin', title: 'Origin', value: 'Lyon' },
  ]);
  const long = await buildInvoice(db, own, { invNo: 'INV-LONG', tranCurrencyCode: 'EUR', amount: '2000.00' });
  await addLines(long.id, 90, (n) =>
    n % 10 === 0
      ? `Line ${n}: a long description that wraps over several lines of the table to test row heights`
      : `Line ${n} goods`,
  );
  const pounds = await buildInvoice(db, own, { invNo: 'INV-GBP', tranCurrencyCode: 'GBP', amount: '-75.25' });
  await addLines(pounds.id, 1, () => 'Credit for returned goods');
  await buildInvoice(db, own, {
    invNo: 'INV-CLOSED',
    tranCurrencyCode: 'EUR',
    status: 'C',
    amount: '10.00',
    balance: '0.00',
  });
  for (let n = 1; n <= 50; n++) {
    const printed = await buildInvoice(db, own, {
      invNo: `INV-P${String(n).padStart(2, '0')}`,
      amount: '10.00',
    });
    await addLines(printed.id, 1, () => `Printed goods ${n}`);
  }
  await buildInvoice(db, other, { invNo: 'INV-OTHER', amount: '5.00' });
  await buildInvoice(db, foreign, { invNo: 'INV-SECRET', tranCurrencyCode: 'EUR', amount: '999.00' });

  client = new TestClient(context);
  expect((await client.signIn(user.loginName, TEST_PASSWORD)).statusCode).toBe(200);
});
afterAll(() => context.close());

const download = (query: string) => client.get(`/gateway/downloadLinkedContent?time=1730000000000&${query}`);

describe('GET /gateway/downloadLinkedContent', () => {
  it('renders one invoice: parties, facts, lines, totals with the currency, and the page footer', async () => {
    const response = await download('invStatus=O&invNo=INV-A');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe('inline; filename="invoice-INV-A.pdf"');
    expect(response.headers.message).toBeUndefined();
    expect(response.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');

    const pdf = await readPdf(response.rawPayload);
    expect(pdf.pageCount).toBe(1);
    expect(pdf.title).toBe('Invoice INV-A');
    for (const expected of [
      'Northwind Receivables',
      'INVOICE',
      'INV-A',
      'Café Société',
      `Customer no. ${ids.own}`,
      'Sep 15, 2026',
      'Oct 15, 2026',
      'Net 30',
      'PO-7781',
      'Crème brûlée kit',
      'Espresso beans 1 kg',
      'Delivery',
      '€12.50',
      '€25.00',
      '€1,234.50 EUR',
      '€200.00 EUR',
      '€34.50 EUR',
      'Balance due',
      '€1,034.50 EUR',
      'Page 1 of 1',
    ]) {
      expect(pdf.text).toContain(expected);
    }
  });

  it("shows each line's extended fields, in the order stored, on the detail and in the document", async () => {
    const detail = (await client.get('/invoices/detail/INV-A')).json();
    const fields = (line: { extendedFields: Array<{ title: string; value: string }> }) =>
      line.extendedFields.map((field) => `${field.title}: ${field.value}`);
    expect(detail.lineItems.map(fields)).toEqual([['Lot: L-42', 'Origin: Lyon'], ['Lot: L-43'], []]);
    expect(detail.lineItems[0].extendedFields[0]).toEqual({
      field: 'lot',
      title: 'Lot',
      dataType: 'string',
      value: 'L-42',
    });
    const text = (await readPdf((await download('invNo=INV-A')).rawPayload)).text;
    expect(text).toMatch(/Crème brûlée kit.*Lot: L-42.*Origin: Lyon.*Espresso beans 1 kg.*Lot: L-43/s);
    expect(text).not.toContain('K-1');
  });

  it('sends an attachment on type=download, with the currency symbol of each invoice', async () => {
    const response = await download('type=download&invNo=INV-GBP');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe('attachment; filename="invoice-INV-GBP.pdf"');
    const pdf = await readPdf(response.rawPayload);
    expect(pdf.text).toContain('-£75.25 GBP');
    expect(pdf.text).toContain('Credit for returned goods');
  });

  it('breaks a long line table across pages, repeating the table header, and numbers every page', async () => {
    const pdf = await readPdf((await download('invNo=INV-LONG')).rawPayload);
    expect(pdf.pageCount).toBeGreaterThanOrEqual(3);
    pdf.pages.forEach((page, index) => {
      expect(page).toContain(`Page ${index + 1} of ${pdf.pageCount}`);
      // Every page that holds line items starts with the table header.
      if (page.includes('SKU-')) expect(page).toMatch(/Item\s+Description\s+Qty\s+Price\s+Extended/);
    });
    expect(pdf.pages.filter((page) => page.includes('SKU-')).length).toBeGreaterThanOrEqual(3);
    expect(pdf.pages[1]).toContain('Invoice INV-LONG (continued)');
    for (let n = 1; n <= 90; n++) expect(pdf.text).toContain(`Line ${n}`);
    expect(pdf.pages.at(-1)).toContain('€2,000.00 EUR');
    // Nothing is lost at a page break: each line is on exactly one page.
    const pagesWithLine90 = pdf.pages.filter((page) => page.includes('Line 90:'));
    expect(pagesWithLine90).toHaveLength(1);
  });

  it('puts several invoices in one document, each from a new page, in the order asked', async () => {
    const single = await readPdf((await download('invNo=INV-A')).rawPayload);
    const long = await readPdf((await download('invNo=INV-LONG')).rawPayload);
    const response = await download('invNo=INV-GBP&invNo=INV-A&invNo=INV-LONG&invNo=INV-A');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe('inline; filename="invoices-3.pdf"');
    const pdf = await readPdf(response.rawPayload);
    expect(pdf.pageCount).toBe(1 + single.pageCount + long.pageCount);
    expect(pdf.pages[0]).toContain('No. INV-GBP');
    expect(pdf.pages[1]).toContain('No. INV-A');
    expect(pdf.pages[2]).toContain('No. INV-LONG');
    expect(pdf.pages[1]).toContain(`Page 2 of ${pdf.pageCount}`);
    expect(pdf.title).toBe('Invoices (3)');
  });

  it("answers 404 with the message header for another customer's invoice, and renders nothing", async () => {
    const response = await download('invNo=INV-A&invNo=INV-SECRET');
    expect(response.statusCode).toBe(404);
    expect(response.headers.message).toBe('INVOICE_NOT_FOUND');
    expect(response.headers.arg).toBe('INV-SECRET');
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toMatchObject({
      statusCode: 404,
      code: 'INVOICE_NOT_FOUND',
      args: ['INV-SECRET'],
    });
    expect(response.body).not.toContain('%PDF');
    expect(response.body).not.toContain('Foreign Secret');

    const unknown = await download('invNo=NOPE-1&invNo=NOPE-2');
    expect(unknown.headers.arg).toBe('NOPE-1,NOPE-2');
    // An invoice of a linked customer other than the one in scope is not found either.
    expect((await download('invNo=INV-OTHER')).headers.message).toBe('INVOICE_NOT_FOUND');
    expect((await download(`custNo=${ids.other}&invNo=INV-OTHER`)).statusCode).toBe(200);
    const foreignCustomer = await download(`custNo=${ids.foreign}&invNo=INV-SECRET`);
    expect(foreignCustomer.statusCode).toBe(404);
    expect(foreignCustomer.headers.message).toBe('NOT_FOUND');
  });

  it('respects invStatus: an open invoice is not found among closed ones and the other way round', async () => {
    expect((await download('invStatus=C&invNo=INV-A')).headers.message).toBe('INVOICE_NOT_FOUND');
    const openOnly = expectError(await download('invStatus=O&invNo=INV-CLOSED'), 404, 'INVOICE_NOT_FOUND');
    expect(openOnly.args).toEqual(['INV-CLOSED']);
    const closed = await download('invStatus=C&invNo=INV-CLOSED');
    expect(closed.statusCode).toBe(200);
    expect((await readPdf(closed.rawPayload)).text).toContain('Closed');
  });

  it('refuses no selection, too many invoices and a bad status with 400 and a message header', async () => {
    const none = await download('invStatus=O');
    expect(none.statusCode).toBe(400);
    expect(none.headers.message).toBe('NO_INVOICE_SELECTED');

    const many = await download(Array.from({ length: 51 }, (_, i) => `invNo=X-${i}`).join('&'));
    expect(many.statusCode).toBe(400);
    expect(many.headers.message).toBe('TOO_MANY_INVOICES');
    expect(many.headers.arg).toBe('51,50');

    const bad = await download('invStatus=Z&invNo=INV-A');
    expect(bad.statusCode).toBe(400);
    expect(bad.headers.message).toBe('VALIDATION_FAILED');
  });

  it('percent-encodes header arguments that are not plain ASCII', async () => {
    const response = await download(`invNo=${encodeURIComponent('FACT-é,1')}`);
    expect(response.statusCode).toBe(404);
    expect(response.headers.arg).toBe('FACT-%C3%A9%2C1');
    expect(decodeURIComponent(String(response.headers.arg))).toBe('FACT-é,1');
  });

  it('reads the customer once and the invoices once, however many invoices the document holds', async () => {
    /** Statements the database ran for one call, and the call's answer. */
    const counted = async (query: string) => {
      const { statements, answer: response } = await countStatements(context.database, () => download(query));
      return { statements, response };
    };
    await download('invNo=INV-A'); // the currency symbols are read once per process
    // The session, the customer's link to the user (the access check), the invoices, their lines.
    const one = await counted('invNo=INV-A');
    expect(one.statements).toBe(4);
    expect((await readPdf(one.response.rawPayload)).text).toContain('Crème brûlée kit');
    expect((await counted(`custNo=${ids.own}&invNo=INV-A`)).statements).toBe(4);
    const three = await counted('invNo=INV-GBP&invNo=INV-A&invNo=INV-LONG');
    expect(three.statements).toBe(4);
    const text = (await readPdf(three.response.rawPayload)).text;
    for (const expected of ['Credit for returned goods', 'Espresso beans 1 kg', 'Line 90:']) {
      expect(text).toContain(expected);
    }
    // The largest document, 50 invoices: still one read of the invoices and one of their lines.
    const printed = Array.from({ length: 50 }, (_, index) => `INV-P${String(index + 1).padStart(2, '0')}`);
    const fifty = await counted(printed.map((invNo) => `invNo=${invNo}`).join('&'));
    expect(fifty.statements).toBe(4);
    const batch = await readPdf(fifty.response.rawPayload);
    expect(batch.pageCount).toBe(50);
    expect(batch.pages[49]).toContain('Printed goods 50');
    // Another customer's invoice: no lines are read, and the answer is the one for a missing invoice.
    const foreign = await counted('invNo=INV-SECRET');
    expect(foreign.statements).toBe(3);
    expect(foreign.response.headers.message).toBe('INVOICE_NOT_FOUND');
  });

  it('needs a session', async () => {
    const anonymous = new TestClient(context);
    const response = await anonymous.get('/gateway/downloadLinkedContent?invNo=INV-A');
    expect(response.statusCode).toBe(401);
    expect(response.headers.message).toBe('UNAUTHENTICATED');
  });
});

describe('the invoice document in the reader’s language and formats', () => {
  /** The signed-in user's language and formatting locale, as the profile sets them. */
  const readAs = (language: string, localeForFormatting: string) =>
    context.database.db.update(users).set({ language, localeForFormatting }).where(eq(users.id, ids.userId));
  const printed = Array.from(
    { length: 50 },
    (_, index) => `invNo=INV-P${String(index + 1).padStart(2, '0')}`,
  );
  /** The document's text (pdf.js), and its characters as drawn (no-break spaces kept). */
  const document = async (query: string) => {
    const response = await download(query);
    expect(response.statusCode, response.body).toBe(200);
    const [pdf, characters] = await Promise.all([
      readPdf(response.rawPayload),
      readPdfCharacters(response.rawPayload),
    ]);
    return { ...pdf, characters };
  };
  afterAll(() => readAs('en', 'en-US'));

  it('writes every label of one invoice in the reader’s language and formats: en-US, then fr-FR', async () => {
    await readAs('en', 'en-US');
    const english = await document('invNo=INV-A');
    expect(english.title).toBe('Invoice INV-A');
    for (const expected of [
      'INVOICE',
      'No. INV-A',
      'BILL TO',
      `Customer no. ${ids.own}`,
      'Invoice number',
      'Invoice date',
      'Sep 15, 2026',
      'Due date',
      'Oct 15, 2026',
      'Terms',
      'PO number',
      'Currency',
      'Status',
      'Open',
      'Item',
      'Description',
      'Qty',
      'Price',
      'Extended',
      'Amount',
      'Paid',
      'Disputed',
      'Balance due',
      'All amounts in EUR.',
      'Northwind Receivables · Invoice INV-A',
      'Page 1 of 1',
    ]) {
      expect(english.text).toContain(expected);
    }
    expect(english.characters[0]).toContain('€1,234.50 EUR');
    expect(english.characters[0]).toContain('€1,034.50 EUR');
    expect(english.characters[0]).toContain('€12.50');
    expect(english.text).not.toMatch(/FACTURE|Solde dû|Page 1 sur/);

    await readAs('fr', 'fr-FR');
    const french = await document('invNo=INV-A');
    expect(french.title).toBe('Facture INV-A');
    for (const expected of [
      'Northwind Receivables',
      'FACTURE',
      'N° INV-A',
      'FACTURÉ À',
      'Café Société',
      `N° client ${ids.own}`,
      'N° de facture',
      'Date de facture',
      '15 sept. 2026',
      'Échéance',
      '15 oct. 2026',
      'Conditions',
      'Net 30',
      'N° de commande',
      'PO-7781',
      'Devise',
      'Statut',
      'Ouverte',
      'Article',
      'Désignation',
      'Qté',
      'Prix',
      'Montant',
      'Crème brûlée kit',
      'Payé',
      'En litige',
      'Solde dû',
      'Tous les montants en EUR.',
      'Northwind Receivables · Facture INV-A',
      'Page 1 sur 1',
    ]) {
      expect(french.text).toContain(expected);
    }
    // As the shared formatter writes them: a narrow no-break space between thousands, a
    // no-break space before the sign, a decimal comma; quantities the same way.
    const page = french.characters[0]!;
    for (const amount of [
      '1\u202f234,50\u00a0€ EUR',
      '200,00\u00a0€ EUR',
      '34,50\u00a0€ EUR',
      '1\u202f034,50\u00a0€ EUR',
    ]) {
      expect(page).toContain(amount);
    }
    expect(page).toMatch(/^12,50\u00a0€$/m);
    expect(page).toMatch(/^25,00\u00a0€$/m);
    expect(page).toMatch(/^2$/m);
    for (const english of [
      'INVOICE',
      'BILL TO',
      'Customer no.',
      'Invoice date',
      'Due date',
      'Balance due',
      'Extended',
      'All amounts',
      'Page 1 of',
      'Sep 15',
      '€1,234.50',
    ]) {
      expect(french.text).not.toContain(english);
    }
  });

  it('writes a French credit note, the closed status and the table carried over to the next page in French', async () => {
    await readAs('fr', 'fr-FR');
    const credit = await document('invNo=INV-GBP');
    expect(credit.characters[0]).toContain('-75,25\u00a0£ GBP');
    const closed = await document('invStatus=C&invNo=INV-CLOSED');
    expect(closed.text).toContain('Soldée');
    expect(closed.text).toContain('Aucune ligne.');
    const long = await document('invNo=INV-LONG');
    expect(long.pageCount).toBeGreaterThanOrEqual(3);
    expect(long.pages[1]).toContain('Facture INV-LONG (suite)');
    long.pages.forEach((page, index) => {
      expect(page).toContain(`Page ${index + 1} sur ${long.pageCount}`);
      if (page.includes('SKU-')) expect(page).toMatch(/Article\s+Désignation\s+Qté\s+Prix\s+Montant/);
    });
    expect(long.characters.at(-1)).toContain('2\u202f000,00\u00a0€ EUR');
  });

  it('prints 50 invoices in one document, every page in the reader’s language: fr-FR, then en-US', async () => {
    await readAs('fr', 'fr-FR');
    const french = await document(printed.join('&'));
    expect(french.pageCount).toBe(50);
    expect(french.title).toBe('Factures (50)');
    french.pages.forEach((page, index) => {
      const invNo = `INV-P${String(index + 1).padStart(2, '0')}`;
      expect(page).toContain('FACTURE');
      expect(page).toContain(`N° ${invNo}`);
      expect(page).toContain('Solde dû');
      expect(page).toContain(`Northwind Receivables · Facture ${invNo}`);
      expect(page).toContain(`Page ${index + 1} sur 50`);
      expect(page).not.toMatch(/INVOICE|Balance due|Page \d+ of/);
      expect(french.characters[index]).toContain('10,00\u00a0$ USD');
    });

    await readAs('en', 'en-US');
    const english = await document(printed.join('&'));
    expect(english.pageCount).toBe(50);
    expect(english.title).toBe('Invoices (50)');
    english.pages.forEach((page, index) => {
      expect(page).toContain('Balance due');
      expect(page).toContain(`Page ${index + 1} of 50`);
      expect(english.characters[index]).toContain('$10.00 USD');
    });
  });
});

describe('GET /invoices/getFonts', () => {
  const fontDirectory = path.join(
    path.dirname(createRequire(import.meta.url).resolve('dejavu-fonts-ttf/package.json')),
    'ttf',
  );

  it('serves the allow-listed fonts as font/ttf', async () => {
    for (const name of ['DejaVuSans', 'DejaVuSans-Bold']) {
      const response = await client.get(`/invoices/getFonts?fontName=${name}`);
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('font/ttf');
      expect(response.rawPayload.equals(readFileSync(path.join(fontDirectory, `${name}.ttf`)))).toBe(true);
    }
  });

  it('answers 404 for any other name, and never reads a path from the request', async () => {
    for (const name of [
      'DejaVuSansMono',
      '../ttf/DejaVuSans',
      'DejaVuSans.ttf',
      '__proto__',
      'toString',
      '/etc/passwd',
    ]) {
      const response = await client.get(`/invoices/getFonts?fontName=${encodeURIComponent(name)}`);
      expect(response.statusCode).toBe(404);
      expect(response.headers.message).toBe('FONT_NOT_FOUND');
      expect(response.json().code).toBe('FONT_NOT_FOUND');
    }
    const unnamed = expectError(await client.get('/invoices/getFonts'), 400, 'VALIDATION_FAILED');
    expect(unnamed.fieldErrors).toEqual([{ field: 'querystring.fontName', message: expect.any(String) }]);
  });
});
