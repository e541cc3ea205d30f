import {
  PAYMENT_LOG_COLUMNS,
  type TPaymentLogListResponse,
  type TPaymentLogRow,
} from '@settle/shared/payment-logs';
import { buildGridColumnPreferences } from '../../../testing/column-preferences';
import { headerRoutes } from '../../../testing/common-routes';
import type { StubRoute } from '../../../testing/fetch-stub';

export function buildPaymentLogRow(overrides: Partial<TPaymentLogRow> = {}): TPaymentLogRow {
  return {
    paymentLogId: 42,
    extTranRefId: 'T-42',
    custNo: 'C100',
    currencyCode: 'USD',
    createdAt: '2026-11-20T15:30:00.000Z',
    settledAt: '2026-11-20T15:31:00.000Z',
    methodType: 'CARD',
    paymentType: 'CREDIT_CARD',
    transactionType: 'INVOICES',
    status: 'SUCCESS',
    amount: '1200.00',
    fee: '30.00',
    total: '1230.00',
    accountMasked: '************4242',
    trackingNo: 'TRK100042',
    authCode: '123456',
    payerName: 'Jane Doe',
    invoiceCount: 2,
    note: null,
    contractNumber: null,
    ...overrides,
  };
}

export function buildPaymentLogList(
  rows: TPaymentLogRow[],
  overrides: Partial<TPaymentLogListResponse> = {},
): TPaymentLogListResponse {
  return {
    custNo: 'C100',
    currencyCode: 'USD',
    dateRange: 'ALL',
    page: 1,
    pageSize: 50,
    total: rows.length,
    totals: { count: rows.length, succeededCount: rows.length, succeededTotal: '1230.00' },
    nextCursor: null,
    rows,
    ...overrides,
  };
}

/** The screen's calls besides the list: the signed-in header, the column preferences and saved searches. */
export function paymentLogScreenRoutes(): StubRoute[] {
  return [
    ...headerRoutes(),
    {
      method: 'GET',
      path: '/payment/log/columns',
      reply: { body: buildGridColumnPreferences(PAYMENT_LOG_COLUMNS) },
    },
    { method: 'GET', path: '/search/saved', reply: { body: [] } },
  ];
}
