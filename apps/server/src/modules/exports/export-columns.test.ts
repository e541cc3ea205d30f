import { readFileSync } from 'node:fs';
import path from 'node:path';
import { DISPUTE_STATUS_CODES } from '@settle/shared/disputes';
import { PAYMENT_LOG_TRANSACTION_TYPES } from '@settle/shared/payment-logs';
import { PAYMENT_METHOD_TYPES, PAYMENT_STATUSES } from '@settle/shared/payments';
import { describe, expect, it } from 'vitest';
import { type DocumentLanguage, documentTexts, type ExportGridName } from '../documents/document-texts';
import { disputeExportGrid } from './dispute-export-grid';
import { cellValue, type ExportGrid, INVOICE_EXPORT_GRID, parseExportColumns } from './export-columns';
import { PAYMENT_LOG_EXPORT_GRID } from './payment-log-export-grid';

const LANGUAGES: DocumentLanguage[] = ['en', 'fr'];
/** Every grid an export is made of, with every field it can export (the disputed amount included). */
const GRIDS: ExportGrid[] = [INVOICE_EXPORT_GRID, disputeExportGrid(true), PAYMENT_LOG_EXPORT_GRID];

/** The web app's words for a grid, from its locale files (the grid the export is made of). */
const WEB_NAMESPACES: Record<ExportGridName, string> = {
  invoices: 'invoices',
  disputes: 'disputes',
  paymentLogs: 'paymentLogs',
};
const webLocales = path.resolve(import.meta.dirname, '../../../../web/src/locales');
function webWords<T>(language: DocumentLanguage, namespace: string): T {
  return JSON.parse(readFileSync(path.join(webLocales, language, `${namespace}.json`), 'utf8')) as T;
}

describe('the export columns’ titles', () => {
  it('has a title for every exportable field of every grid, in both languages, and none for another field', () => {
    for (const language of LANGUAGES) {
      const titles = documentTexts(language).exports.columns;
      for (const grid of GRIDS) {
        const fields = Object.keys(grid.fields);
        for (const field of fields) {
          expect(titles[grid.name][field]?.trim(), `${language} ${grid.name}.${field}`).toBeTruthy();
        }
        expect(Object.keys(titles[grid.name]).sort(), `${language} ${grid.name}`).toEqual([...fields].sort());
      }
    }
  });

  it('titles the columns of an export in the reader’s language, never with a field’s name', () => {
    for (const language of LANGUAGES) {
      const texts = documentTexts(language).exports;
      for (const grid of GRIDS) {
        const columns = parseExportColumns(Object.keys(grid.fields).join(','), grid, texts);
        for (const column of columns) {
          expect(column.title).toBe(texts.columns[grid.name][column.field]);
          expect(column.title).not.toBe(column.field);
        }
      }
    }
    const invNo = (language: DocumentLanguage) =>
      parseExportColumns('invNo', INVOICE_EXPORT_GRID, documentTexts(language).exports)[0]!.title;
    expect([invNo('en'), invNo('fr')]).toEqual(['Invoice number', 'N° de facture']);
  });

  it('are the titles and words the web grid shows, in both languages', () => {
    for (const language of LANGUAGES) {
      const texts = documentTexts(language).exports;
      for (const grid of GRIDS) {
        const web = webWords<{ columns: Record<string, string> }>(language, WEB_NAMESPACES[grid.name]);
        for (const field of Object.keys(grid.fields)) {
          expect(texts.columns[grid.name][field], `${language} ${grid.name}.${field}`).toBe(
            web.columns[field],
          );
        }
      }
      const disputes = webWords<{ status: Record<string, string> }>(language, 'disputes');
      for (const code of DISPUTE_STATUS_CODES) {
        expect(texts.values.disputeStatus[code], `${language} dispute ${code}`).toBe(disputes.status[code]);
      }
      const paymentLogs = webWords<{
        values: Record<'status' | 'methodType' | 'transactionType', Record<string, string>>;
      }>(language, 'paymentLogs');
      for (const code of PAYMENT_STATUSES)
        expect(texts.values.paymentStatus[code]).toBe(paymentLogs.values.status[code]);
      for (const code of PAYMENT_METHOD_TYPES)
        expect(texts.values.methodType[code]).toBe(paymentLogs.values.methodType[code]);
      for (const code of PAYMENT_LOG_TRANSACTION_TYPES) {
        expect(texts.values.transactionType[code]).toBe(paymentLogs.values.transactionType[code]);
      }
      const grid = webWords<{ boolean: { yes: string; no: string } }>(language, 'grid');
      expect([texts.yes, texts.no]).toEqual([grid.boolean.yes, grid.boolean.no]);
      const invoices = webWords<{ detail: { open: string; closed: string } }>(language, 'invoices');
      const statuses = documentTexts(language).invoice.statuses;
      expect([statuses.O, statuses.C]).toEqual([invoices.detail.open, invoices.detail.closed]);
    }
  });
});

describe('coded cells', () => {
  it('are written in words: a flag, a dispute status from its code, a payment status; an unknown code as stored', () => {
    const texts = documentTexts('fr').exports;
    const [promise] = parseExportColumns('promise', INVOICE_EXPORT_GRID, texts);
    expect(cellValue(promise!, { promise: 'true' })).toBe('Oui');
    expect(cellValue(promise!, { promise: 'false' })).toBe('Non');
    expect(cellValue(promise!, { promise: true })).toBe('Oui');
    expect(cellValue(promise!, { promise: null })).toBeNull();
    const [status] = parseExportColumns('status', disputeExportGrid(true), texts);
    expect(cellValue(status!, { status: 'UnIdentified', statusCode: 'U' })).toBe('Non identifié');
    expect(cellValue(status!, { status: 'Other', statusCode: 'Z' })).toBe('Z');
    const [payment] = parseExportColumns('status', PAYMENT_LOG_EXPORT_GRID, texts);
    expect(cellValue(payment!, { status: 'PENDING' })).toBe('En attente');
  });
});
