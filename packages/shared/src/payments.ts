import { z } from 'zod';
import { ZCurrencyCode, ZCustNo } from './accounts';
import { isValidAbaRoutingNumber } from './rules/aba-routing';

/**
 * The payments contract (issue 12). Call paths (under {api}); every call that starts or makes a payment
 * takes an `Idempotency-Key` header (IDEMPOTENCY_KEY_HEADER):
 * - GET  payment/config/cart/{currency}, payment/config/on_account/{currency}     ZPaymentConfig
 * - GET  payment/provider/cart/{type}/{currency}?amount=                          ZProviderSettings
 * - GET  payment/provider/on_account/{paymentType}/{currency}?amount=             ZProviderSettings
 * - POST payment/validateCart/{type}/{currency}   body ZCartPaymentsRequest -> ZValidateCartResponse
 * - POST payment/hpp/{paymentType}                body ZHppCartRequest      -> ZPaymentResult (redirect data)
 * - POST payment/hppOnAccount/{paymentType}       body ZHppOnAccountRequest -> ZPaymentResult (redirect data)
 * - POST payment/makePayment/{paymentType}        body ZMakePaymentRequest  -> ZPaymentResult (local e-check)
 * - POST payment/makePaymentOnAccount/{paymentType} body ZMakePaymentOnAccountRequest -> ZPaymentResult
 * - GET  payment/log/pollStatus/{extTranRefId}/{custNo}                      -> ZPaymentResult (status)
 * - POST payment/log/cancel/{extTranRefId}/{custNo}  window closed by hand   -> ZPaymentResult
 *   (cancelled at the provider unless the payer already reached an outcome; safe to repeat)
 * - GET  payment/log/status/{extTranRefId}                                   -> ZPaymentDoneStatus
 * - GET  payment/log/summary/{paymentLogId}                                  -> ZPaymentSummary
 * - POST payment/log/receiptPDF  body { custNo, paymentLogId }               -> application/pdf
 * - POST payment/notifications/{provider}   the provider's signed notification (no session, no CSRF)
 *
 * {type} and {paymentType} are one of PAYMENT_TYPES. Amounts are decimal strings with 2 decimals (money.ts).
 */

/** Card, debit card, electronic check. The specification also spells e-check `ACH` and `echeck`. */
export const PAYMENT_TYPES = ['CREDIT_CARD', 'DEBIT_CARD', 'ECHECK'] as const;
export const ZPaymentType = z.preprocess(
  (value) => (typeof value === 'string' ? normalizePaymentType(value) : value),
  z.enum(PAYMENT_TYPES, { message: 'The payment type is CREDIT_CARD, DEBIT_CARD or ECHECK' }),
);
export type TPaymentType = (typeof PAYMENT_TYPES)[number];

export function normalizePaymentType(value: string): string {
  const upper = value.toUpperCase();
  if (upper === 'ACH' || upper === 'ECHECK' || upper === 'E_CHECK') return 'ECHECK';
  if (upper === 'CARD' || upper === 'CREDITCARD' || upper === 'CREDIT_CARD') return 'CREDIT_CARD';
  if (upper === 'DEBIT' || upper === 'DEBITCARD' || upper === 'DEBIT_CARD') return 'DEBIT_CARD';
  return value;
}

export const PAYMENT_FLOWS = ['cart', 'on_account'] as const;
export type TPaymentFlow = (typeof PAYMENT_FLOWS)[number];

export const IDEMPOTENCY_KEY_HEADER = 'idempotency-key';
/** Keys are kept at least this long (hours), as payment providers do. */
export const IDEMPOTENCY_KEY_TTL_HOURS = 24;

export const PAYMENT_POLL_MS = 1000;
export const PAYMENT_WINDOW_CHECK_MS = 500;
export const PAYMENT_WINDOW_DEFAULT_HEIGHT = 900;
/** The default window width is the screen width minus this. */
export const PAYMENT_WINDOW_WIDTH_MARGIN = 300;
export const PAYMENT_SUMMARY_REOPEN_MS = 500;
export const PAYMENT_SUMMARY_HEIGHT = 360;
export const PAYMENT_SUMMARY_HEIGHT_WITH_FEES = 380;
export const ON_ACCOUNT_NOTE_DEFAULT_MAX = 100;
export const ECHECK_CURRENCY = 'USD';

export const PAYMENT_STATUSES = ['SUCCESS', 'ERROR', 'FAILURE', 'CANCELLED', 'PENDING'] as const;
export type TPaymentStatus = (typeof PAYMENT_STATUSES)[number];
export const ZPaymentStatus = z.enum(PAYMENT_STATUSES);
/** Receipt statuses: every outcome but PENDING. */
export const RECEIPT_STATUSES = ['SUCCESS', 'ERROR', 'FAILURE', 'CANCELLED'] as const;

export const PAYMENT_METHOD_TYPES = ['CARD', 'CARD_PROFILE', 'ECHECK', 'ECHECK_PROFILE'] as const;
export type TPaymentMethodType = (typeof PAYMENT_METHOD_TYPES)[number];

/** The wording of the specification's error catalogue; the web app translates these as keys. */
export const PAYMENT_MESSAGES = {
  checkoutFailed: 'An error has occured when loading secure checkout. Please try again later.',
  declined: 'Declined',
  expirationDateIncorrect: 'Card expiration date is incorrect',
  failed: 'Payment failed. Please contact system administrator.',
  echeckUsdOnly: 'Electronic check is available only in USD.',
  paymentInFlight:
    'A payment for these invoices is already in progress. Wait for its result before paying again.',
  idempotencyKeyReused: 'This Idempotency-Key was already used with a different request.',
  idempotencyKeyMissing: 'An Idempotency-Key header is required to start a payment.',
  idempotencyKeyInProgress: 'A request with this Idempotency-Key is still being processed.',
  amountAboveZero: 'The amount must be greater than 0.',
  noteTooLong: 'The note can be at most {0} characters.',
  contractNumberRequired: 'The contract number is required.',
  methodNotAllowed: 'This payment method is not available for this currency.',
  cartEmpty: 'The cart is empty.',
  cartChanged: 'Some invoices in the cart changed. Review the amounts and pay again.',
  partialAmountRange: 'The payment amount must be above 0 and at most {0}.',
  shortPayReasonRequired: 'Choose a reason for paying less than the balance.',
  routingNumberInvalid: 'The routing number is not a valid ABA routing number.',
  noPayPermission: 'You do not have permission to pay.',
  combinedNotAllowed: 'Credits cannot be combined with invoices in one payment in this currency.',
  hostedOnly: 'This payment method goes through the secure checkout, not the in-product form.',
  localOnly: 'Electronic check is processed in the product: submit the e-check form.',
  providerUnavailable: 'The payment provider could not be reached. Please try again later.',
} as const;

/** Reasons a customer may give for paying a cart line below its balance (beyond the specification). */
export const SHORT_PAY_REASONS = [
  'PRICING',
  'QUANTITY',
  'DAMAGED',
  'NOT_RECEIVED',
  'CREDIT_EXPECTED',
  'OTHER',
] as const;
export const ZShortPayReason = z.enum(SHORT_PAY_REASONS);

const ZAmount = z.string().regex(/^-?\d+(\.\d{1,2})?$/, 'Not an amount');

export const ZFormElement = z.object({
  name: z.string(),
  label: z.string(),
  size: z.number().int(),
  placeholder: z.string(),
  required: z.boolean(),
});

export const ZPaymentConfig = z
  .object({
    allowCreditCard: z.boolean(),
    allowCreditCardProfile: z.boolean(),
    allowDebitCard: z.boolean(),
    allowDebitCardProfile: z.boolean(),
    allowECheck: z.boolean(),
    allowECheckProfile: z.boolean(),
    allowCombined: z.boolean(),
    contractNumberRequired: z.boolean(),
    elements: z.array(ZFormElement),
    noteMaxSize: z.number().int().meta({ description: 'The on-account note maximum (default 100)' }),
  })
  .meta({ id: 'PaymentConfig' });
export type TPaymentConfig = z.infer<typeof ZPaymentConfig>;

export const ZPaymentFees = z.object({
  feesApplied: z.boolean(),
  convenienceFeePercentage: z.string().meta({ description: 'For example "2.50"' }),
  originalAmount: ZAmount,
  amountWithFees: ZAmount,
  convenienceFeeAmount: ZAmount,
});
export type TPaymentFees = z.infer<typeof ZPaymentFees>;

export const ZProviderSettings = z
  .object({
    name: z.string(),
    width: z.number().int().nullable(),
    height: z.number().int().nullable(),
    localProcessing: z.boolean(),
    paymentFees: ZPaymentFees,
  })
  .meta({ id: 'ProviderSettings' });
export type TProviderSettings = z.infer<typeof ZProviderSettings>;

export const ZBillingInfo = z.object({
  firstName: z.string().max(60).optional().default(''),
  lastName: z.string().max(60).optional().default(''),
  address: z.string().max(200).optional().default(''),
});

/** A cart line as the browser sends it to pay: the server re-reads balance and disputed itself. */
export const ZCartPaymentLine = z.object({
  invNo: z.string().min(1).max(60),
  payment: ZAmount.meta({ description: 'Lowered below balance minus disputed only with a shortPayReason' }),
  shortPayReason: ZShortPayReason.optional(),
});

export const ZCartPaymentsRequest = z.object({
  custNo: ZCustNo,
  payments: z.array(ZCartPaymentLine).min(1, 'The cart is empty.').max(500),
});

export const ZValidateCartResponse = z.object({
  valid: z.boolean(),
  changed: z.array(
    z.object({
      invNo: z.string(),
      balance: z.string(),
      disputed: z.string(),
      payment: z.string(),
      reason: z.string(),
    }),
  ),
});

export const ZHppCartRequest = z.object({
  custNo: ZCustNo,
  currency: ZCurrencyCode,
  billingInfo: ZBillingInfo.optional(),
  payments: z.array(ZCartPaymentLine).min(1, 'The cart is empty.').max(500),
});

export const ZHppOnAccountRequest = z.object({
  custNo: ZCustNo,
  currency: ZCurrencyCode,
  billingInfo: ZBillingInfo.optional(),
  amount: ZAmount,
  note: z.string().optional().default(''),
  contractNumber: z.string().max(60).optional().default(''),
});

export const ECHECK_LIMITS = { name: 55, routingNumber: 9, accountNumber: 17, checkNumber: 6 } as const;
export const ACCOUNT_TYPES = ['Savings', 'Checking'] as const;

export const ZPaymentAccount = z.object({
  name: z.string().trim().min(1, 'The name is required.').max(ECHECK_LIMITS.name),
  accountType: z.enum(ACCOUNT_TYPES, { message: 'The account type is required.' }),
  routingNumber: z
    .string()
    .regex(/^\d{1,9}$/, 'The routing number is required (at most 9 digits).')
    .refine(isValidAbaRoutingNumber, PAYMENT_MESSAGES.routingNumberInvalid),
  accountNumber: z.string().regex(/^\d{1,17}$/, 'The account number is required (at most 17 digits).'),
  checkNumber: z
    .string()
    .regex(/^\d{0,6}$/, 'The check number has at most 6 digits.')
    .optional()
    .default(''),
  saveAsProfile: z.boolean().optional().default(false),
});

export const ZMakePaymentRequest = ZHppCartRequest.extend({ paymentAccount: ZPaymentAccount });
export const ZMakePaymentOnAccountRequest = ZHppOnAccountRequest.extend({ paymentAccount: ZPaymentAccount });

export const ZPaymentResult = z
  .object({
    paymentProcessorDecision: z.string().nullable(),
    responseText: z.string().nullable(),
    trackingNo: z.string().nullable(),
    authCode: z.string().nullable(),
    paymentLogId: z.number().int().nullable(),
    extTranRefId: z.string().nullable(),
    status: ZPaymentStatus.nullable(),
    serviceMethod: z
      .string()
      .nullable()
      .meta({ description: 'GET or POST: how the browser opens serviceURL' }),
    serviceURL: z.string().nullable(),
    templateProperties: z.record(z.string(), z.string()).nullable(),
    pollStatus: z.boolean().nullable().meta({ description: 'true while the browser should keep polling' }),
  })
  .meta({ id: 'PaymentResult' });
export type TPaymentResult = z.infer<typeof ZPaymentResult>;

export const ZPaymentDoneStatus = z.object({ status: z.boolean().meta({ description: 'true means done' }) });

export const ZPaymentHistoryEntry = z.object({
  at: z.string(),
  event: z.enum([
    'STARTED',
    'PENDING',
    'SUCCEEDED',
    'FAILED',
    'CANCELLED',
    'NOTIFICATION_RECEIVED',
    'STATUS_QUERIED',
  ]),
  detail: z.string().nullable(),
});

export const ZPaymentSummary = z
  .object({
    paymentLogId: z.number().int(),
    extTranRefId: z.string(),
    custNo: z.string(),
    currencyCode: z.string(),
    paymentDecision: ZPaymentStatus,
    responseText: z.string().nullable(),
    methodType: z.enum(PAYMENT_METHOD_TYPES),
    paymentType: z.enum(PAYMENT_TYPES),
    transactionType: z.enum(['INVOICES', 'ON_ACCOUNT']),
    amount: ZAmount,
    convenienceFeeAmount: ZAmount,
    totalCharged: ZAmount,
    accountMasked: z
      .string()
      .nullable()
      .meta({ description: 'Card or account number, all but the last 4 masked' }),
    trackingNo: z.string().nullable(),
    authCode: z.string().nullable(),
    note: z.string().nullable(),
    contractNumber: z.string().nullable(),
    createdAt: z.string(),
    settledAt: z.string().nullable(),
    paymentDetailLogViews: z.array(
      z.object({
        invNo: z.string(),
        amount: ZAmount,
        currCode: z.string(),
        shortPayReason: z.string().nullable(),
      }),
    ),
    history: z.array(ZPaymentHistoryEntry),
  })
  .meta({ id: 'PaymentSummary' });
export type TPaymentSummary = z.infer<typeof ZPaymentSummary>;

export const ZPaymentCurrencyParams = z.object({ currency: ZCurrencyCode });
export const ZProviderParams = z.object({ type: ZPaymentType, currency: ZCurrencyCode });
export const ZOnAccountProviderParams = z.object({ paymentType: ZPaymentType, currency: ZCurrencyCode });
export const ZProviderQuery = z.object({
  amount: ZAmount.optional().default('0').meta({ description: 'The amount the fees are computed on' }),
});
export const ZPaymentTypeParams = z.object({ paymentType: ZPaymentType });
export const ZPollStatusParams = z.object({ extTranRefId: z.string().min(1).max(80), custNo: ZCustNo });
export const ZExtTranRefIdParams = z.object({ extTranRefId: z.string().min(1).max(80) });
export const ZPaymentLogIdParams = z.object({ paymentLogId: z.coerce.number().int().positive() });

export const ZReceiptPdfRequest = z.object({
  custNo: ZCustNo,
  paymentLogId: z.coerce.number().int().positive(),
});

/** Masks all but the last 4 characters, as the specification asks for account numbers. */
export function maskAccountNumber(value: string): string {
  if (value.length <= 4) return value;
  return `${'*'.repeat(value.length - 4)}${value.slice(-4)}`;
}
