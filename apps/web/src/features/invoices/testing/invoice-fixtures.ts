import type { TColumnPreferences } from '@settle/shared/columns';
import {
  INVOICE_COLUMNS,
  INVOICE_LINE_ITEM_FIELDS,
  INVOICE_SEARCH_FIELDS,
  type TInvoiceDetail,
  type TInvoiceListResponse,
  type TInvoiceRow,
} from '@settle/shared/invoices';
import { addMoney } from '@settle/shared/money';
import { FULL_ACCESS_PRIVILEGES, Privilege } from '@settle/shared/privileges';
import {
  buildGridColumnPreferences,
  type ColumnPreferenceOptions,
} from '../../../testing/column-preferences';
import { collectorRoute, headerRoutes, serverDateRoute } from '../../../testing/common-routes';
import type { StubRoute } from '../../../testing/fetch-stub';

export const FULL_ROLES = [...FULL_ACCESS_PRIVILEGES];
/** Everything but the credit-adjustment privilege. */
export const NO_CREDIT_ROLES = FULL_ACCESS_PRIVILEGES.filter((role) => role !== Privilege.ALLOW_CREDIT_ADJ);
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

/** Column preferences as the server composes them from the contract's columns; `sort` marks the saved sort. */
export function buildColumnPreferences(options: ColumnPreferenceOptions = {}): TColumnPreferences {
  return buildGridColumnPreferences(INVOICE_COLUMNS, options);
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
    nextCursor: null,
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
    lineItemFields: INVOICE_LINE_ITEM_FIELDS,
    maxAmount: invoice.balance,
  };
}

/** The invoice grid's own calls besides the list: its column preferences, search fields and saved searches. */
export function gridRoutes(columns: StubRoute['reply'] = { body: buildColumnPreferences() }): StubRoute[] {
  return [
    { method: 'GET', path: '/invoices/columns', reply: columns },
    { method: 'GET', path: '/invoices/searchFields', reply: { body: INVOICE_SEARCH_FIELDS } },
    { method: 'GET', path: '/search/saved', reply: { body: [] } },
    // A filtered grid asks its totals beside the page; a test that checks them stubs its own first.
    { method: 'GET', path: '/invoices/totals', reply: { body: totalsOf([buildInvoiceRow()]) } },
  ];
}

/** The answer of GET {api}/invoices/totals for these rows. */
export function totalsOf(rows: TInvoiceRow[]) {
  const { total, totals } = buildListResponse(rows);
  return { total: total ?? rows.length, totals: totals! };
}

/** The calls of the signed-in header, plus what the promise modal and the detail page ask. */
export function shellRoutes(): StubRoute[] {
  return [...headerRoutes(), serverDateRoute, collectorRoute];
}
