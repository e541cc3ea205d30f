import { z } from 'zod';
import { ZCurrencyCode, ZCustNo } from './accounts';
import { ACCOUNT_TYPES, ECHECK_LIMITS, PAYMENT_MESSAGES, ZCartPaymentLine, ZPaymentType } from './payments';
import { isValidAbaRoutingNumber } from './rules/aba-routing';

const ZAmount = z.string().regex(/^-?\d+(\.\d{1,2})?$/, 'Not an amount');

/**
 * Saved payment profiles (issue 13; spec 001 sections 3, 5, 7). Call paths (under {api}):
 * - GET  payment/profiles?orderbyexpirationdate=true[&profileType=]          -> ZPaymentProfile[]
 * - POST payment/add/            body ZAddProfileRequest   -> ZAddProfileAnswer (a card answers redirect data)
 * - GET  payment/add/status/{reference}  a card saved through the provider's page -> ZAddProfileAnswer
 * - POST payment/updateProfile   body ZUpdateProfileRequest -> ZProfileAnswer
 * - PUT  payment/delete?paymentProfileId=                    -> ZProfileAnswer
 * - POST payment/makeSilentPayment/{paymentType}       body ZSilentCartRequest      -> ZPaymentResult
 * - POST payment/makeOnActSilentPayment/{paymentType}  body ZSilentOnAccountRequest -> ZPaymentResult
 * The silent payments take an Idempotency-Key header, like every payment start.
 */

export const PROFILE_TYPES = ['CREDIT_CARD', 'DEBIT_CARD', 'ECHECK'] as const;
export type TProfileType = (typeof PROFILE_TYPES)[number];
export const ZProfileType = ZPaymentType;

export const PROFILE_MESSAGES = {
  notFound: 'Payment profile not found.',
  expired: 'This saved card has expired.',
  typeNotAllowed: 'Saved profiles of this type are not available.',
  wrongType: 'This profile cannot pay with this payment type.',
  updated: 'The payment profile was updated.',
  unchanged: 'Nothing changed.',
  deleted: 'The payment profile was deleted.',
  saved: 'The payment profile was saved.',
  cardNotSavedYet: 'The card is not saved yet.',
  deleteConfirm: 'Are you sure want to Delete?',
} as const;

export const ZPaymentProfile = z
  .object({
    id: z.number().int(),
    profileType: z.enum(PROFILE_TYPES),
    achEnabled: z.number().int().meta({ description: '0 means a saved profile' }),
    aliasName: z.string(),
    custNo: z.string(),
    cardType: z.string().nullable(),
    lastDigits: z.string().nullable(),
    cardHolderName: z.string().nullable(),
    expirationDateStr: z.string().nullable().meta({ description: 'MM / YYYY' }),
    expirationDate: z
      .string()
      .nullable()
      .meta({ description: 'The last day of the expiry month, YYYY-MM-DD' }),
    expired: z.boolean(),
    accountNum: z.string().nullable().meta({ description: 'Masked except the last 4 characters' }),
    routingNum: z.string().nullable(),
    accountType: z.enum(ACCOUNT_TYPES).nullable(),
    name: z.string().nullable(),
  })
  .meta({ id: 'PaymentProfile' });
export type TPaymentProfile = z.infer<typeof ZPaymentProfile>;

export const ZProfilesQuery = z.object({
  orderbyexpirationdate: z
    .enum(['true', 'false'])
    .optional()
    .transform((value) => value === 'true'),
  profileType: ZProfileType.optional(),
});

const ZAliasName = z.string().trim().max(60, 'The alias has at most 60 characters.');

export const ZAddCardProfileRequest = z.object({
  profileType: z.enum(['CREDIT_CARD', 'DEBIT_CARD']),
  custNo: ZCustNo,
  currency: ZCurrencyCode,
  aliasName: ZAliasName.optional().default(''),
});

export const ZAddBankProfileRequest = z.object({
  profileType: z.literal('ECHECK'),
  custNo: ZCustNo,
  name: z.string().trim().min(1, 'The name is required.').max(ECHECK_LIMITS.name),
  accountType: z.enum(ACCOUNT_TYPES, { message: 'The account type is required.' }),
  routingNum: z
    .string()
    .regex(/^\d{1,9}$/, 'The routing number is required (at most 9 digits).')
    .refine(isValidAbaRoutingNumber, PAYMENT_MESSAGES.routingNumberInvalid),
  accountNum: z.string().regex(/^\d{1,17}$/, 'The account number is required (at most 17 digits).'),
  chequeNum: z
    .string()
    .regex(/^\d{0,6}$/, 'The check number has at most 6 digits.')
    .optional()
    .default(''),
  aliasName: ZAliasName.optional().default(''),
});

export const ZAddProfileRequest = z.discriminatedUnion('profileType', [
  ZAddCardProfileRequest.extend({ profileType: z.literal('CREDIT_CARD') }),
  ZAddCardProfileRequest.extend({ profileType: z.literal('DEBIT_CARD') }),
  ZAddBankProfileRequest,
]);
export type TAddProfileRequest = z.input<typeof ZAddProfileRequest>;

export const ZProfileAnswer = z
  .object({ success: z.boolean(), message: z.string() })
  .meta({ id: 'PaymentProfileAnswer' });
export type TProfileAnswer = z.infer<typeof ZProfileAnswer>;

export const ZAddProfileAnswer = ZProfileAnswer.extend({
  paymentProfileId: z.number().int().nullable(),
  reference: z.string().nullable().meta({ description: 'A card: poll payment/add/status/{reference}' }),
  serviceURL: z.string().nullable(),
  serviceMethod: z.string().nullable(),
  templateProperties: z.record(z.string(), z.string()).nullable(),
}).meta({ id: 'AddPaymentProfileAnswer' });
export type TAddProfileAnswer = z.infer<typeof ZAddProfileAnswer>;

export const ZAddStatusParams = z.object({ reference: z.string().min(1).max(80) });

export const ZUpdateProfileRequest = z.object({
  id: z.coerce.number().int().positive(),
  profileType: ZProfileType,
  aliasName: ZAliasName.optional(),
  expirationDate: z.string().max(20).optional().meta({ description: 'MM/YYYY, spaces allowed around /' }),
  name: z.string().trim().min(1, 'The name is required.').max(ECHECK_LIMITS.name).optional(),
});
export type TUpdateProfileRequest = z.input<typeof ZUpdateProfileRequest>;

export const ZDeleteProfileQuery = z.object({ paymentProfileId: z.coerce.number().int().positive() });

export const ZSilentProfileRef = z.object({ id: z.coerce.number().int().positive() });

export const ZSilentCartRequest = z.object({
  custNo: ZCustNo,
  currency: ZCurrencyCode,
  paymentProfile: ZSilentProfileRef,
  payments: z.array(ZCartPaymentLine).min(1, 'The cart is empty.').max(500),
});
export type TSilentCartRequest = z.input<typeof ZSilentCartRequest>;

export const ZSilentOnAccountRequest = z.object({
  custNo: ZCustNo,
  currency: ZCurrencyCode,
  paymentProfile: ZSilentProfileRef,
  amount: ZAmount,
  note: z.string().optional().default(''),
  contractNumber: z.string().max(60).optional().default(''),
});
export type TSilentOnAccountRequest = z.input<typeof ZSilentOnAccountRequest>;

/** Cards pay with CREDIT_CARD or DEBIT_CARD as saved; bank accounts with ECHECK. */
export function profilePaysWith(profileType: TProfileType, paymentType: string): boolean {
  return profileType === paymentType;
}
