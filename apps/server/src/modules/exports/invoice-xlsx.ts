import type { Writable } from 'node:stream';
import type { FieldType } from '../invoices/invoice-fields';
import { cellValue, columnHeader, type ExportColumn, type ExportRow } from './export-columns';

/** The specification's Excel rules: currency with red negatives, dates as mm/dd/yyyy. */
export const EXCEL_NUMBER_FORMATS: Partial<Record<FieldType, string>> = {
  currency: '#,##0.00;[Red]-#,##0.00',
  number: '#,##0.00',
  integer: '0',
  date: 'mm/dd/yyyy',
  datetime: 'mm/dd/yyyy hh:mm',
};

export const XLSX_CONTENT_TYPE = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** The stream was closed before the export ended (the client went away). */
export class ExportAbortedError extends Error {
  constructor() {
    super('The export was aborted: its destination closed.');
    this.name = 'ExportAbortedError';
  }
}

/** Resolves once the destination wants more; rejects when it closes first. */
export function drained(destination: Writable): Promise<void> {
  if (destination.destroyed || destination.writableEnded) return Promise.reject(new ExportAbortedError());
  if (!destination.writableNeedDrain) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const cleanup = () => {
      destination.off('drain', onDrain);
      destination.off('close', onClose);
    };
    const onDrain = () => {
      cleanup();
      resolve();
    };
    const onClose = () => {
      cleanup();
      reject(new ExportAbortedError());
    };
    destination.on('drain', onDrain);
    destination.on('close', onClose);
  });
}

export type InvoicesXlsxOptions = {
  columns: ExportColumn[];
  currencyCode: string;
  batches: AsyncIterable<ExportRow[]>;
  sheetName?: string;
};

/**
 * Writes the rows as an .xlsx into `destination` with ExcelJS's streaming writer: each row
 * is committed as soon as it is written and the next batch is read only once the
 * destination has drained, so memory stays flat whatever the row count. Resolves with the
 * number of rows once the destination has finished.
 */
export async function writeInvoicesXlsx(
  destination: Writable,
  options: InvoicesXlsxOptions,
): Promise<{ rowCount: number }> {
  // Loaded on the first export, not at start: importing ExcelJS took most of a restart's module time.
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({
    stream: destination,
    useStyles: true,
    useSharedStrings: false,
  });
  workbook.creator = 'Settle';
  workbook.created = new Date();
  const sheet = workbook.addWorksheet(options.sheetName ?? 'Invoices', {
    views: [{ state: 'frozen', xSplit: 0, ySplit: 1, topLeftCell: 'A2', activeCell: 'A2' }],
  });
  sheet.columns = options.columns.map((column) => ({
    header: columnHeader(column, options.currencyCode),
    key: column.field,
    width: column.width,
  }));
  const header = sheet.getRow(1);
  header.font = { bold: true };
  header.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE3E8EE' } };
  header.commit();

  const formats = options.columns.map((column) => EXCEL_NUMBER_FORMATS[column.type]);
  let rowCount = 0;
  for await (const batch of options.batches) {
    for (const row of batch) {
      const excelRow = sheet.addRow(options.columns.map((column) => cellValue(column, row)));
      formats.forEach((format, index) => {
        if (format) excelRow.getCell(index + 1).numFmt = format;
      });
      excelRow.commit();
      rowCount++;
    }
    // Let I/O run (zlib, the socket): database reads and row writing can otherwise keep the
    // event loop to themselves until the end, and the workbook would pile up unsent.
    await new Promise<void>((resolve) => setImmediate(resolve));
    await drained(destination);
  }
  sheet.commit();
  await workbook.commit();
  return { rowCount };
}
