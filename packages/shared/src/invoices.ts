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

export const ZInvoiceStatus = z.enum(['O', 'C'], { message: 'status is O (open) or C (closed)' });
export type TInvoiceStatus = z.infer<typeof ZInvoiceStatus>;

/** Text flags, as the specification writes paymentPending and promise. */
const ZTextFlag = z.enum(['true', 'false']);

export const ZInvoiceRow = z
  .object({
    id: z.number().int(),
    invNo: z.string(),
    tranId: z.string(),
    custNo: z.string(),
    accountName: z.string(),
    status: ZInvoiceStatus,
    invoiceDate: z.string(),
    dueDate: z.string(),
    tranCurrencyCode: z.string(),
    amount: z.string(),
    balance: z.string(),
    tranBal: z.string(),
    tranOrig: z.string(),
    disputeAmount: z.string(),
    paidAmount: z.string(),
    paymentPending: ZTextFlag,
    paymentPendingAmount: z.string(),
    promise: ZTextFlag,
    promisedAmount: z.string(),
    nextFollowupDate: z.string().nullable(),
    poNumber: z.string(),
    terms: z.string(),
    inCart: z.boolean().meta({ description: "Whether the invoice is in its customer's payment cart" }),
  })
  .meta({ id: 'InvoiceRow' });
export type TInvoiceRow = z.infer<typeof ZInvoiceRow>;

/** Fields the grid can sort on: the allow-list the server compiles ORDER BY from. */
export const INVOICE_SORT_FIELDS = [
  'invNo',
  'tranId',
  'invoiceDate',
  'dueDate',
  'amount',
  'balance',
  'disputeAmount',
  'paidAmount',
  'promisedAmount',
  'poNumber',
  'terms',
] as const;
export const ZInvoiceSortField = z.enum(INVOICE_SORT_FIELDS, { message: 'Not a sortable invoice field' });

export const ZInvoiceListQuery = z.object({
  custNo: ZCustNo.optional().meta({ description: "Defaults to the session's current customer" }),
  currencyCode: ZCurrencyCode.optional().meta({ description: "Defaults to the session's current currency" }),
  status: ZInvoiceStatus.default('O'),
  page: ZGridPage,
  pageSize: ZGridPageSize,
  sort: ZInvoiceSortField.default('dueDate'),
  dir: ZGridDirection.default('asc'),
  filter: ZGridFilter.meta({
    description: "Advanced filter in the specification's query-string dialect ($filter)",
  }),
  totals: ZGridTotalsMode,
  cursor: ZGridCursor,
});
/** totals may be left out by callers inside the server: inline is its default. */
export type TInvoiceListQuery = Omit<z.infer<typeof ZInvoiceListQuery>, 'totals'> &
  Partial<Pick<z.infer<typeof ZInvoiceListQuery>, 'totals'>>;

export const ZInvoiceTotals = z.object({
  count: z.number().int(),
  amount: z.string(),
  balance: z.string(),
  disputeAmount: z.string(),
  paidAmount: z.string(),
});

export const ZInvoiceListResponse = z
  .object({
    custNo: z.string(),
    currencyCode: z.string(),
    status: ZInvoiceStatus,
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z
      .number()
      .int()
      .nullable()
      .meta({ description: 'Null when a filtered list was asked with totals=separate' }),
    totals: ZInvoiceTotals.nullable(),
    nextCursor: ZGridNextCursor,
    rows: z.array(ZInvoiceRow),
  })
  .meta({ id: 'InvoiceList' });

/** GET {api}/invoices/totals: the count and sums of the filtered set, asked beside the page. */
export const ZInvoiceTotalsResponse = z
  .object({ total: z.number().int(), totals: ZInvoiceTotals })
  .meta({ id: 'InvoiceTotals' });
export type TInvoiceTotalsResponse = z.infer<typeof ZInvoiceTotalsResponse>;
export type TInvoiceListResponse = z.infer<typeof ZInvoiceListResponse>;

export const ZHeaderField = z.object({
  field: z.string(),
  title: z.string(),
  dataType: z.enum(['string', 'date', 'currency', 'number', 'integer', 'boolean']),
  value: z.string().nullable(),
});

export const ZLineItem = z.object({
  id: z.number().int(),
  lineNo: z.number().int(),
  item: z.string(),
  description: z.string(),
  qtyShip: z.string(),
  price: z.string(),
  ext: z.string(),
  disputedCount: z.string(),
  disputedAmt: z.string(),
  extendedFields: z.array(
    z.object({ field: z.string(), title: z.string(), dataType: z.string(), value: z.string() }),
  ),
});

export const ZLineItemField = z.object({
  field: z.string(),
  title: z.string(),
  dataType: z.string(),
  sort: z.enum(['asc', 'desc']).nullable(),
});

/** The line items' columns on the invoice detail, in the order shown. */
export const INVOICE_LINE_ITEM_FIELDS: z.infer<typeof ZLineItemField>[] = [
  { field: 'lineNo', title: 'Line', dataType: 'integer', sort: 'asc' },
  { field: 'item', title: 'Item', dataType: 'string', sort: null },
  { field: 'description', title: 'Description', dataType: 'string', sort: null },
  { field: 'qtyShip', title: 'Quantity shipped', dataType: 'number', sort: null },
  { field: 'price', title: 'Price', dataType: 'currency', sort: null },
  { field: 'ext', title: 'Extended', dataType: 'currency', sort: null },
  { field: 'disputedCount', title: 'Disputed quantity', dataType: 'number', sort: null },
  { field: 'disputedAmt', title: 'Disputed amount', dataType: 'currency', sort: null },
];

export const ZInvoiceDetail = z
  .object({
    invoice: ZInvoiceRow,
    headerFields: z.array(ZHeaderField),
    lineItems: z.array(ZLineItem),
    lineItemFields: z.array(ZLineItemField),
    maxAmount: z
      .string()
      .meta({ description: 'The most that can be disputed: the open balance less what is disputed' }),
  })
  .meta({ id: 'InvoiceDetail' });
export type TInvoiceDetail = z.infer<typeof ZInvoiceDetail>;

export const ZInvoiceDetailParams = z.object({ invNo: z.string().min(1).max(60) });
export const ZInvoiceDetailTranParams = ZInvoiceDetailParams.extend({ tranId: z.string().min(1).max(60) });
export const ZInvoiceDetailQuery = z.object({
  status: ZInvoiceStatus.optional(),
  custNo: ZCustNo.optional(),
});

/** The invoice grid's columns; the ones marked visible show until the user chooses otherwise. */
export const INVOICE_COLUMNS: TGridColumn[] = [
  // Wide enough for the number and its marks (overdue, promised, disputed).
  { field: 'invNo', title: 'Invoice number', dataType: 'string', visible: true, width: 260 },
  { field: 'invoiceDate', title: 'Invoice date', dataType: 'date', visible: true, width: 120 },
  { field: 'dueDate', title: 'Due date', dataType: 'date', visible: true, width: 120 },
  { field: 'amount', title: 'Amount', dataType: 'currency', visible: true, width: 130 },
  { field: 'balance', title: 'Balance', dataType: 'currency', visible: true, width: 130 },
  { field: 'disputeAmount', title: 'Disputed', dataType: 'currency', visible: true, width: 120 },
  { field: 'promise', title: 'Promised', dataType: 'boolean', visible: true, width: 90 },
  { field: 'poNumber', title: 'PO number', dataType: 'string', visible: true, width: 105 },
  { field: 'tranId', title: 'Transaction id', dataType: 'string', visible: false, width: 130 },
  { field: 'paidAmount', title: 'Paid', dataType: 'currency', visible: false, width: 120 },
  { field: 'promisedAmount', title: 'Promised amount', dataType: 'currency', visible: false, width: 130 },
  { field: 'nextFollowupDate', title: 'Follow-up date', dataType: 'date', visible: false, width: 120 },
  { field: 'terms', title: 'Terms', dataType: 'string', visible: false, width: 110 },
  { field: 'paymentPending', title: 'Payment pending', dataType: 'boolean', visible: false, width: 110 },
];

/** What the advanced search offers on the invoice grid: every filterable field with its type. */
export const INVOICE_SEARCH_FIELDS = [
  ...INVOICE_COLUMNS.map(({ field, title, dataType }) => ({ field, title, dataType })),
  { field: 'tranBal', title: 'Transaction balance', dataType: 'currency' },
];

/** GET {api}/invoices/overdue: the overdue and coming-due figures of the current customer and currency. */
export const ZInvoiceOverdueSummary = z.object({
  custNo: z.string(),
  currencyCode: z.string(),
  asOf: z.string(),
  overdueCount: z.number().int(),
  overdueBalance: z.string(),
  comingDueCount: z.number().int(),
  comingDueBalance: z.string(),
  invoices: z
    .array(
      z.object({
        id: z.number().int(),
        custNo: z.string(),
        accountName: z.string(),
        invNo: z.string(),
        tranId: z.string(),
        invoiceDate: z.string(),
        dueDate: z.string(),
        tranCurrencyCode: z.string(),
        tranBal: z.string(),
        balance: z.string(),
        disputeAmount: z.string(),
        paymentPending: z.boolean(),
        paidAmount: z.string(),
        promiseAmount: z.string(),
        promise: z.boolean(),
        inCart: z.boolean().meta({ description: "In the user's cart of this customer and currency" }),
        overdueStatus: z.enum(['C', 'P']).meta({ description: 'C coming due, P past due (overdue)' }),
      }),
    )
    .meta({ description: 'The overdue and coming-due invoices, the earliest due first (at most 100)' }),
});
export type TInvoiceOverdueSummary = z.infer<typeof ZInvoiceOverdueSummary>;
