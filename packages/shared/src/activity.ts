import { z } from 'zod';

/**
 * What happened to an invoice: an append-only timeline, written in the same transaction as
 * each change. GET {api}/invoices/activity/{invNo} answers ZActivityList, newest first.
 */
export const ACTIVITY_KINDS = [
  'PROMISE_SET',
  'PROMISE_REMOVED',
  'DISPUTE_OPENED',
  'DISPUTE_STATUS_CHANGED',
  'DISPUTE_REASON_CHANGED',
  'DISPUTE_NOTE_ADDED',
  'DISPUTE_ATTACHMENT_ADDED',
  'CART_ADDED',
  'CART_REMOVED',
  'PAYMENT_STARTED',
  'PAYMENT_SUCCEEDED',
  'PAYMENT_FAILED',
  'PAYMENT_CANCELLED',
  'PAYMENT_APPROVAL_REQUESTED',
  'PAYMENT_APPROVAL_APPROVED',
  'PAYMENT_APPROVAL_REJECTED',
  'PROFILE_SAVED',
  'PROFILE_REMOVED',
  'USER_REGISTERED',
  'USER_ACTIVATED',
] as const;
export const ZActivityKind = z.enum(ACTIVITY_KINDS);
export type TActivityKind = z.infer<typeof ZActivityKind>;

/**
 * details by kind (all optional strings so that the web can fill its i18n templates):
 * PROMISE_SET { nextFollowupDate }; DISPUTE_OPENED { probNo, disputedAmount, reasonCode, style };
 * DISPUTE_STATUS_CHANGED { probNo, from, to }; DISPUTE_REASON_CHANGED { probNo, from, to };
 * DISPUTE_NOTE_ADDED { probNo, note (cut at 100 characters) }; DISPUTE_ATTACHMENT_ADDED { probNo, fileName };
 * CART_ADDED / CART_REMOVED { currencyCode };
 * PAYMENT_STARTED / PAYMENT_SUCCEEDED / PAYMENT_FAILED / PAYMENT_CANCELLED { paymentLogId, amount, status };
 * PAYMENT_APPROVAL_REQUESTED / _APPROVED / _REJECTED { approvalId, amount, currencyCode, reason (rejected) }.
 * PROFILE_SAVED / PROFILE_REMOVED { paymentProfileId, profileType, aliasName };
 * USER_REGISTERED / USER_ACTIVATED { userId, loginName }. These four belong to the customer (no invoice).
 */
export const ZActivityEntry = z
  .object({
    id: z.number().int(),
    kind: ZActivityKind,
    at: z.string().meta({ description: 'ISO timestamp' }),
    by: z.string().meta({ description: "The actor's display name" }),
    invNo: z.string().nullable(),
    probNo: z.number().int().nullable(),
    details: z.record(z.string(), z.string()),
  })
  .meta({ id: 'ActivityEntry' });
export type TActivityEntry = z.infer<typeof ZActivityEntry>;

export const ZActivityList = z
  .object({ invNo: z.string(), entries: z.array(ZActivityEntry) })
  .meta({ id: 'ActivityList' });
export type TActivityList = z.infer<typeof ZActivityList>;
