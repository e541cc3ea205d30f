import { PassThrough } from 'node:stream';
import type { TInvoiceRow } from '@settle/shared/invoices';
import { readSheet } from 'read-excel-file/node';
import { describe, expect, it } from 'vitest';
import { documentTexts } from '../documents/document-texts';
import { INVOICE_EXPORT_GRID, parseExportColumns } from './export-columns';
import { ExportAbortedError, writeInvoicesXlsx } from './invoice-xlsx';

const ENGLISH = documentTexts('en').exports;

function row(n: number): TInvoiceRow {
  return {
    id: n,
    invNo: `N-${n}`,
    tranId: `T${n}`,
    custNo: 'C1',
    accountName: 'Co',
    status: 'O',
    invoiceDate: '2026-01-02',
    dueDate: '2026-02-03',
    tranCurrencyCode: 'USD',
    amount: `${n}.10`,
    balance: `-${n}.20`,
    tranBal: '0.00',
    tranOrig: '0.00',
    disputeAmount: '0.00',
    paidAmount: '0.00',
    paymentPending: 'false',
    paymentPendingAmount: '0.00',
    promise: n % 2 === 0 ? 'true' : 'false',
    promisedAmount: '0.00',
    nextFollowupDate: null,
    poNumber: `PO ${n} <&> "quoted"`,
    terms: 'Net 30',
    inCart: false,
  };
}

async function collect(stream: PassThrough): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

describe('writeInvoicesXlsx', () => {
  it('writes every row of every batch into any writable, escaping text', async () => {
    const destination = new PassThrough();
    const collected = collect(destination);
    async function* batches() {
      yield [row(1), row(2)];
      yield [];
      yield [row(3)];
    }
    const result = await writeInvoicesXlsx(destination, {
      columns: parseExportColumns(
        'invNo,amount,balance,promise,poNumber,dueDate',
        INVOICE_EXPORT_GRID,
        ENGLISH,
      ),
      currencyCode: 'USD',
      batches: batches(),
    });
    expect(result.rowCount).toBe(3);
    const rows = await readSheet(await collected);
    expect(rows).toEqual([
      ['Invoice number', 'Amount (USD)', 'Balance (USD)', 'Promised', 'PO number', 'Due date'],
      ['N-1', 1.1, -1.2, 'No', 'PO 1 <&> "quoted"', new Date('2026-02-03T00:00:00Z')],
      ['N-2', 2.1, -2.2, 'Yes', 'PO 2 <&> "quoted"', new Date('2026-02-03T00:00:00Z')],
      ['N-3', 3.1, -3.2, 'No', 'PO 3 <&> "quoted"', new Date('2026-02-03T00:00:00Z')],
    ]);
  });

  it('stops reading rows once the destination is closed (the client went away)', async () => {
    const destination = new PassThrough();
    destination.on('error', () => {});
    let pulled = 0;
    async function* batches() {
      for (let batch = 0; batch < 200; batch++) {
        pulled++;
        yield Array.from({ length: 500 }, (_, index) => row(batch * 500 + index));
      }
    }
    destination.once('data', () => destination.destroy());
    await expect(
      writeInvoicesXlsx(destination, {
        columns: parseExportColumns(undefined, INVOICE_EXPORT_GRID, ENGLISH),
        currencyCode: 'USD',
        batches: batches(),
      }),
    ).rejects.toBeInstanceOf(ExportAbortedError);
    expect(pulled).toBeLessThan(20);
  });
});
