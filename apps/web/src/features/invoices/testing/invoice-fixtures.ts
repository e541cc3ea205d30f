import type { TColumnDefinition, TColumnPreferences } from '@settle/shared/columns';
import type { TInvoiceDetail, TInvoiceListResponse, TInvoiceRow } from '@settle/shared/invoices';
import { addMoney } from '@settle/shared/money';
import { ALL_PRIVILEGES, Privilege } from '@settle/shared/privileges';
import type { StubRoute } from '../../../testing/fetch-stub';
import { acme, beta, gamma } from '../../../testing/fixtures';

export const FULL_ROLES = [...ALL_PRIVILEGES];
/** Everything but the credit-adjustment privilege. */
export const NO_CREDIT_ROLES = ALL_PRIVILEGES.filter((role) => role !== Privilege.ALLOW_CREDIT_ADJ);
/** demo.limited: sees disputed amounts, may not pay, promise or dispute. */
export const LIMITED_ROLES = [Privilege.ALLOW_PROB_VIEW];

export function buildInvoiceRow(overrides: Partial<TInvoiceRow> = {}): TInvoiceRow {
  return {
    id: 1,
    invNo: 'INV-1',
    tranId: 'T-1',
    custNo: 'C100',
    accountName: 'Acme Corp',
    status: 'O',
    invoiceDate: '2026-10-01',
    dueDate: '2026-10-31',
    tranCurrencyCode: 'USD',
    amount: '1500.00',
    balance: '1200.50',
    tranBal: '1200.50',
    tranOrig: '1500.00',
    disputeAmount: '0.00',
    paidAmount: '299.50',
    paymentPending: 'false',
    paymentPendingAmount: '0.00',
    promise: 'false',
    promisedAmount: '0.00',
    nextFollowupDate: null,
    poNumber: 'PO-77',
    terms: 'NET30',
    inCart: false,
    ...overrides,
  };
}

/** The server's invoice grid columns: [field, title, dataType, shown by default, width]. */
const COLUMNS: Array<[string, string, string, boolean, number]> = [
  ['invNo', 'Invoice number', 'string', true, 150],
  ['invoiceDate', 'Invoice date', 'date', true, 120],
  ['dueDate', 'Due date', 'date', true, 120],
  ['amount', 'Amount', 'currency', true, 130],
  ['balance', 'Balance', 'currency', true, 130],
  ['disputeAmount', 'Disputed', 'currency', true, 120],
  ['promise', 'Promised', 'boolean', true, 100],
  ['poNumber', 'PO number', 'string', true, 120],
  ['tranId', 'Transaction id', 'string', false, 130],
  ['paidAmount', 'Paid', 'currency', false, 120],
];

/** Column preferences as the server composes them; `sort` marks the saved sort. */
export function buildColumnPreferences(
  options: { shown?: string[]; sort?: { field: string; dir: 'asc' | 'desc' } } = {},
): TColumnPreferences {
  const shown = options.shown ?? COLUMNS.filter((column) => column[3]).map((column) => column[0]);
  const allColumns: TColumnDefinition[] = COLUMNS.map(([field, title, dataType, , width], index) => ({
    id: index + 1,
    colId: field,
    field,
    title,
    dataType,
    sort: options.sort?.field === field ? options.sort.dir : null,
    order: shown.includes(field) ? shown.indexOf(field) : 100 + index,
    template: null,
    columnKey: field,
    menu: true,
    width,
  }));
  allColumns.sort((a, b) => a.order - b.order);
  const viewableColumns = allColumns.filter((column) => shown.includes(column.field));
  return {
    allColumns,
    viewableColumns,
    availableColumns: allColumns.filter((column) => !shown.includes(column.field)),
    displayColumnPreference: viewableColumns.map(({ colId, field, title, dataType, width }) => ({
      colId,
      field,
      title,
      dataType,
      width: width ?? undefined,
    })),
    allColumnPreference: allColumns.map(({ field, title, order, sort }) => ({ field, title, order, sort })),
  };
}

export function buildListResponse(
  rows: TInvoiceRow[],
  overrides: Partial<TInvoiceListResponse> = {},
): TInvoiceListResponse {
  return {
    custNo: 'C100',
    currencyCode: 'USD',
    status: 'O',
    page: 1,
    pageSize: 50,
    total: rows.length,
    totals: {
      count: rows.length,
      amount: addMoney('0', ...rows.map((row) => row.amount)),
      balance: addMoney('0', ...rows.map((row) => row.balance)),
      disputeAmount: addMoney('0', ...rows.map((row) => row.disputeAmount)),
      paidAmount: addMoney('0', ...rows.map((row) => row.paidAmount)),
    },
    rows,
    ...overrides,
  };
}

export function buildInvoiceDetail(overrides: Partial<TInvoiceRow> = {}): TInvoiceDetail {
  const invoice = buildInvoiceRow(overrides);
  return {
    invoice,
    headerFields: [
      { field: 'invNo', title: 'Invoice number', dataType: 'string', value: invoice.invNo },
      { field: 'invoiceDate', title: 'Invoice date', dataType: 'date', value: invoice.invoiceDate },
      { field: 'dueDate', title: 'Due date', dataType: 'date', value: invoice.dueDate },
      { field: 'salesRep', title: 'Sales representative', dataType: 'string', value: 'Dana Reyes' },
      { field: 'shipTo', title: 'Ship to', dataType: 'string', value: null },
      { field: 'amount', title: 'Amount', dataType: 'currency', value: invoice.amount },
      { field: 'disputeAmount', title: 'Disputed', dataType: 'currency', value: invoice.disputeAmount },
      { field: 'balance', title: 'Balance', dataType: 'currency', value: invoice.balance },
    ],
    lineItems: [
      {
        id: 2,
        lineNo: 2,
        item: 'BOLT-10',
        description: 'Bolts',
        qtyShip: '100',
        price: '5.00',
        ext: '500.00',
        disputedCount: '0',
        disputedAmt: '0.00',
        extendedFields: [],
      },
      {
        id: 1,
        lineNo: 1,
        item: 'PUMP-1',
        description: 'Pump',
        qtyShip: '2',
        price: '500.00',
        ext: '1000.00',
        disputedCount: '1',
        disputedAmt: '500.00',
        extendedFields: [{ field: 'serial', title: 'Serial', dataType: 'string', value: 'SN-123' }],
      },
    ],
    lineItemFields: [
      { field: 'lineNo', title: 'Line', dataType: 'integer', sort: 'asc' },
      { field: 'item', title: 'Item', dataType: 'string', sort: null },
      { field: 'description', title: 'Description', dataType: 'string', sort: null },
      { field: 'qtyShip', title: 'Quantity shipped', dataType: 'number', sort: null },
      { field: 'price', title: 'Price', dataType: 'currency', sort: null },
      { field: 'ext', title: 'Extended', dataType: 'currency', sort: null },
      { field: 'disputedCount', title: 'Disputed quantity', dataType: 'number', sort: null },
      { field: 'disputedAmt', title: 'Disputed amount', dataType: 'currency', sort: null },
    ],
    maxAmount: invoice.balance,
  };
}

/** The calls every signed-in page makes (header and account selector). */
export function shellRoutes(): StubRoute[] {
  return [
    { method: 'GET', path: '/invoices/associationAccounts', reply: { body: [acme, beta, gamma] } },
    {
      method: 'GET',
      path: '/payment/cart',
      reply: (call) => ({
        body: {
          custNo: call.query.get('custNo'),
          currencyCode: call.query.get('currencyCode'),
          paymentCartName: `${call.query.get('custNo')}-PaymentCart-${call.query.get('currencyCode')}`,
          payments: [],
          paymentSummary: { nbrOfInvoices: 0, totalAmount: '0.00' },
        },
      }),
    },
    {
      method: 'GET',
      path: '/location/serverDate',
      reply: { body: { serverDate: '2026-11-22', serverTime: '' } },
    },
    {
      method: 'GET',
      path: '/invoices/pricollector/C100',
      reply: {
        body: { custNo: 'C100', name: 'Sam Collins', email: 'sam@example.test', phone: '+1 555 0100' },
      },
    },
  ];
}
