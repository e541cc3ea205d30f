import { randomUUID } from 'node:crypto';
import {
  PROFILE_MESSAGES,
  type TAddProfileAnswer,
  type TPaymentProfile,
  type TProfileAnswer,
  type ZAddProfileRequest,
  type ZProfilesQuery,
  type ZSilentCartRequest,
  type ZSilentOnAccountRequest,
  type ZUpdateProfileRequest,
} from '@settle/shared/payment-profiles';
import {
  ECHECK_CURRENCY,
  maskAccountNumber,
  PAYMENT_MESSAGES,
  type TPaymentResult,
  type ZMakePaymentOnAccountRequest,
  type ZMakePaymentRequest,
} from '@settle/shared/payments';
import { hasPrivilege, Privilege } from '@settle/shared/privileges';
import { checkProfileExpiry, isExpired } from '@settle/shared/rules/profile-expiry';
import type { z } from 'zod';
import type { PaymentGateway } from '../../adapters/payments/payment-gateway';
import type { Db } from '../../db/client';
import { AppError, badRequest, notFound } from '../../lib/app-error';
import type { Clock } from '../../lib/clock';
import type { Sealer } from '../../lib/sealed-values';
import type { AccountsService } from '../accounts/accounts.service';
import type { ActivityService } from '../activity/activity.service';
import type { SessionContext } from '../auth/session.service';
import type { PaymentSettingsService } from '../payments/payment-settings.service';
import type {
  AlongsidePayment,
  PaymentsService,
  SavedProfileCharge,
  StartContext,
} from '../payments/payments.service';
import { toPaymentProfile } from './payment-profile-views';
import * as repository from './payment-profiles.repository';

export type PaymentProfilesService = ReturnType<typeof createPaymentProfilesService>;

type AddRequest = z.output<typeof ZAddProfileRequest>;
type UpdateRequest = z.output<typeof ZUpdateProfileRequest>;
type BankAccount = { name: string; accountType: string; routingNum: string; accountNum: string };

const FLAG_OF = {
  CREDIT_CARD: 'allowCreditCardProfile',
  DEBIT_CARD: 'allowDebitCardProfile',
  ECHECK: 'allowECheckProfile',
} as const;

/** Saved cards and bank accounts of a user, and the payments made with them (issue 13). */
export function createPaymentProfilesService(
  db: Db,
  deps: {
    accounts: AccountsService;
    activity: Pick<ActivityService, 'record'>;
    settings: PaymentSettingsService;
    payments: PaymentsService;
    gateway: PaymentGateway;
    sealer: Sealer;
    clock: Clock;
  },
) {
  const ownerOf = (session: SessionContext) => ({ tenantId: session.tenantId, userId: session.userId });

  /** A bank account as a profile stores it: the number sealed, only its last 4 in clear. */
  const bankAccountValues = (account: BankAccount) => ({
    profileType: 'ECHECK' as const,
    accountEncrypted: deps.sealer.seal('echeck-account', account.accountNum),
    accountMasked: maskAccountNumber(account.accountNum),
    routingNum: account.routingNum,
    accountType: account.accountType,
    name: account.name,
  });

  /**
   * The e-check form's "save as profile": the account is saved in the payment's own transaction
   * (no payment, no profile), once per payment by the unique saved_by_payment_id.
   */
  async function saveWithPayment(
    session: SessionContext,
    account: z.output<typeof ZMakePaymentRequest>['paymentAccount'],
  ): Promise<AlongsidePayment | undefined> {
    if (!account.saveAsProfile) return undefined;
    await requireTypeEnabled(session, 'ECHECK', ECHECK_CURRENCY);
    return async (tx, payment) => {
      const inserted = await repository.insertProfile(tx, {
        tenantId: payment.tenantId,
        customerId: payment.customerId,
        custNo: payment.custNo,
        userId: session.userId,
        savedByPaymentId: payment.id,
        ...bankAccountValues({
          name: account.name,
          accountType: account.accountType,
          routingNum: account.routingNumber,
          accountNum: account.accountNumber,
        }),
      });
      await recordProfile(tx, session, inserted, 'PROFILE_SAVED');
    };
  }

  /** Saved and removed profiles reach the customer's timeline and the provider's events outbox. */
  function recordProfile(
    tx: Db,
    session: SessionContext,
    row: Pick<repository.ProfileRow, 'id' | 'customerId' | 'profileType' | 'aliasName'>,
    kind: 'PROFILE_SAVED' | 'PROFILE_REMOVED',
  ) {
    return deps.activity.record(tx, session, [
      {
        tenantId: session.tenantId,
        customerId: row.customerId,
        invoiceId: null,
        kind,
        details: { paymentProfileId: String(row.id), profileType: row.profileType, aliasName: row.aliasName },
      },
    ]);
  }

  function requirePay(session: SessionContext) {
    if (!hasPrivilege(session.roles, Privilege.ALLOW_PAY))
      throw new AppError({
        statusCode: 403,
        code: 'PAYMENT_FORBIDDEN',
        message: PAYMENT_MESSAGES.noPayPermission,
      });
  }

  /** A type is offered when the tenant enables its profiles for the cart or on account in the currency. */
  async function requireTypeEnabled(
    session: SessionContext,
    profileType: AddRequest['profileType'],
    currency: string,
  ) {
    const flag = FLAG_OF[profileType];
    const [cart, onAccount] = await Promise.all([
      deps.settings.config(session.tenantId, 'cart', currency),
      deps.settings.config(session.tenantId, 'on_account', currency),
    ]);
    if (!cart[flag] && !onAccount[flag])
      throw badRequest(PROFILE_MESSAGES.typeNotAllowed, undefined, 'PROFILE_TYPE_NOT_ALLOWED');
  }

  async function requireOwned(session: SessionContext, id: number) {
    const row = await repository.findOwnedProfile(db, ownerOf(session), id);
    if (row?.status !== 'ACTIVE') throw notFound('Payment profile');
    return row;
  }

  /** The profile a silent payment charges: the caller's, saved for that customer, of that type, not expired. */
  async function chargeOf(
    session: SessionContext,
    request: { custNo: string; paymentProfile: { id: number } },
    paymentType: string,
  ): Promise<SavedProfileCharge> {
    const row = await requireOwned(session, request.paymentProfile.id);
    if (row.custNo !== request.custNo) throw notFound('Payment profile');
    if (row.profileType !== paymentType)
      throw badRequest(PROFILE_MESSAGES.wrongType, undefined, 'PROFILE_WRONG_TYPE');
    if (row.profileType === 'ECHECK') {
      if (!row.accountMasked || !row.routingNum) throw notFound('Payment profile');
      return {
        kind: 'echeck',
        id: row.id,
        accountMasked: row.accountMasked,
        accountEncrypted: row.accountEncrypted,
        name: row.name ?? '',
        accountType: row.accountType ?? 'Checking',
        routingNum: row.routingNum,
      };
    }
    if (row.expiryMonth === null || row.expiryYear === null || !row.token) throw notFound('Payment profile');
    if (isExpired({ month: row.expiryMonth, year: row.expiryYear }, deps.clock.now()))
      throw badRequest(PROFILE_MESSAGES.expired, undefined, 'PROFILE_CARD_EXPIRED');
    return { kind: 'card', id: row.id, token: row.token };
  }

  return {
    /**
     * A profile a standing order (autopay) may pay with: the user's, saved for that customer, of a
     * type the currency offers for saved profiles, and not expired; its type and how to name it.
     */
    async usableProfile(
      session: SessionContext,
      request: { custNo: string; currency: string; paymentProfileId: number },
    ): Promise<{ id: number; profileType: AddRequest['profileType']; label: string }> {
      requirePay(session);
      const row = await requireOwned(session, request.paymentProfileId);
      if (row.custNo !== request.custNo) throw notFound('Payment profile');
      if (row.profileType === 'ECHECK' && request.currency !== ECHECK_CURRENCY)
        throw badRequest(PAYMENT_MESSAGES.echeckUsdOnly, undefined, 'ECHECK_USD_ONLY');
      await chargeOf(session, { custNo: request.custNo, paymentProfile: { id: row.id } }, row.profileType);
      const config = await deps.settings.config(session.tenantId, 'cart', request.currency);
      if (!config[FLAG_OF[row.profileType]])
        throw badRequest(PROFILE_MESSAGES.typeNotAllowed, undefined, 'PROFILE_TYPE_NOT_ALLOWED');
      const label =
        row.aliasName ||
        (row.profileType === 'ECHECK'
          ? `${row.accountMasked ?? ''}`
          : `${row.cardType ?? 'Card'} ${row.lastDigits ?? ''}`);
      return { id: row.id, profileType: row.profileType, label: label.trim() };
    },

    async list(session: SessionContext, query: z.output<typeof ZProfilesQuery> & { custNo?: string }) {
      requirePay(session);
      const customer = query.custNo
        ? await deps.accounts.requireCustomer(session.userId, query.custNo)
        : null;
      const rows = await repository.findProfiles(db, ownerOf(session), {
        profileType: query.profileType,
        customerId: customer?.id,
        byExpiry: query.orderbyexpirationdate,
      });
      const now = deps.clock.now();
      return rows.map((row): TPaymentProfile => toPaymentProfile(row, now));
    },

    async add(
      session: SessionContext,
      request: AddRequest,
      context: { origin: string },
    ): Promise<TAddProfileAnswer> {
      requirePay(session);
      const customer = await deps.accounts.requireCustomer(session.userId, request.custNo);
      const base = {
        tenantId: session.tenantId,
        customerId: customer.id,
        custNo: customer.custNo,
        userId: session.userId,
      };
      if (request.profileType === 'ECHECK') {
        await requireTypeEnabled(session, 'ECHECK', ECHECK_CURRENCY);
        const row = await db.transaction(async (tx) => {
          const inserted = await repository.insertProfile(tx, {
            ...base,
            aliasName: request.aliasName,
            ...bankAccountValues(request),
          });
          await recordProfile(tx, session, inserted, 'PROFILE_SAVED');
          return inserted;
        });
        return {
          success: true,
          message: PROFILE_MESSAGES.saved,
          paymentProfileId: row.id,
          reference: null,
          serviceURL: null,
          serviceMethod: null,
          templateProperties: null,
        };
      }
      if (!customer.currencies.includes(request.currency))
        throw badRequest(
          `Customer ${customer.custNo} does not use the currency ${request.currency}.`,
          undefined,
          'CURRENCY_NOT_AVAILABLE',
        );
      await requireTypeEnabled(session, request.profileType, request.currency);
      const reference = `SP-${randomUUID()}`;
      const row = await repository.insertProfile(db, {
        ...base,
        profileType: request.profileType,
        status: 'PENDING',
        reference,
        provider: deps.gateway.name,
        aliasName: request.aliasName,
      });
      const page = await deps.gateway.startSaveCard({
        reference,
        kind: request.profileType,
        language: session.user.language,
        returnUrl: `${context.origin}/paymentDone?reference=${encodeURIComponent(reference)}`,
        idempotencyKey: reference,
      });
      await repository.updateProfile(db, row.id, { providerSessionId: page.providerPaymentId });
      return {
        success: true,
        message: '',
        paymentProfileId: row.id,
        reference,
        serviceURL: page.serviceURL,
        serviceMethod: page.serviceMethod,
        templateProperties: page.templateProperties,
      };
    },

    /** Asks the provider whether the card of a save-card page is saved, and keeps it once it is. */
    async addStatus(session: SessionContext, reference: string): Promise<TAddProfileAnswer> {
      requirePay(session);
      const row = await repository.findOwnedByReference(db, ownerOf(session), reference);
      if (!row) throw notFound('Payment profile');
      const answer = {
        paymentProfileId: row.id,
        reference,
        serviceURL: null,
        serviceMethod: null,
        templateProperties: null,
      };
      if (row.status === 'ACTIVE') return { success: true, message: PROFILE_MESSAGES.saved, ...answer };
      const card = await deps.gateway.getSavedCard(reference, row.providerSessionId ?? undefined);
      if (!card) return { success: false, message: PROFILE_MESSAGES.cardNotSavedYet, ...answer };
      await db.transaction(async (tx) => {
        const activated = await repository.activateCard(tx, row.id, {
          token: card.token,
          lastDigits: card.last4,
          cardType: card.brand,
          cardHolderName: card.holderName,
          expiryMonth: card.expiryMonth,
          expiryYear: card.expiryYear,
        });
        // Two polls at once: only the one that activated it tells the provider.
        if (activated) await recordProfile(tx, session, row, 'PROFILE_SAVED');
      });
      return { success: true, message: PROFILE_MESSAGES.saved, ...answer };
    },

    async update(session: SessionContext, request: UpdateRequest): Promise<TProfileAnswer> {
      requirePay(session);
      const row = await requireOwned(session, request.id);
      if (row.profileType !== request.profileType) throw notFound('Payment profile');
      const values: Partial<repository.NewProfile> = {};
      if (request.aliasName !== undefined && request.aliasName !== row.aliasName)
        values.aliasName = request.aliasName;
      if (row.profileType === 'ECHECK') {
        if (request.name !== undefined && request.name !== row.name) values.name = request.name;
      } else if (request.expirationDate !== undefined) {
        const current =
          row.expiryMonth !== null && row.expiryYear !== null
            ? { month: row.expiryMonth, year: row.expiryYear }
            : null;
        const check = checkProfileExpiry(request.expirationDate, deps.clock.now(), current);
        if (!check.ok)
          throw badRequest(check.message, [{ field: 'expirationDate', message: check.message }], check.code);
        if (!check.unchanged) {
          values.expiryMonth = check.expiry.month;
          values.expiryYear = check.expiry.year;
        }
      }
      if (Object.keys(values).length === 0) return { success: true, message: PROFILE_MESSAGES.unchanged };
      await repository.updateProfile(db, row.id, values);
      return { success: true, message: PROFILE_MESSAGES.updated };
    },

    async remove(session: SessionContext, id: number): Promise<TProfileAnswer> {
      requirePay(session);
      const row = await requireOwned(session, id);
      await db.transaction(async (tx) => {
        await repository.updateProfile(tx, row.id, { deletedAt: deps.clock.now() });
        await recordProfile(tx, session, row, 'PROFILE_REMOVED');
      });
      return { success: true, message: PROFILE_MESSAGES.deleted };
    },

    /** Checks the saved profile a cart submitted for approval will pay with (owned, of the type, not expired). */
    async checkChargeable(
      session: SessionContext,
      request: { custNo: string; paymentProfile: { id: number } },
      paymentType: string,
    ): Promise<{ id: number }> {
      requirePay(session);
      const profile = await chargeOf(session, request, paymentType);
      return { id: profile.id };
    },

    async payCart(
      session: SessionContext,
      paymentType: Parameters<PaymentsService['payCartWithProfile']>[1],
      request: z.output<typeof ZSilentCartRequest>,
      context: StartContext,
    ): Promise<TPaymentResult> {
      requirePay(session);
      const profile = await chargeOf(session, request, paymentType);
      return deps.payments.payCartWithProfile(session, paymentType, request, context, profile);
    },

    async payOnAccount(
      session: SessionContext,
      paymentType: Parameters<PaymentsService['payOnAccountWithProfile']>[1],
      request: z.output<typeof ZSilentOnAccountRequest>,
      context: StartContext,
    ): Promise<TPaymentResult> {
      requirePay(session);
      const profile = await chargeOf(session, request, paymentType);
      return deps.payments.payOnAccountWithProfile(session, paymentType, request, context, profile);
    },

    /** POST payment/makePayment/{paymentType}: the e-check form, saving the account when asked. */
    async payCartByAccount(
      session: SessionContext,
      paymentType: Parameters<PaymentsService['payCart']>[1],
      request: z.output<typeof ZMakePaymentRequest>,
      context: StartContext & { local: boolean },
    ): Promise<TPaymentResult> {
      const alongside = await saveWithPayment(session, request.paymentAccount);
      return deps.payments.payCart(session, paymentType, request, { ...context, alongside });
    },

    /** POST payment/makePaymentOnAccount/{paymentType}: the same on account. */
    async payOnAccountByAccount(
      session: SessionContext,
      paymentType: Parameters<PaymentsService['payOnAccount']>[1],
      request: z.output<typeof ZMakePaymentOnAccountRequest>,
      context: StartContext & { local: boolean },
    ): Promise<TPaymentResult> {
      const alongside = await saveWithPayment(session, request.paymentAccount);
      return deps.payments.payOnAccount(session, paymentType, request, { ...context, alongside });
    },
  };
}
