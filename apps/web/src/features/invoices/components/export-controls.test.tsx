import { screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { filenameFromDisposition } from '../../../components/grid/export-file';
import { errorBody, type RecordedCall, type StubRoute, stubApi } from '../../../testing/fetch-stub';
import { buildUserData } from '../../../testing/fixtures';
import { renderApp } from '../../../testing/render';
import {
  buildInvoiceRow,
  buildListResponse,
  FULL_ROLES,
  gridRoutes,
  shellRoutes,
} from '../testing/invoice-fixtures';

const downloads: string[] = [];

/** The invoice grid's calls, and the export of one format answered by `reply` (exports are binary). */
function exportsApi(format: 'xlsx' | 'pdf', reply: () => Response): RecordedCall[] {
  const exportRoute: StubRoute = { method: 'GET', path: `/invoices/export/${format}`, reply };
  return stubApi([
    ...shellRoutes(),
    ...gridRoutes(),
    {
      method: 'GET',
      path: '/invoices',
      reply: { body: buildListResponse([buildInvoiceRow()], { total: 1 }) },
    },
    exportRoute,
  ]);
}

const exportCalls = (calls: RecordedCall[]) =>
  calls.filter((call) => call.path.startsWith('/invoices/export/'));

beforeEach(() => {
  downloads.length = 0;
  // jsdom has no object URLs and cannot download: record what would be saved.
  URL.createObjectURL = vi.fn(() => 'blob:export');
  URL.revokeObjectURL = vi.fn();
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
    downloads.push(this.download);
  });
});
afterEach(() => vi.restoreAllMocks());

describe('grid exports', () => {
  it('exports every matching row to Excel with the grid query and shown columns, showing progress', async () => {
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    const calls = exportsApi(
      'xlsx',
      () =>
        new Response(
          new ReadableStream<Uint8Array>({
            async start(controller) {
              controller.enqueue(new Uint8Array(3000));
              await gate;
              controller.enqueue(new Uint8Array(2000));
              controller.close();
            },
          }),
          {
            headers: {
              'content-type': 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
              'content-disposition': 'attachment; filename="invoices-C100-USD-open-all.xlsx"',
              'x-total-count': '1234',
            },
          },
        ),
    );
    const { user } = renderApp({
      route: '/invoices?filter=balance%20gt%200',
      userData: buildUserData({ roles: FULL_ROLES }),
    });
    await screen.findByTestId('invoice-row-INV-1');

    await user.click(screen.getByTestId('export-excel-all'));
    expect(await screen.findByTestId('export-progress')).toHaveTextContent(
      'Exporting 1,234 invoices to Excel… 3 KB received',
    );
    expect(screen.getByTestId('export-excel-page')).toBeDisabled();
    release();
    await waitFor(() => expect(screen.queryByTestId('export-progress')).not.toBeInTheDocument());

    expect(exportCalls(calls)).toHaveLength(1);
    const { url } = exportCalls(calls)[0]!;
    expect(url.pathname).toBe('/getpaid-rest/api/invoices/export/xlsx');
    expect(Object.fromEntries(url.searchParams)).toEqual({
      custNo: 'C100',
      currencyCode: 'USD',
      status: 'O',
      page: '1',
      pageSize: '50',
      sort: 'dueDate',
      dir: 'asc',
      filter: 'balance gt 0',
      scope: 'all',
      columns: 'invNo,invoiceDate,dueDate,amount,balance,disputeAmount,promise,poNumber',
    });
    expect(downloads).toEqual(['invoices-C100-USD-open-all.xlsx']);
  });

  it('exports the current page when asked', async () => {
    const calls = exportsApi(
      'xlsx',
      () => new Response(new Uint8Array(10), { headers: { 'x-total-count': '1' } }),
    );
    const { user } = renderApp({ route: '/invoices', userData: buildUserData({ roles: FULL_ROLES }) });
    await screen.findByTestId('invoice-row-INV-1');
    await user.click(screen.getByTestId('export-excel-page'));
    await waitFor(() => expect(downloads).toEqual(['invoices.xlsx']));
    expect(exportCalls(calls)[0]!.query.get('scope')).toBe('page');
  });

  it('shows the server refusal of a PDF export in an alert', async () => {
    exportsApi(
      'pdf',
      () =>
        new Response(
          JSON.stringify(
            errorBody(400, 'EXPORT_TOO_LARGE', 'A PDF export holds at most 5,000 rows', {
              args: ['6000', '5000'],
            }),
          ),
          { status: 400, headers: { 'content-type': 'application/json' } },
        ),
    );
    const { user } = renderApp({ route: '/invoices', userData: buildUserData({ roles: FULL_ROLES }) });
    await screen.findByTestId('invoice-row-INV-1');
    await user.click(screen.getByTestId('export-pdf'));
    expect(await screen.findByTestId('export-error')).toHaveTextContent(
      'A PDF export holds at most 5000 rows and this selection has 6000.',
    );
    expect(downloads).toEqual([]);
  });

  it('reads the file name from Content-Disposition', () => {
    expect(filenameFromDisposition('attachment; filename="a b.xlsx"', 'x')).toBe('a b.xlsx');
    expect(filenameFromDisposition("attachment; filename*=UTF-8''factures%20%C3%A9t%C3%A9.pdf", 'x')).toBe(
      'factures été.pdf',
    );
    expect(filenameFromDisposition(null, 'invoices.pdf')).toBe('invoices.pdf');
  });
});
