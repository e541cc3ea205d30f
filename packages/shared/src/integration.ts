import { z } from 'zod';
import { ZPreferredLanguage } from './account-setup';
import { DISPUTE_STATUS_CODES, type TDisputeStatusCode } from './disputes';
import { ZSmsAreaCode, ZSmsPhone } from './phone-fields';
import { ALL_PRIVILEGES } from './privileges';
import { LOGIN_NAME_MAX_LENGTH } from './rules/sign-in';
import { approverOutsideLinks } from './rules/user-links';
import { isKnownTimeZone, PROFILE_LOCALES } from './user-profile';

/**
 * The provider's integration API under {api}/integration/v1: systems, not people, authenticated by
 * API keys with scopes. Field names are Settle's own (custNo, invNo, tranId...).
 */
export const API_KEY_SCOPES = ['ledger:write', 'events:read', 'webhooks:manage', 'payments:read'] as const;
export const ZApiKeyScope = z.enum(API_KEY_SCOPES);
export type TApiKeyScope = z.infer<typeof ZApiKeyScope>;

const money = z
  .union([z.string(), z.number()])
  .transform((value) => String(value).trim())
  .pipe(z.string().regex(/^-?\d{1,12}(\.\d{1,2})?$/, 'an amount with at most 2 decimals, e.g. 125.50'));
const quantity = z
  .union([z.string(), z.number()])
  .transform((value) => String(value).trim())
  .pipe(z.string().regex(/^-?\d{1,11}(\.\d{1,3})?$/, 'a quantity with at most 3 decimals'));
const price = z
  .union([z.string(), z.number()])
  .transform((value) => String(value).trim())
  .pipe(z.string().regex(/^-?\d{1,10}(\.\d{1,4})?$/, 'a price with at most 4 decimals'));
const isoDate = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, 'a date as YYYY-MM-DD')
  .refine(
    (value) =>
      !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) &&
      new Date(`${value}T00:00:00Z`).toISOString().startsWith(value),
    'not a calendar date',
  );
const currency = z
  .string()
  .regex(/^[A-Za-z]{3}$/, 'a 3-letter currency code')
  .transform((value) => value.toUpperCase());
const text = (max: number) => z.string().trim().max(max);

export const ZLedgerCustomer = z
  .object({
    custNo: z.string().trim().min(1).max(60),
    company: z.string().trim().min(1).max(200),
    currencies: z.array(currency).min(1).max(20),
    addressLine1: text(200).optional(),
    city: text(100).optional(),
    postalCode: text(30).optional(),
    country: text(60).optional(),
    collectorName: text(120).optional(),
    collectorEmail: text(254).optional(),
    collectorPhone: text(40).optional(),
  })
  .strict()
  .meta({ id: 'LedgerCustomer' });
export type TLedgerCustomer = z.infer<typeof ZLedgerCustomer>;

export const ZLedgerInvoiceLine = z
  .object({
    lineNo: z.number().int().min(1).max(100000),
    item: text(100),
    description: text(500),
    qtyShip: quantity,
    price,
    ext: money,
  })
  .strict();

/** An invoice keyed by its ERP transaction id (tranId, unique per tenant); lines, when given, replace the stored ones. */
export const ZLedgerInvoice = z
  .object({
    custNo: z.string().trim().min(1).max(60),
    invNo: z.string().trim().min(1).max(60),
    tranId: z.string().trim().min(1).max(60),
    status: z.enum(['O', 'C']),
    invoiceDate: isoDate,
    dueDate: isoDate,
    currencyCode: currency,
    amount: money,
    balance: money,
    poNumber: text(60).optional(),
    terms: text(60).optional(),
    salesRep: text(60).optional(),
    shipVia: text(60).optional(),
    shipTo: text(200).optional(),
    description: text(500).optional(),
    lines: z.array(ZLedgerInvoiceLine).max(1000).optional(),
  })
  .strict()
  .meta({ id: 'LedgerInvoice' });
export type TLedgerInvoice = z.infer<typeof ZLedgerInvoice>;

/** The provider's dispute reason codes, keyed by code; position orders the dropdown. */
export const ZLedgerReasonCode = z
  .object({
    code: z.string().trim().min(1).max(30),
    description: z.string().trim().min(1).max(200),
    position: z.coerce.number().int().min(0).max(100000).optional(),
  })
  .strict()
  .meta({ id: 'LedgerReasonCode' });
export type TLedgerReasonCode = z.infer<typeof ZLedgerReasonCode>;

const flag = z
  .union([z.boolean(), z.enum(['true', 'false', 'Y', 'N', '1', '0'])])
  .transform((value) => value === true || value === 'true' || value === 'Y' || value === '1');

/**
 * The payment configuration of one flow (cart or on_account) and currency: the methods offered, and
 * whether saved profiles may be used. Fields left out keep their stored value (or the default).
 */
export const ZLedgerPaymentConfig = z
  .object({
    flow: z.enum(['cart', 'on_account']),
    currencyCode: currency,
    allowCreditCard: flag.optional(),
    allowCreditCardProfile: flag.optional(),
    allowDebitCard: flag.optional(),
    allowDebitCardProfile: flag.optional(),
    allowECheck: flag.optional(),
    allowECheckProfile: flag.optional(),
    allowCombined: flag.optional(),
    contractNumberRequired: flag.optional(),
    noteMaxSize: z.coerce.number().int().min(0).max(4000).optional(),
  })
  .strict()
  .meta({ id: 'LedgerPaymentConfig' });
export type TLedgerPaymentConfig = z.infer<typeof ZLedgerPaymentConfig>;

/**
 * The provider's side of a dispute, keyed by probNo: its status and reason, and a collector's note,
 * shown to the customer unless noteExposed is false. A note already on the dispute (same text, author
 * and exposure) is not added again, so a re-sent batch changes nothing.
 */
export const ZLedgerDisputeUpdate = z
  .object({
    probNo: z.coerce.number().int().min(1),
    statusCode: z.enum(DISPUTE_STATUS_CODES as [TDisputeStatusCode, ...TDisputeStatusCode[]]).optional(),
    reasonCode: z.string().trim().min(1).max(30).optional(),
    note: z.string().trim().min(1).max(2000).optional(),
    noteExposed: flag.optional(),
    noteBy: z.string().trim().min(1).max(120).optional(),
  })
  .strict()
  .meta({ id: 'LedgerDisputeUpdate' });
export type TLedgerDisputeUpdate = z.infer<typeof ZLedgerDisputeUpdate>;

const custNo = z.string().trim().min(1).max(60);
const personName = z.string().trim().min(1).max(50);

/**
 * A user of the provider's customers, keyed by loginName within the key's tenant. custNos is the
 * whole list of the user's customers: links to customers left out are removed. Other fields left
 * out keep their stored value (a new user: the portal's defaults; firstName, lastName and email
 * are then required). A new user gets no password: an active one is emailed the activation link.
 */
export const ZLedgerUser = z
  .object({
    loginName: z.string().trim().min(1).max(LOGIN_NAME_MAX_LENGTH),
    firstName: personName.optional(),
    lastName: personName.optional(),
    email: z.string().trim().max(254).pipe(z.email('a valid email address')).optional(),
    smsAreaCode: ZSmsAreaCode.optional(),
    smsPhone: ZSmsPhone.optional().meta({ description: 'The mobile number sign-in codes go to' }),
    locale: z
      .string()
      .trim()
      .refine((value) => PROFILE_LOCALES.some((locale) => locale.code === value), {
        message: `one of ${PROFILE_LOCALES.map((locale) => locale.code).join(', ')}`,
      })
      .optional(),
    language: ZPreferredLanguage.optional(),
    timezone: z.string().trim().refine(isKnownTimeZone, 'an IANA time zone, e.g. Europe/Paris').optional(),
    status: z.enum(['active', 'inactive']).optional().meta({
      description: 'inactive: the user cannot sign in, and their sessions end at once',
    }),
    roles: z
      .array(z.string().trim())
      .max(ALL_PRIVILEGES.length)
      .superRefine((roles, context) => {
        const unknown = roles.filter((role) => !(ALL_PRIVILEGES as readonly string[]).includes(role));
        if (unknown.length > 0)
          context.addIssue({
            code: 'custom',
            message: `unknown role ${unknown.join(', ')} (known: ${ALL_PRIVILEGES.join(', ')})`,
          });
      })
      .transform((roles) => [...new Set(roles)].sort())
      .optional()
      .meta({ description: 'The privileges of the user, replacing the stored ones' }),
    custNos: z
      .array(custNo)
      .min(1)
      .max(1000)
      .transform((numbers) => [...new Set(numbers)])
      .meta({ description: "The user's customers, in the order of the account selector" }),
    defaultCustNo: custNo
      .optional()
      .meta({ description: 'One of custNos; left out: the stored default if still linked, else the first' }),
    approver: flag.optional().meta({
      description:
        "Approves colleagues' payments on every link of the row (true/false, Y/N, 1/0). Left out, with " +
        'approverCustNos left out too: each link keeps its flag, a new link has none. Not with approverCustNos.',
    }),
    approverCustNos: z
      .array(custNo)
      .max(1000)
      .transform((numbers) => [...new Set(numbers)])
      .optional()
      .meta({
        description:
          "The approver flag per link: the user approves colleagues' payments of these customers (each one of " +
          'custNos) and of none of the others in custNos; [] approves none. Not with approver.',
      }),
  })
  .strict()
  .refine((row) => row.defaultCustNo === undefined || row.custNos.includes(row.defaultCustNo), {
    path: ['defaultCustNo'],
    message: 'must be one of custNos',
  })
  .superRefine((row, context) => {
    if (row.approverCustNos === undefined) return;
    // Two answers for one link: the row must say which it means.
    if (row.approver !== undefined)
      context.addIssue({
        code: 'custom',
        path: ['approverCustNos'],
        message: 'send approver (every link) or approverCustNos (per link), not both',
      });
    const unlinked = approverOutsideLinks(row);
    if (unlinked.length > 0)
      context.addIssue({
        code: 'custom',
        path: ['approverCustNos'],
        message: `must be among custNos (${unlinked.join(', ')} ${unlinked.length === 1 ? 'is' : 'are'} not)`,
      });
  })
  .meta({ id: 'LedgerUser' });
export type TLedgerUser = z.infer<typeof ZLedgerUser>;

/** The scrolling announcement of the tenant's portal; an empty message removes it. */
export const ZLedgerAnnouncement = z.object({ message: z.string().max(2000) }).strict();

export const LEDGER_KINDS = [
  'customers',
  'invoices',
  'reason-codes',
  'payment-configs',
  'dispute-updates',
  'users',
] as const;
export type TLedgerKind = (typeof LEDGER_KINDS)[number];
/** The field each kind is keyed by, the schema name of a row, and what the route adds to its summary. */
export const LEDGER_KEYS = {
  customers: { key: 'custNo', row: 'LedgerCustomer' },
  invoices: { key: 'tranId', row: 'LedgerInvoice' },
  'reason-codes': { key: 'code', row: 'LedgerReasonCode' },
  'payment-configs': { key: 'currencyCode', row: 'LedgerPaymentConfig' },
  'dispute-updates': { key: 'probNo', row: 'LedgerDisputeUpdate' },
  users: {
    key: 'loginName',
    row: 'LedgerUser',
    description:
      "A load is the truth for each user it names: custNos is the user's whole list of customers, and links to customers left out of it are removed. An unknown custNo refuses the row. The payment approver flag is set on every link by approver, or per link by approverCustNos (the customers whose payments the user approves; the other links approve none). A new user has no password: when active, they are emailed the activation link. A user made inactive has their sessions ended.",
  },
} as const satisfies Record<TLedgerKind, { key: string; row: string; description?: string }>;

export const ZLoadQuery = z.object({
  atomic: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true')
    .meta({ description: 'All or nothing: one refused row loads none' }),
});

export const ZLoadReport = z
  .object({
    committed: z.boolean(),
    received: z.number().int(),
    inserted: z.number().int(),
    updated: z.number().int(),
    unchanged: z.number().int(),
    refused: z.number().int(),
    errors: z
      .array(z.object({ line: z.number().int(), key: z.string().nullable(), reason: z.string() }))
      .meta({ description: 'Each refused row by its line (1-based; the header of a CSV is line 1)' }),
  })
  .meta({ id: 'LoadReport' });
export type TLoadReport = z.infer<typeof ZLoadReport>;

export const EVENT_TYPES = [
  'dispute.created',
  'dispute.note_added',
  'dispute.attachment_added',
  'dispute.status_changed',
  'dispute.reason_changed',
  'promise.set',
  'promise.removed',
  'payment.started',
  'payment.succeeded',
  'payment.failed',
  'payment.cancelled',
  'payment.approval_requested',
  'payment.approval_approved',
  'payment.approval_rejected',
  'profile.saved',
  'profile.removed',
  'user.registered',
  'user.activated',
] as const;
export const ZEventType = z.enum(EVENT_TYPES);
export type TEventType = z.infer<typeof ZEventType>;

export const ZIntegrationEvent = z
  .object({
    id: z.string().meta({ description: 'Unique and the same on every delivery (webhook-id)' }),
    type: ZEventType,
    time: z.string().meta({ description: 'ISO timestamp' }),
    data: z.record(z.string(), z.unknown()),
  })
  .meta({ id: 'IntegrationEvent' });
export type TIntegrationEvent = z.infer<typeof ZIntegrationEvent>;

/**
 * Where a reader of the events stands: after the event `id` written by transaction `xid` (the
 * order of the pull API is (xid, id)). Handed out as an opaque string; an event id alone (the
 * numeric cursors given before the order by transaction) still reads as "after that event".
 */
export type TEventCursor = { xid: string; id: string } | { eventId: string };

const MAX_XID8 = 2n ** 64n - 1n;
const MAX_BIGINT = 2n ** 63n - 1n;

export function encodeEventCursor(position: { xid: string; id: string }): string {
  return btoa(`${position.xid}.${position.id}`).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

/** The cursor a string names, or undefined when it is not one the API gave. */
export function parseEventCursor(value: string): TEventCursor | undefined {
  if (/^\d{1,18}$/.test(value)) return { eventId: value };
  if (!/^[A-Za-z0-9_-]{1,60}$/.test(value)) return undefined;
  let text: string;
  try {
    text = atob(value.replace(/-/g, '+').replace(/_/g, '/'));
  } catch {
    return undefined;
  }
  const match = /^(\d{1,20})\.(\d{1,19})$/.exec(text);
  if (!match || BigInt(match[1]!) > MAX_XID8 || BigInt(match[2]!) > MAX_BIGINT) return undefined;
  return { xid: match[1]!, id: match[2]! };
}

export const ZEventsQuery = z.object({
  after: z
    .string()
    .max(60, 'a cursor from a previous answer')
    .refine((value) => parseEventCursor(value) !== undefined, 'a cursor from a previous answer')
    .optional()
    .meta({ description: 'The `next` of a previous answer (opaque); left out: from the first event' }),
  limit: z.coerce.number().int().min(1).max(1000).default(100),
});
export const ZEventPage = z
  .object({
    events: z.array(ZIntegrationEvent),
    next: z
      .string()
      .nullable()
      .meta({ description: 'Send it back as `after` to continue (opaque); null only before any event' }),
  })
  .meta({ id: 'EventPage' });

export const ZWebhookSubscriptionRequest = z
  .object({
    url: z.url({ protocol: /^https?$/ }).max(2000),
    eventTypes: z.array(z.union([ZEventType, z.literal('*')])).min(1),
  })
  .strict();
export const ZWebhookSubscription = z
  .object({
    id: z.number().int(),
    url: z.string(),
    eventTypes: z.array(z.string()),
    createdAt: z.string(),
    secret: z.string().optional().meta({ description: 'Only in the answer that creates it' }),
  })
  .meta({ id: 'WebhookSubscription' });
export const ZWebhookDelivery = z
  .object({
    id: z.number().int(),
    eventId: z.string(),
    type: z.string(),
    status: z.enum(['PENDING', 'DELIVERED', 'FAILED']),
    attempts: z.number().int(),
    lastStatusCode: z.number().int().nullable(),
    nextAttemptAt: z.string().nullable(),
    deliveredAt: z.string().nullable(),
  })
  .meta({ id: 'WebhookDelivery' });

/** The e-check file for the bank (NACHA ACH): one per tenant, cut-off date and USD. */
export const ZNachaFile = z
  .object({
    id: z.number().int(),
    cutoffDate: z.string(),
    currencyCode: z.string(),
    fileName: z.string(),
    entryCount: z.number().int(),
    totalDebit: z.string(),
    entryHash: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: 'NachaFile' });
export const ZNachaFilesQuery = z.object({
  date: z
    .string()
    .regex(/^\d{4}-\d{2}-\d{2}$/, 'The cut-off date must be a date as YYYY-MM-DD.')
    .optional(),
});
export const ZNachaFileRequest = z.object({
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/, 'The cut-off date must be a date as YYYY-MM-DD.'),
});
