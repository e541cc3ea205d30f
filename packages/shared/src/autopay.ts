import { z } from 'zod';
import { ZCurrencyCode, ZCustNo } from './accounts';
import { AUTOPAY_LIMITS } from './rules/autopay';

/**
 * Autopay (issue 18). Call paths (under {api}); every one is the signed-in user's own rules, on
 * customers linked to the user (another customer answers 404):
 * - GET    payment/autopay/rules                              -> ZAutopayRule[]
 * - PUT    payment/autopay/rules/{custNo}/{currency}  ZAutopayRuleRequest -> ZAutopayRule (creates, replaces, resumes)
 * - DELETE payment/autopay/rules/{custNo}/{currency}          -> ZAutopayAnswer
 * - GET    payment/autopay/log?custNo=&currency=              -> ZAutopayLogEntry[] (newest first)
 * - GET    payment/autopay/upcoming                           -> ZAutopayUpcoming[]
 * - POST   payment/autopay/skip  ZAutopaySkipRequest          -> ZAutopayAnswer
 */

export const AUTOPAY_MESSAGES = {
  saved: 'The autopay rule was saved.',
  removed: 'The autopay rule was removed.',
  skipped: 'Autopay will not pay this invoice.',
  ruleNotFound: 'Autopay rule was not found.',
  profileWrongCustomer: 'This saved profile belongs to another customer.',
  echeckUsdOnly: 'A bank account pays in USD only.',
  notPayable: 'This invoice is not one autopay would pay.',
} as const;

export const AUTOPAY_SKIP_REASONS = [
  'DISPUTED',
  'PROMISED',
  'SKIPPED_BY_USER',
  'ABOVE_LIMIT',
  'PAYMENT_PENDING',
] as const;
export type TAutopaySkipReason = (typeof AUTOPAY_SKIP_REASONS)[number];

export const ZAutopayRuleParams = z.object({ custNo: ZCustNo, currency: ZCurrencyCode });

const ZAmount = z
  .string()
  .trim()
  .regex(/^\d+(\.\d{1,2})?$/, 'The limit is an amount such as 500 or 500.00.');

export const ZAutopayRuleRequest = z
  .object({
    paymentProfileId: z.number().int().positive('Choose a saved payment profile.'),
    daysBefore: z
      .number()
      .int('Days before is a whole number.')
      .min(0, 'Days before is 0 or more.')
      .max(AUTOPAY_LIMITS.maxDaysBefore, `Days before is at most ${AUTOPAY_LIMITS.maxDaysBefore}.`)
      .default(0),
    maxAmount: ZAmount.nullable()
      .optional()
      .default(null)
      .refine((value) => value === null || Number(value) > 0, 'The limit must be above 0.')
      .meta({ description: 'Per invoice: an invoice whose amount due is above it is left for a person' }),
    maxFailures: z
      .number()
      .int('Tries is a whole number.')
      .min(1, 'Tries is at least 1.')
      .max(AUTOPAY_LIMITS.maxFailures, `Tries is at most ${AUTOPAY_LIMITS.maxFailures}.`)
      .default(3),
  })
  .meta({ id: 'AutopayRuleRequest' });
export type TAutopayRuleRequest = z.input<typeof ZAutopayRuleRequest>;

export const ZAutopayRule = z
  .object({
    id: z.number().int(),
    custNo: z.string(),
    currencyCode: z.string(),
    paymentProfileId: z.number().int(),
    profileLabel: z
      .string()
      .meta({ description: 'The profile as the user knows it: alias or type and last digits' }),
    daysBefore: z.number().int(),
    maxAmount: z.string().nullable(),
    maxFailures: z.number().int(),
    status: z.enum(['ACTIVE', 'STOPPED']),
    failures: z.number().int(),
    stoppedReason: z.string().nullable(),
  })
  .meta({ id: 'AutopayRule' });
export type TAutopayRule = z.infer<typeof ZAutopayRule>;

export const ZAutopayAnswer = z.object({ success: z.boolean(), message: z.string() });

export const ZAutopayLogQuery = z.object({ custNo: ZCustNo, currency: ZCurrencyCode });

export const ZAutopayLogEntry = z
  .object({
    id: z.number().int(),
    runDate: z.string(),
    kind: z.enum(['PAID', 'SKIPPED', 'FAILED', 'STOPPED']),
    reason: z.string().nullable(),
    invNo: z.string().nullable(),
    amount: z.string().nullable(),
    paymentLogId: z.number().int().nullable(),
    at: z.string(),
  })
  .meta({ id: 'AutopayLogEntry' });
export type TAutopayLogEntry = z.infer<typeof ZAutopayLogEntry>;

export const ZAutopayUpcomingInvoice = z.object({
  invNo: z.string(),
  dueDate: z.string(),
  payOn: z.string().meta({ description: 'The day autopay will pay it (UTC date)' }),
  amount: z.string(),
});

export const ZAutopayUpcoming = z
  .object({
    ruleId: z.number().int(),
    custNo: z.string(),
    currencyCode: z.string(),
    nextRunDate: z.string().nullable(),
    amount: z.string().meta({ description: 'What the next run pays' }),
    invoices: z.array(ZAutopayUpcomingInvoice),
  })
  .meta({ id: 'AutopayUpcoming' });
export type TAutopayUpcoming = z.infer<typeof ZAutopayUpcoming>;

export const ZAutopaySkipRequest = z.object({
  custNo: ZCustNo,
  currency: ZCurrencyCode,
  invNo: z.string().min(1),
});
