import { utcMidnight } from '@settle/shared/calendar-date';
import type { TStatement, TStatementItem } from '@settle/shared/statements';
import type ExcelJS from 'exceljs';
import { EXCEL_NUMBER_FORMATS } from './invoice-xlsx';

/** The words of the workbook, in the reader's language (the statement PDF's labels). */
export type StatementSheetLabels = {
  title: string;
  customer: string;
  period: string;
  asOf: string;
  openItems: string;
  credits: string;
  payments: string;
  aging: string;
  invoice: string;
  invoiceDate: string;
  dueDate: string;
  amount: string;
  balance: string;
  daysPastDue: string;
  date: string;
  reference: string;
  method: string;
  total: string;
  balanceDue: string;
  buckets: Record<string, string>;
  methods: Record<string, string>;
};

const CURRENCY = EXCEL_NUMBER_FORMATS.currency ?? '#,##0.00';
const DATE = EXCEL_NUMBER_FORMATS.date ?? 'mm/dd/yyyy';

function header(sheet: ExcelJS.Worksheet, titles: string[], widths: number[]) {
  sheet.columns = titles.map((title, index) => ({ header: title, width: widths[index] ?? 14 }));
  const row = sheet.getRow(1);
  row.font = { bold: true };
  row.fill = { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE3E8EE' } };
}

function formatRow(row: ExcelJS.Row, formats: Array<string | undefined>) {
  formats.forEach((format, index) => {
    if (format) row.getCell(index + 1).numFmt = format;
  });
}

/**
 * The statement as a workbook (bounded: one customer's open items and a period's payments): a
 * summary sheet with the aging and the totals, then one sheet per list, amounts as numbers
 * with the exports' currency format and dates as dates.
 */
export async function writeStatementXlsx(
  statement: TStatement,
  labels: StatementSheetLabels,
): Promise<Buffer> {
  // Loaded on the first statement, not at start (ExcelJS is one of the largest module loads).
  const { default: Excel } = await import('exceljs');
  const workbook = new Excel.Workbook();
  workbook.creator = 'Settle';
  workbook.created = new Date();
  const money = (value: string) => Number(value);
  const day = (value: string) => utcMidnight(value);

  const summary = workbook.addWorksheet(labels.title);
  summary.columns = [{ width: 24 }, { width: 36 }, { width: 16 }];
  summary.addRow([labels.title]).font = { bold: true, size: 14 };
  summary.addRow([labels.customer, `${statement.company} (${statement.custNo})`, statement.currencyCode]);
  formatRow(summary.addRow([labels.period, day(statement.from), day(statement.to)]), [undefined, DATE, DATE]);
  formatRow(summary.addRow([labels.asOf, day(statement.asOf)]), [undefined, DATE]);
  summary.addRow([]);
  summary.addRow([labels.aging]).font = { bold: true };
  for (const bucket of statement.aging) {
    formatRow(
      summary.addRow([labels.buckets[bucket.bucket] ?? bucket.bucket, bucket.count, money(bucket.amount)]),
      [undefined, undefined, CURRENCY],
    );
  }
  summary.addRow([]);
  const totals: Array<[string, string]> = [
    [labels.openItems, statement.totals.openItems],
    [labels.credits, statement.totals.credits],
    [labels.balanceDue, statement.totals.balanceDue],
    [labels.payments, statement.totals.payments],
  ];
  for (const [label, value] of totals) {
    const row = summary.addRow([label, null, money(value)]);
    row.font = { bold: label === labels.balanceDue };
    formatRow(row, [undefined, undefined, CURRENCY]);
  }

  const itemSheet = (name: string, items: TStatementItem[], total: string) => {
    const sheet = workbook.addWorksheet(name);
    header(
      sheet,
      [labels.invoice, labels.invoiceDate, labels.dueDate, labels.daysPastDue, labels.amount, labels.balance],
      [18, 14, 14, 14, 16, 16],
    );
    const formats = [undefined, DATE, DATE, undefined, CURRENCY, CURRENCY];
    for (const item of items) {
      formatRow(
        sheet.addRow([
          item.invNo,
          day(item.invoiceDate),
          day(item.dueDate),
          Math.max(item.daysPastDue, 0),
          money(item.amount),
          money(item.balance),
        ]),
        formats,
      );
    }
    const totalRow = sheet.addRow([labels.total, null, null, null, null, money(total)]);
    totalRow.font = { bold: true };
    formatRow(totalRow, formats);
  };
  itemSheet(labels.openItems, statement.openItems, statement.totals.openItems);
  itemSheet(labels.credits, statement.credits, statement.totals.credits);

  const payments = workbook.addWorksheet(labels.payments.slice(0, 31));
  header(payments, [labels.date, labels.reference, labels.method, labels.amount], [14, 22, 20, 16]);
  const paymentFormats = [DATE, undefined, undefined, CURRENCY];
  for (const payment of statement.payments) {
    formatRow(
      payments.addRow([
        day(payment.date),
        payment.reference,
        labels.methods[payment.paymentType] ?? payment.paymentType,
        money(payment.amount),
      ]),
      paymentFormats,
    );
  }
  const paymentTotal = payments.addRow([labels.total, null, null, money(statement.totals.payments)]);
  paymentTotal.font = { bold: true };
  formatRow(paymentTotal, paymentFormats);

  return Buffer.from(await workbook.xlsx.writeBuffer());
}
