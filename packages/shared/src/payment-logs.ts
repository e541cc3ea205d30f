import { z } from 'zod';
import { ZCurrencyCode, ZCustNo } from './accounts';
import type { TGridColumn } from './columns';
import {
  ZGridCursor,
  ZGridDirection,
  ZGridFilter,
  ZGridNextCursor,
  ZGridPage,
  ZGridPageSize,
  ZGridTotalsMode,
} from './grid-query';
import { PAYMENT_METHOD_TYPES, PAYMENT_STATUSES, PAYMENT_TYPES } from './payments';

/**
 * The payment logs contract (issue 13). Call paths (under {api}):
 * - GET  payment/logs                      the grid (ZPaymentLogListQuery -> ZPaymentLogListResponse)
 * - GET  payment/log/columns, PUT|POST|DELETE payment/log/columns   column preferences, as dispute/columns
 * - GET  payment/log/{action}?custNo=&paymentLogId=   action detail: one payment with its method type, fees,
 *                                          status, history and invoice lines (ZPaymentSummary of payments.ts;
 *                                          no lines for ON_ACCOUNT)
 * - GET  payment/logs/export/xlsx, payment/logs/export/pdf   the grid's exports: the grid's query plus
 *                                          scope (page|all) and columns, as disputes/export/…
 * - POST payment/log/receiptPDF            the receipt (payments.ts)
 */

/** The specification's log date ranges: All, 30 days, 31 to 60 days, over 60 days. */
export const PAYMENT_LOG_DATE_RANGES = ['ALL', 'LAST_30', 'DAYS_31_60', 'OVER_60'] as const;
export type TPaymentLogDateRange = (typeof PAYMENT_LOG_DATE_RANGES)[number];
export const ZPaymentLogDateRange = z.enum(PAYMENT_LOG_DATE_RANGES, {
  message: `dateRange is one of ${PAYMENT_LOG_DATE_RANGES.join(', ')}`,
});

export const PAYMENT_LOG_TRANSACTION_TYPES = ['INVOICES', 'ON_ACCOUNT'] as const;

/** The detail dialog's size on a desktop screen (spec section 9). */
export const PAYMENT_LOG_DETAIL_SIZE = { width: 900, height: 560 } as const;

/** The actions of GET payment/log/{action}. */
export const PAYMENT_LOG_ACTIONS = ['detail'] as const;
export const ZPaymentLogActionParams = z.object({
  action: z.enum(PAYMENT_LOG_ACTIONS, { message: `action is one of ${PAYMENT_LOG_ACTIONS.join(', ')}` }),
});
export const ZPaymentLogDetailQuery = z.object({
  custNo: ZCustNo,
  paymentLogId: z.coerce
    .number({ message: 'paymentLogId is a number' })
    .int('paymentLogId is a whole number')
    .positive('paymentLogId is a whole number above 0'),
});

export const ZPaymentLogRow = z
  .object({
    paymentLogId: z.number().int(),
    extTranRefId: z.string(),
    custNo: z.string(),
    currencyCode: z.string(),
    createdAt: z.string().meta({ description: 'ISO timestamp: when the payment was started' }),
    settledAt: z.string().nullable(),
    methodType: z.enum(PAYMENT_METHOD_TYPES),
    paymentType: z.enum(PAYMENT_TYPES),
    transactionType: z.enum(PAYMENT_LOG_TRANSACTION_TYPES),
    status: z.enum(PAYMENT_STATUSES),
    amount: z.string(),
    fee: z.string(),
    total: z.string(),
    accountMasked: z.string().nullable(),
    trackingNo: z.string().nullable(),
    authCode: z.string().nullable(),
    payerName: z.string(),
    invoiceCount: z.number().int().meta({ description: 'How many invoices the payment pays (0 on account)' }),
    note: z.string().nullable(),
    contractNumber: z.string().nullable(),
  })
  .meta({ id: 'PaymentLogRow' });
export type TPaymentLogRow = z.infer<typeof ZPaymentLogRow>;

export const PAYMENT_LOG_SORT_FIELDS = [
  'paymentLogId',
  'createdAt',
  'methodType',
  'transactionType',
  'status',
  'amount',
  'fee',
  'total',
  'trackingNo',
  'payerName',
  'invoiceCount',
] as const;
export const ZPaymentLogSortField = z.enum(PAYMENT_LOG_SORT_FIELDS, {
  message: 'Not a sortable payment log field',
});

export const ZPaymentLogListQuery = z.object({
  custNo: ZCustNo.optional().meta({ description: "Defaults to the session's current customer" }),
  currencyCode: ZCurrencyCode.optional().meta({ description: "Defaults to the session's current currency" }),
  dateRange: ZPaymentLogDateRange.default('ALL').meta({
    description: 'By calendar days in UTC before today: LAST_30 0–30, DAYS_31_60 31–60, OVER_60 more than 60',
  }),
  page: ZGridPage,
  pageSize: ZGridPageSize,
  sort: ZPaymentLogSortField.default('createdAt'),
  dir: ZGridDirection.default('desc'),
  filter: ZGridFilter.meta({
    description:
      "Advanced filter in the specification's query-string dialect ($filter), on PAYMENT_LOG_SEARCH_FIELDS",
  }),
  totals: ZGridTotalsMode,
  cursor: ZGridCursor,
});
/** totals may be left out by callers inside the server: inline is its default. */
export type TPaymentLogListQuery = Omit<z.infer<typeof ZPaymentLogListQuery>, 'totals'> &
  Partial<Pick<z.infer<typeof ZPaymentLogListQuery>, 'totals'>>;

export const ZPaymentLogTotals = z.object({
  count: z.number().int(),
  succeededCount: z.number().int(),
  succeededTotal: z.string().meta({ description: 'Sum charged (fees included) by the successful payments' }),
});
export type TPaymentLogTotals = z.infer<typeof ZPaymentLogTotals>;

export const ZPaymentLogListResponse = z
  .object({
    custNo: z.string(),
    currencyCode: z.string(),
    dateRange: ZPaymentLogDateRange,
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z
      .number()
      .int()
      .nullable()
      .meta({ description: 'Null when a filtered list was asked with totals=separate' }),
    totals: ZPaymentLogTotals.nullable(),
    nextCursor: ZGridNextCursor,
    rows: z.array(ZPaymentLogRow),
  })
  .meta({ id: 'PaymentLogList' });
export type TPaymentLogListResponse = z.infer<typeof ZPaymentLogListResponse>;

/** GET payment/logs/totals: the count and sums of a list's filtered set, asked beside a page asked with totals=separate. */
export const ZPaymentLogTotalsResponse = z
  .object({ total: z.number().int(), totals: ZPaymentLogTotals })
  .meta({ id: 'PaymentLogTotals' });
export type TPaymentLogTotalsResponse = z.infer<typeof ZPaymentLogTotalsResponse>;

/** The payment log grid's columns; the hidden ones can be shown from the columns menu. */
export const PAYMENT_LOG_COLUMNS: TGridColumn[] = [
  { field: 'createdAt', title: 'Date', dataType: 'datetime', visible: true, width: 170 },
  { field: 'paymentLogId', title: 'Payment number', dataType: 'integer', visible: true, width: 120 },
  { field: 'transactionType', title: 'Type', dataType: 'enum', visible: true, width: 120 },
  { field: 'methodType', title: 'Method', dataType: 'enum', visible: true, width: 150 },
  { field: 'accountMasked', title: 'Account', dataType: 'string', visible: true, width: 140 },
  { field: 'amount', title: 'Amount', dataType: 'currency', visible: true, width: 130 },
  { field: 'fee', title: 'Fee', dataType: 'currency', visible: true, width: 100 },
  { field: 'total', title: 'Total', dataType: 'currency', visible: true, width: 130 },
  { field: 'status', title: 'Status', dataType: 'enum', visible: true, width: 120 },
  { field: 'invoiceCount', title: 'Invoices', dataType: 'integer', visible: false, width: 90 },
  { field: 'trackingNo', title: 'Tracking number', dataType: 'string', visible: false, width: 150 },
  { field: 'authCode', title: 'Authorization code', dataType: 'string', visible: false, width: 130 },
  { field: 'payerName', title: 'Paid by', dataType: 'string', visible: false, width: 160 },
  { field: 'note', title: 'Note', dataType: 'string', visible: false, width: 200 },
  { field: 'contractNumber', title: 'Contract number', dataType: 'string', visible: false, width: 140 },
];

/** What the advanced search offers on the payment log grid (the server's allow-list has the same names). */
export const PAYMENT_LOG_SEARCH_FIELDS = [
  { field: 'paymentLogId', title: 'Payment number', dataType: 'integer' },
  { field: 'createdAt', title: 'Date', dataType: 'date' },
  { field: 'status', title: 'Status', dataType: 'enum', options: PAYMENT_STATUSES },
  { field: 'methodType', title: 'Method', dataType: 'enum', options: PAYMENT_METHOD_TYPES },
  { field: 'paymentType', title: 'Payment type', dataType: 'enum', options: PAYMENT_TYPES },
  { field: 'transactionType', title: 'Type', dataType: 'enum', options: PAYMENT_LOG_TRANSACTION_TYPES },
  { field: 'amount', title: 'Amount', dataType: 'currency' },
  { field: 'fee', title: 'Fee', dataType: 'currency' },
  { field: 'total', title: 'Total', dataType: 'currency' },
  { field: 'trackingNo', title: 'Tracking number', dataType: 'string' },
  { field: 'authCode', title: 'Authorization code', dataType: 'string' },
  { field: 'accountMasked', title: 'Account', dataType: 'string' },
  { field: 'payerName', title: 'Paid by', dataType: 'string' },
  { field: 'note', title: 'Note', dataType: 'string' },
  { field: 'contractNumber', title: 'Contract number', dataType: 'string' },
] as const;
