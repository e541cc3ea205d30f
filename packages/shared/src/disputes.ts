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
import { ZLineItem } from './invoices';

/**
 * The dispute contract. Call paths (under {api}):
 * - GET  dispute/{probNo}                 one dispute (ZDispute)
 * - POST dispute/{probNo}                 create ("save"); probNo is 0 for a new dispute (ZDisputeCreateRequest)
 * - PUT  dispute/{probNo}                 update: newNote, reasonCode, attachments (ZDisputeUpdateRequest)
 * - GET  dispute/assistance/{invNo}/{status}   the opening rule (ZDisputeCheckResponse); status N for new
 * - GET  dispute/reasonCodes              the tenant's reason codes (ZReasonCode[])
 * - GET  dispute/{id}/reason, PUT dispute/{id}/reason (ZDisputeReason / ZDisputeReasonRequest)
 * - GET  dispute/{id}/note                the notes, newest first (ZDisputeNote[])
 * - GET  dispute/attachment/{id}          download an attachment (id is the attachment's id)
 * - GET  dispute/columns, PUT dispute/columns   column preferences, as invoices/columns
 * - GET  disputes                         the grid (ZDisputeListQuery -> ZDisputeListResponse);
 *                                         invNo=… lists one invoice's disputes (disputebyinvoices/{invNo}),
 *                                         custDispute=true the customer-level ones
 * - GET  disputes/export/xlsx, disputes/export/pdf   the grid's exports: the grid's query plus scope
 *                                         (page|all) and columns, as invoices/export/…
 */

export const DISPUTE_STATUS_NAMES = {
  U: 'UnIdentified',
  I: 'Identified',
  D: 'Distributed',
  A: 'Approved Credit',
  C: 'Collectable',
  S: 'Suspense',
  W: 'Write-Off',
} as const;
export type TDisputeStatusCode = keyof typeof DISPUTE_STATUS_NAMES;
export const DISPUTE_STATUS_CODES = Object.keys(DISPUTE_STATUS_NAMES) as TDisputeStatusCode[];

/** artran: by line item (a disputed count per line); other: by amount. */
export const ZDisputeStyle = z.enum(['artran', 'other'], { message: 'style is artran or other' });
export type TDisputeStyle = z.infer<typeof ZDisputeStyle>;

/** The reason shown when a dispute's code is not in the tenant's list. */
export const UNKNOWN_REASON_DISPLAY = 'Internal';

export const DISPUTE_NOTE_MAX = 2000;
/** The grid's notes tooltip: the latest 5 notes, each cut at 20 characters. */
export const DISPUTE_TOOLTIP_NOTES = 5;
export const DISPUTE_TOOLTIP_NOTE_CHARS = 20;
/** Attachments added in one create or update. */
export const MAX_ATTACHMENTS_PER_CHANGE = 10;

export const DISPUTE_MESSAGES = {
  amountZero: 'The disputed amount must be above zero.',
  noLineItem: 'Enter a disputed count on at least one line.',
  negativeCount: 'Please enter a positive amount!',
  countExceedsShipped: 'The disputed count cannot exceed the quantity shipped ({0}).',
  countOnNegativeQuantity: 'A line with no positive quantity shipped cannot be disputed.',
  maxExceeded: 'Exceeded maximum dispute amount of {0}.',
  failedCreate: 'Failed to create the dispute.',
  failedUpdate: 'Failed to update the dispute.',
  noPermission: 'You dont have Permission to update a dispute.',
  noCustPermission: 'You do not have permission for customer-level disputes.',
  noteTooLong: `A note has at most ${DISPUTE_NOTE_MAX} characters.`,
  unknownReason: 'Choose a reason from the list.',
  unknownAttachment: 'An attachment was not found.',
  unknownLine: 'A disputed line is not on this invoice.',
  nothingToUpdate: 'Send a new note, a reason or attachments.',
} as const;

export const ZDisputeNote = z
  .object({
    id: z.number().int(),
    note: z.string(),
    exposed: z
      .boolean()
      .meta({ description: 'Whether the note is shown to the customer (always true for notes users write)' }),
    enteredBy: z.string(),
    enteredOn: z.string().meta({ description: 'ISO timestamp' }),
  })
  .meta({ id: 'DisputeNote' });
export type TDisputeNote = z.infer<typeof ZDisputeNote>;

export const ZDisputeAttachment = z
  .object({
    id: z.number().int(),
    uuid: z.string(),
    creatorName: z.string(),
    createdOn: z.string(),
    description: z.string(),
    fileName: z.string(),
    docType: z.string(),
    size: z.number().int(),
  })
  .meta({ id: 'DisputeAttachment' });
export type TDisputeAttachment = z.infer<typeof ZDisputeAttachment>;

/** A disputed line: the invoice's line with the count and amount this dispute holds on it. */
export const ZDisputedItem = ZLineItem.pick({
  lineNo: true,
  item: true,
  description: true,
  qtyShip: true,
  price: true,
  ext: true,
  disputedCount: true,
}).extend({
  lineItemId: z.number().int(),
  disputedAmt: z.string().nullable().meta({ description: 'Null without TR_USER.ALLOW_PROB_VIEW' }),
});
export type TDisputedItem = z.infer<typeof ZDisputedItem>;

export const ZDispute = z
  .object({
    id: z.number().int(),
    probNo: z.number().int(),
    custNo: z.string(),
    accountName: z.string(),
    invNo: z.string().nullable().meta({ description: 'Null for a customer-level dispute' }),
    openTranId: z
      .string()
      .nullable()
      .meta({ description: "The invoice's transaction id; null for a customer-level dispute" }),
    currencyCode: z.string(),
    invoiceDate: z.string().nullable(),
    dueDate: z.string().nullable(),
    originalAmount: z.string().nullable().meta({ description: "The invoice's amount" }),
    disputedAmount: z.string().nullable().meta({ description: 'Null without TR_USER.ALLOW_PROB_VIEW' }),
    disputed: z
      .boolean()
      .meta({ description: 'False once the dispute is settled (status A Approved Credit or W Write-Off)' }),
    description: z.string(),
    reasonCode: z.string(),
    reasonDisplay: z.string(),
    statusCode: z.string(),
    status: z.string(),
    style: ZDisputeStyle,
    custDispute: z.boolean(),
    days: z.number().int().meta({ description: 'Days since the dispute was opened' }),
    createdBy: z.string(),
    createdOn: z.string(),
    disputedItems: z.array(ZDisputedItem),
    disputeNoteList: z.array(ZDisputeNote),
    disputeAttachmentList: z.array(ZDisputeAttachment),
    canUpdate: z.boolean().meta({
      description: 'The user holds TR_USER.ALLOW_PROB: reason editable, notes and attachments may be added',
    }),
  })
  .meta({ id: 'Dispute' });
export type TDispute = z.infer<typeof ZDispute>;

export const ZProbNoParams = z.object({
  probNo: z.coerce.number().int('probNo is a whole number').min(0, 'probNo is 0 or more'),
});
export const ZDisputeIdParams = z.object({ id: z.coerce.number().int().min(1) });
export const ZDisputeAssistanceParams = z.object({
  invNo: z.string().min(1).max(60),
  status: z.string().min(1).max(2).meta({ description: 'N for a new dispute' }),
});

const ZCount = z.string().regex(/^-?\d{1,11}(\.\d{1,3})?$/, 'A count is a number with at most 3 decimals');
const ZAmount = z.string().regex(/^-?\d{1,12}(\.\d{1,2})?$/, 'An amount is a number with at most 2 decimals');
const ZNote = z.string().max(DISPUTE_NOTE_MAX, DISPUTE_MESSAGES.noteTooLong);
const ZAttachmentUuids = z
  .array(z.string().uuid('An attachment is the uuid of an upload'))
  .max(MAX_ATTACHMENTS_PER_CHANGE, `At most ${MAX_ATTACHMENTS_PER_CHANGE} attachments at once`);

/**
 * POST dispute/0. An invoice dispute names invNo (and tranId when the number has several
 * transactions); a customer-level dispute sets custDispute and names no invoice. style artran
 * sends disputedItems (the amount is derived, count × price); style other sends disputedAmount.
 */
export const ZDisputeCreateRequest = z
  .object({
    custDispute: z.boolean().default(false),
    custNo: ZCustNo.optional().meta({ description: "Defaults to the session's current customer" }),
    currencyCode: ZCurrencyCode.optional().meta({
      description: "Customer-level only; defaults to the session's current currency",
    }),
    invNo: z.string().min(1).max(60).optional(),
    tranId: z.string().min(1).max(60).optional(),
    style: ZDisputeStyle,
    disputedAmount: ZAmount.optional(),
    disputedItems: z
      .array(z.object({ lineItemId: z.number().int(), disputedCount: ZCount }))
      .max(1000)
      .optional(),
    reasonCode: z.string().min(1, DISPUTE_MESSAGES.unknownReason).max(20),
    description: z.string().max(500).default(''),
    newNote: ZNote.optional(),
    attachments: ZAttachmentUuids.optional(),
  })
  .meta({ id: 'DisputeCreateRequest' });
export type TDisputeCreateRequest = z.input<typeof ZDisputeCreateRequest>;

/** PUT dispute/{probNo}: any of a new note, a new reason, more attachments. */
export const ZDisputeUpdateRequest = z
  .object({
    newNote: ZNote.optional(),
    reasonCode: z.string().min(1).max(20).optional(),
    attachments: ZAttachmentUuids.optional(),
  })
  .meta({ id: 'DisputeUpdateRequest' });
export type TDisputeUpdateRequest = z.infer<typeof ZDisputeUpdateRequest>;

export const ZDisputeCheckResponse = z
  .object({
    resolverNotAssociatedToDivision: z.boolean(),
    disputeCount: z.number().int(),
    probNo: z
      .number()
      .int()
      .nullable()
      .meta({ description: 'The dispute to open when there is exactly one' }),
    tranId: z.string().nullable(),
  })
  .meta({ id: 'DisputeCheckResponse' });
export type TDisputeCheckResponse = z.infer<typeof ZDisputeCheckResponse>;

export const ZReasonCode = z.object({ code: z.string(), description: z.string() }).meta({ id: 'ReasonCode' });
export type TReasonCode = z.infer<typeof ZReasonCode>;

export const ZDisputeReason = z.object({ reasonCode: z.string(), reasonDisplay: z.string() });
export const ZDisputeReasonRequest = z.object({ reasonCode: z.string().min(1).max(20) });

/** A grid row (the dispute row of the specification, with the tooltip's notes). */
export const ZDisputeRow = z
  .object({
    id: z.number().int(),
    probNo: z.number().int(),
    custNo: z.string(),
    invNo: z.string().nullable(),
    tranId: z.string().nullable(),
    invoiceDate: z.string().nullable(),
    dueDate: z.string().nullable(),
    originalAmount: z.string().nullable(),
    disputedAmount: z.string().nullable().meta({ description: 'Null without TR_USER.ALLOW_PROB_VIEW' }),
    currencyCode: z.string(),
    reasonCode: z.string(),
    reasonDisplay: z.string(),
    statusCode: z.string(),
    status: z.string(),
    style: ZDisputeStyle,
    custDispute: z.boolean(),
    createdOn: z.string(),
    disputeNoteList: z
      .array(z.object({ note: z.string(), enteredOn: z.string(), enteredBy: z.string() }))
      .meta({ description: 'The latest 5 notes, each cut at 20 characters' }),
  })
  .meta({ id: 'DisputeRow' });
export type TDisputeRow = z.infer<typeof ZDisputeRow>;

export const DISPUTE_SORT_FIELDS = [
  'probNo',
  'invNo',
  'invoiceDate',
  'dueDate',
  'originalAmount',
  'disputedAmount',
  'statusCode',
  'reasonCode',
  'createdOn',
] as const;
export const ZDisputeSortField = z.enum(DISPUTE_SORT_FIELDS, { message: 'Not a sortable dispute field' });

export const ZDisputeListQuery = z.object({
  custNo: ZCustNo.optional().meta({ description: "Defaults to the session's current customer" }),
  currencyCode: ZCurrencyCode.optional().meta({ description: "Defaults to the session's current currency" }),
  invNo: z
    .string()
    .min(1)
    .max(60)
    .optional()
    .meta({ description: 'Only the disputes of this invoice number' }),
  custDispute: z
    .enum(['true', 'false'])
    .optional()
    .meta({ description: 'Only customer-level (true) or invoice (false) disputes' }),
  page: ZGridPage,
  pageSize: ZGridPageSize,
  sort: ZDisputeSortField.default('createdOn'),
  dir: ZGridDirection.default('desc'),
  filter: ZGridFilter.meta({
    description:
      "Advanced filter in the specification's query-string dialect ($filter), on DISPUTE_SEARCH_FIELDS",
  }),
  totals: ZGridTotalsMode,
  cursor: ZGridCursor,
});
/** totals may be left out by callers inside the server: inline is its default. */
export type TDisputeListQuery = Omit<z.infer<typeof ZDisputeListQuery>, 'totals'> &
  Partial<Pick<z.infer<typeof ZDisputeListQuery>, 'totals'>>;

export const ZDisputeTotals = z.object({
  count: z.number().int(),
  originalAmount: z.string(),
  disputedAmount: z.string().nullable().meta({ description: 'Null without TR_USER.ALLOW_PROB_VIEW' }),
});

export const ZDisputeListResponse = z
  .object({
    custNo: z.string(),
    currencyCode: z.string(),
    page: z.number().int(),
    pageSize: z.number().int(),
    total: z
      .number()
      .int()
      .nullable()
      .meta({ description: 'Null when a filtered list was asked with totals=separate' }),
    totals: ZDisputeTotals.nullable(),
    nextCursor: ZGridNextCursor,
    rows: z.array(ZDisputeRow),
  })
  .meta({ id: 'DisputeList' });
export type TDisputeListResponse = z.infer<typeof ZDisputeListResponse>;

/** GET {api}/disputes/totals: the count and sums of the filtered set, asked beside the page. */
export const ZDisputeTotalsResponse = z
  .object({ total: z.number().int(), totals: ZDisputeTotals })
  .meta({ id: 'DisputeTotals' });
export type TDisputeTotalsResponse = z.infer<typeof ZDisputeTotalsResponse>;

/** The dispute grid's columns (spec order); disputedAmount is dropped without ALLOW_PROB_VIEW. */
export const DISPUTE_COLUMNS: TGridColumn[] = [
  { field: 'invNo', title: 'Invoice number', dataType: 'string', visible: true, width: 150 },
  { field: 'invoiceDate', title: 'Invoice date', dataType: 'date', visible: true, width: 120 },
  { field: 'dueDate', title: 'Due date', dataType: 'date', visible: true, width: 120 },
  { field: 'originalAmount', title: 'Amount', dataType: 'currency', visible: true, width: 130 },
  { field: 'disputedAmount', title: 'Disputed amount', dataType: 'currency', visible: true, width: 130 },
  { field: 'status', title: 'Status', dataType: 'string', visible: true, width: 130 },
  { field: 'reasonDisplay', title: 'Reason', dataType: 'string', visible: true, width: 160 },
  { field: 'notes', title: 'Notes', dataType: 'string', visible: true, width: 200 },
  { field: 'probNo', title: 'Dispute number', dataType: 'integer', visible: false, width: 110 },
  { field: 'createdOn', title: 'Opened', dataType: 'date', visible: false, width: 120 },
];

/** What the advanced search offers on the dispute grid (its own allow-list). */
export const DISPUTE_SEARCH_FIELDS = [
  { field: 'probNo', title: 'Dispute number', dataType: 'integer' },
  { field: 'invNo', title: 'Invoice number', dataType: 'string' },
  { field: 'invoiceDate', title: 'Invoice date', dataType: 'date' },
  { field: 'dueDate', title: 'Due date', dataType: 'date' },
  { field: 'originalAmount', title: 'Amount', dataType: 'currency' },
  { field: 'disputedAmount', title: 'Disputed amount', dataType: 'currency' },
  { field: 'statusCode', title: 'Status', dataType: 'string' },
  { field: 'reasonCode', title: 'Reason', dataType: 'string' },
  { field: 'description', title: 'Description', dataType: 'string' },
  { field: 'createdOn', title: 'Opened', dataType: 'date' },
];
