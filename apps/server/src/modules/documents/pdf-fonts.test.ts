import { inflateSync } from 'node:zlib';
import type { TPaymentSummary } from '@settle/shared/payments';
import type { TStatement } from '@settle/shared/statements';
import * as fontkit from 'fontkit';
import { describe, expect, it } from 'vitest';
import { renderInvoiceGridPdf } from '../exports/invoice-grid-pdf';
import { renderReceiptPdf } from '../payments/receipt-pdf';
import { renderStatementPdf } from '../statements/statement-pdf';
import { type InvoiceDocumentInput, renderInvoicesPdf } from './invoice-pdf';
import {
  createPdfDocument,
  drawText,
  FONT_BOLD,
  FONT_REGULAR,
  type PdfDocument,
  readFont,
} from './pdf-layout';
import { readPdf } from './pdf-reader.test-helper';

/**
 * The fonts are parsed once per process and shared by every document (pdf-layout.ts). What a
 * document holds must still be its own: its text, its font subsets and their ToUnicode maps,
 * whatever was made before it or at the same time.
 */

async function bytesOf(document: PdfDocument): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of document) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

/** The creation date (and the file id made from it) is the only part that may differ. */
function withoutDate(data: Buffer): string {
  return data
    .toString('latin1')
    .replace(/\(D:\d{14}Z\)/g, '(D:date)')
    .replace(/\/ID \[<[0-9a-f]+> <[0-9a-f]+>\]/, '/ID [id]');
}

function invoiceInput(invNo: string, descriptions: string[]): InvoiceDocumentInput {
  return {
    company: 'Café Société',
    currencySymbol: '€',
    detail: {
      invoice: {
        id: 1,
        invNo,
        tranId: `T-${invNo}`,
        custNo: 'C10001',
        accountName: 'Café Société',
        status: 'O',
        invoiceDate: '2026-09-15',
        dueDate: '2026-10-15',
        tranCurrencyCode: 'EUR',
        amount: '1234.50',
        balance: '1000.00',
        tranBal: '1000.00',
        tranOrig: '1234.50',
        disputeAmount: '34.50',
        paidAmount: '200.00',
        paymentPending: 'false',
        paymentPendingAmount: '0',
        promise: 'false',
        promisedAmount: '0',
        nextFollowupDate: null,
        poNumber: 'PO-7781',
        terms: 'Net 30',
        inCart: false,
      },
      headerFields: [],
      lineItems: descriptions.map((description, index) => ({
        id: index + 1,
        lineNo: index + 1,
        item: `SKU-${index + 1}`,
        description,
        qtyShip: '2.000',
        price: '12.3450',
        ext: '24.69',
        disputedCount: '0',
        disputedAmt: '0',
        extendedFields: [],
      })),
      lineItemFields: [],
      maxAmount: '965.50',
    },
  };
}

const statement: TStatement = {
  custNo: 'C10001',
  company: 'Château Verde SARL',
  currencyCode: 'EUR',
  asOf: '2026-10-31',
  from: '2026-10-01',
  to: '2026-10-31',
  openItems: [
    {
      invNo: 'INV-1',
      invoiceDate: '2026-09-01',
      dueDate: '2026-10-01',
      amount: '1234567.5',
      balance: '1234567.5',
      daysPastDue: 30,
    },
  ],
  credits: [],
  payments: [],
  aging: [{ bucket: 'days1to30', count: 1, amount: '1234567.5' }],
  totals: { openItems: '1234567.5', credits: '0', balanceDue: '1234567.5', payments: '0' },
} as TStatement;

const receipt = {
  paymentLogId: 42,
  extTranRefId: 'EXT-42',
  custNo: 'C10001',
  currencyCode: 'EUR',
  paymentDecision: 'SUCCESS',
  responseText: null,
  methodType: 'CREDIT_CARD',
  paymentType: 'CREDIT_CARD',
  transactionType: 'INVOICES',
  amount: '1234.5',
  convenienceFeeAmount: '0',
  totalCharged: '1234.5',
  accountMasked: '************4242',
  trackingNo: null,
  authCode: null,
  note: null,
  contractNumber: null,
  createdAt: '2026-10-12T09:15:00.000Z',
  settledAt: '2026-10-12T09:16:00.000Z',
  paymentDetailLogViews: [{ invNo: 'INV-1', amount: '1234.5', currCode: 'EUR', shortPayReason: null }],
  history: [],
} as unknown as TPaymentSummary;

const SELLER = 'Northwind Receivables';
const documents = {
  invoice: () =>
    renderInvoicesPdf([invoiceInput('INV-A', ['Crème brûlée kit', 'Office chairs'])], {
      language: 'en',
      locale: 'en-US',
      sellerName: SELLER,
    }),
  invoiceFr: () =>
    renderInvoicesPdf([invoiceInput('INV-A', ['Crème brûlée kit', 'Office chairs'])], {
      language: 'fr',
      locale: 'fr-FR',
      sellerName: SELLER,
    }),
  statementFr: () => renderStatementPdf(statement, { language: 'fr', locale: 'fr-FR', sellerName: SELLER }),
  statementEn: () => renderStatementPdf(statement, { language: 'en', locale: 'en-US', sellerName: SELLER }),
  receiptFr: () =>
    renderReceiptPdf(receipt, {
      language: 'fr',
      locale: 'fr-FR',
      timeZone: 'Europe/Paris',
      company: 'Café Société',
      sellerName: SELLER,
    }),
  receiptEn: () =>
    renderReceiptPdf(receipt, {
      language: 'en',
      locale: 'en-GB',
      timeZone: 'Europe/London',
      company: 'Café Société',
      sellerName: SELLER,
    }),
  /** A grid export awaits its rows between batches: documents made meanwhile interleave with it. */
  grid: async () =>
    (
      await renderInvoiceGridPdf({
        language: 'fr',
        locale: 'fr-FR',
        grid: 'invoices',
        columns: [
          { field: 'invNo', title: 'Invoice number', type: 'string', width: 16 },
          { field: 'dueDate', title: 'Due date', type: 'date', width: 12 },
          { field: 'amount', title: 'Amount', type: 'currency', width: 16 },
        ],
        currencyCode: 'EUR',
        batches: (async function* () {
          for (let batch = 0; batch < 4; batch++) {
            await new Promise((resolve) => setImmediate(resolve));
            yield Array.from({ length: 30 }, (_, row) => ({
              invNo: `ZQ-${batch}-${row}`,
              dueDate: '2026-10-01',
              amount: `${batch * 1000 + row}.25`,
            }));
          }
        })(),
        title: 'Factures ouvertes du client Château Verde SARL (C10001)',
        footer: 'Factures du client C10001 (EUR)',
        exportedOn: '2026-10-31',
        sellerName: SELLER,
      })
    ).document,
} satisfies Record<string, () => Promise<PdfDocument>>;
type Name = keyof typeof documents;
const make = async (name: Name) => bytesOf(await documents[name]());

/** The subset font names (ABCDEF+DejaVuSans) and how many font files are embedded. */
function embeddedFonts(data: Buffer) {
  const text = data.toString('latin1');
  return {
    names: [
      ...new Set([...text.matchAll(/\/BaseFont \/[A-Z]{6}\+([\w-]+)/g)].map((match) => match[1])),
    ].sort(),
    files: text.match(/\/FontFile2 /g)?.length ?? 0,
  };
}

/** The embedded font files (FontFile2 streams), inflated and parsed, in the order they appear. */
function embeddedFontFiles(data: Buffer): fontkit.Font[] {
  const pdf = data.toString('latin1');
  return [...pdf.matchAll(/\/FontFile2 (\d+) 0 R/g)].map((reference) => {
    const object = new RegExp(`\\n${reference[1]} 0 obj\\n<<([\\s\\S]*?)>>\\nstream\\n`).exec(pdf);
    if (!object) throw new Error(`font file object ${reference[1]} not found`);
    const length = Number(/\/Length (\d+)/.exec(object[1]!)?.[1]);
    const start = object.index + object[0].length;
    return fontkit.create(
      inflateSync(Buffer.from(pdf.slice(start, start + length), 'latin1')),
    ) as fontkit.Font;
  });
}

describe('documents made one after the other by the same process', () => {
  it('each has its own language, formats and both fonts embedded as subsets', async () => {
    const made: Array<[Name, Buffer]> = [];
    for (const name of [
      'statementFr',
      'invoice',
      'receiptEn',
      'statementEn',
      'receiptFr',
      'invoiceFr',
    ] as const) {
      made.push([name, await make(name)]);
    }
    const text = Object.fromEntries(
      await Promise.all(
        made.map(async ([name, data]) => [name, (await readPdf(data, { exact: true })).text] as const),
      ),
    ) as Record<(typeof made)[number][0], string>;

    expect(text.statementFr).toContain('Relevé de compte');
    expect(text.statementFr).toContain('Échéance');
    // fr-FR groups with a narrow no-break space and puts the euro sign after a no-break space
    // (pdf.js reads both as a space).
    expect(text.statementFr).toContain('1 234 567,50 €');
    expect(text.statementFr).not.toContain('Statement of account');

    expect(text.statementEn).toContain('Statement of account');
    expect(text.statementEn).toContain('€1,234,567.50');
    expect(text.statementEn).not.toContain('Relevé');

    expect(text.receiptFr).toContain('Reçu de paiement');
    expect(text.receiptFr).toContain('Carte de crédit');
    expect(text.receiptFr).toContain('1 234,50 €');
    expect(text.receiptEn).toContain('Payment receipt');
    expect(text.receiptEn).toContain('€1,234.50');

    expect(text.invoice).toContain('Crème brûlée kit');
    expect(text.invoice).toContain('Café Société');
    expect(text.invoice).toContain('€1,234.50 EUR');
    expect(text.invoice).toContain('Balance due');
    expect(text.invoiceFr).toContain('Solde dû');
    expect(text.invoiceFr).toContain('1 234,50 € EUR');
    expect(text.invoiceFr).toContain('15 sept. 2026');
    expect(text.invoiceFr).not.toContain('Balance due');

    for (const [, data] of made) {
      expect(embeddedFonts(data)).toEqual({ names: ['DejaVuSans', 'DejaVuSans-Bold'], files: 2 });
    }
  });

  it('is the same document, byte for byte, whatever the process made before it', async () => {
    const first = withoutDate(await make('receiptFr'));
    for (const name of ['invoice', 'statementEn', 'grid', 'invoiceFr', 'statementFr'] as const)
      await make(name);
    const again = withoutDate(await make('receiptFr'));
    // A font subset or width table carried over from another document would add its glyphs.
    expect(again).toBe(first);
  });

  it('maps each glyph to the characters its own text had (a ligature glyph shared by two texts)', async () => {
    // In DejaVu Sans, "ffi" laid out in "office" and the character U+FB03 are the same glyph,
    // and fontkit remembers a glyph's characters from the first text that produced it.
    const draw = async (text: string) => {
      const doc = await createPdfDocument({ layout: 'portrait', margin: 50, title: text, author: SELLER });
      doc.font(FONT_REGULAR).fontSize(12);
      drawText(doc, text, 50, 50);
      doc.font(FONT_BOLD);
      drawText(doc, text, 50, 80);
      doc.end();
      return (await readPdf(await bytesOf(doc), { exact: true })).text;
    };
    expect(await draw('office')).toBe('office office');
    expect(await draw('\ufb03')).toBe('\ufb03 \ufb03');
    expect(await draw('office')).toBe('office office');
  });
});

describe('the embedded fonts', () => {
  it('are subsets whose glyphs have the outlines of the DejaVu glyphs the text used', async () => {
    // Made after other documents, so that what the process shares is warm.
    for (const name of ['statementFr', 'invoice', 'receiptEn'] as const) await make(name);
    const regularText = 'Crème brûlée, façade ÉTÉ 1 234,50 €';
    const boldText = 'Reçu Ça Où 42 £';
    const doc = await createPdfDocument({
      layout: 'portrait',
      margin: 50,
      title: 'outlines',
      author: SELLER,
    });
    doc.font(FONT_REGULAR).fontSize(12);
    drawText(doc, regularText, 50, 50);
    doc.font(FONT_BOLD);
    drawText(doc, boldText, 50, 80);
    doc.end();
    const [regular, bold] = embeddedFontFiles(await bytesOf(doc));

    for (const [subset, file, text] of [
      [regular, 'DejaVuSans', regularText],
      [bold, 'DejaVuSans-Bold', boldText],
    ] as const) {
      const original = fontkit.create(readFont(file)) as fontkit.Font;
      expect(subset!.numGlyphs).toBeLessThan(40); // a subset, not the face's ~6,000 glyphs
      const outlines = new Set(
        Array.from({ length: subset!.numGlyphs }, (_, id) => subset!.getGlyph(id).path.toSVG()),
      );
      // Accented letters are composite glyphs: their components must have come along, renumbered.
      for (const character of new Set(text.replace(/\s/g, ''))) {
        const glyph = original.glyphForCodePoint(character.codePointAt(0)!);
        expect(outlines.has(glyph.path.toSVG()), `${file} ${character}`).toBe(true);
      }
    }
  });
});

describe('documents made at the same time', () => {
  it('do not interleave: each is the document made alone', async () => {
    const names: Name[] = [
      'grid',
      'statementFr',
      'invoice',
      'receiptEn',
      'grid',
      'receiptFr',
      'invoiceFr',
      'statementEn',
    ];
    const alone = new Map<Name, string>();
    for (const name of new Set(names)) alone.set(name, withoutDate(await make(name)));
    const together = await Promise.all(names.map(make));
    together.forEach((data, index) => {
      expect(withoutDate(data), names[index]).toBe(alone.get(names[index]!));
    });
    const grid = await readPdf(together[0]!);
    expect(grid.text).toContain('ZQ-3-29');
    expect(grid.text).not.toContain('INV-A');
  });
});
