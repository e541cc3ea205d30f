import { randomUUID } from 'node:crypto';
import { fromMinorUnits, toMinorUnits } from '@settle/shared/money';
import {
  ECHECK_CURRENCY,
  maskAccountNumber,
  PAYMENT_MESSAGES,
  type TPaymentFlow,
  type TPaymentResult,
  type TPaymentType,
  type ZHppCartRequest,
  type ZHppOnAccountRequest,
  type ZPaymentAccount,
} from '@settle/shared/payments';
import { hasPrivilege, Privilege } from '@settle/shared/privileges';
import { canAddToCart, invoiceFacts, REFUSAL_MESSAGES } from '@settle/shared/rules/invoices';
import { checkCartLinePayment, convenienceFeeMinor, isMethodAllowed } from '@settle/shared/rules/payments';
import type { z } from 'zod';
import { type PaymentGateway, PaymentGatewayUnavailableError } from '../../adapters/payments/payment-gateway';
import type { Db } from '../../db/client';
import { actorOf } from '../../lib/actor';
import { AppError, badRequest } from '../../lib/app-error';
import type { Sealer } from '../../lib/sealed-values';
import type { AccountsService } from '../accounts/accounts.service';
import type { ActivityService } from '../activity/activity.service';
import type { SessionContext } from '../auth/session.service';
import { resolveCustomerScope } from '../invoices/invoice-scope';
import type { InvoicesService } from '../invoices/invoices.service';
import type { ApprovalPolicyService } from '../payment-approvals/approval-policy.service';
import { applyOutcome, type OutcomeDeps } from './payment-outcomes';
import type { PaymentSettingsService } from './payment-settings.service';
import type { PaymentSettlementService } from './payment-settlement.service';
import { toPaymentResult } from './payment-views';
import * as repository from './payments.repository';
import { isUniqueViolation } from './unique-violation';

export type PaymentsService = ReturnType<typeof createPaymentsService>;

type CartRequest = z.output<typeof ZHppCartRequest>;
type OnAccountRequest = z.output<typeof ZHppOnAccountRequest>;
type PaymentAccount = z.output<typeof ZPaymentAccount>;

/** A saved profile as a silent payment charges it: a card's provider token or a sealed bank account. */
export type SavedProfileCharge =
  | { kind: 'card'; id: number; token: string }
  | {
      kind: 'echeck';
      id: number;
      accountMasked: string;
      /** Null for a demo account kept masked only. */
      accountEncrypted: string | null;
      name: string;
      accountType: string;
      routingNum: string;
    };

/** Where the provider's hosted page sends the browser back, and in which language it speaks. */
export type StartContext = {
  origin: string;
  idempotencyKey: string | null;
  /**
   * Runs first in the payment's own transaction: work that must commit with the payment or not at
   * all (autopay's once-a-day row); throwing abandons the start and changes nothing.
   */
  guard?: (tx: Db) => Promise<void>;
  /** Set only by the approvals service for the payment of an approval it has just decided. */
  approvalId?: number;
};

/** Work another module does in the transaction that inserts a payment (e-check "save as profile"). */
export type AlongsidePayment = (tx: Db, payment: repository.PaymentRow) => Promise<void>;

/** A start by the e-check form (local) or the hosted page, and what it also writes with the payment. */
type AccountStartContext = StartContext & { local: boolean; alongside?: AlongsidePayment };

/** Younger than this, a blocking payment is not asked about at the provider (see retryAfterRefresh). */
const FRESH_START_MS = 5_000;

const refused = (message: string, code: string) => badRequest(message, undefined, code);
const inFlight = () =>
  new AppError({ statusCode: 409, code: 'PAYMENT_IN_FLIGHT', message: PAYMENT_MESSAGES.paymentInFlight });

/** What a start has checked and will hold: the lines and the amounts in cents. */
type Plan = {
  customer: { id: number; custNo: string };
  currencyCode: string;
  flow: TPaymentFlow;
  paymentType: TPaymentType;
  lines: Array<{ invoiceId: number; invNo: string; amountMinor: number; shortPayReason: string | null }>;
  amountMinor: number;
  feeMinor: number;
  providerName: string;
  note: string | null;
  contractNumber: string | null;
};

export function createPaymentsService(
  db: Db,
  deps: OutcomeDeps & {
    accounts: AccountsService;
    invoices: InvoicesService;
    activity: ActivityService;
    settings: PaymentSettingsService;
    settlement: PaymentSettlementService;
    gateway: PaymentGateway;
    sealer: Sealer;
    /** Approval before paying (issue 18); none in set-ups that do not use it. */
    approvalPolicy?: ApprovalPolicyService;
  },
) {
  function requirePayPrivilege(session: SessionContext) {
    if (!hasPrivilege(session.roles, Privilege.ALLOW_PAY))
      throw new AppError({
        statusCode: 403,
        code: 'PAYMENT_FORBIDDEN',
        message: PAYMENT_MESSAGES.noPayPermission,
      });
  }

  async function methodSettings(
    session: SessionContext,
    flow: TPaymentFlow,
    paymentType: TPaymentType,
    currencyCode: string,
    withProfile = false,
  ) {
    if (paymentType === 'ECHECK' && currencyCode !== ECHECK_CURRENCY)
      throw refused(PAYMENT_MESSAGES.echeckUsdOnly, 'ECHECK_USD_ONLY');
    const config = await deps.settings.config(session.tenantId, flow, currencyCode);
    const allowed = withProfile
      ? isProfileMethodAllowed(config, paymentType)
      : isMethodAllowed(config, paymentType);
    if (!allowed) throw refused(PAYMENT_MESSAGES.methodNotAllowed, 'PAYMENT_METHOD_NOT_ALLOWED');
    const provider = await deps.settings.providerRow({
      tenantId: session.tenantId,
      flow,
      paymentType,
      currencyCode,
    });
    return { config, provider };
  }

  /** Checks a cart's lines against the invoices as stored, locked in the caller's transaction. */
  async function checkCartLines(
    tx: Db,
    session: SessionContext,
    scope: { customerId: number; currencyCode: string },
    requested: CartRequest['payments'],
  ) {
    const invNos = [...new Set(requested.map((line) => line.invNo))];
    if (invNos.length !== requested.length)
      throw refused('Each invoice can be paid once per payment.', 'PAYMENT_DUPLICATE_LINE');
    const locked = await deps.invoices.lockForPayment(tx, session, { customerId: scope.customerId, invNos });
    return requested.map((line) => {
      const candidates = locked.filter((invoice) => invoice.row.invNo === line.invNo);
      const invoice = candidates.find((candidate) => candidate.row.status === 'O') ?? candidates[0];
      if (!invoice || invoice.row.tranCurrencyCode !== scope.currencyCode)
        throw new AppError({
          statusCode: 400,
          code: 'PAYMENT_CART_CHANGED',
          message: `${PAYMENT_MESSAGES.cartChanged} (${line.invNo})`,
          args: [line.invNo],
        });
      const rule = canAddToCart(invoiceFacts({ ...invoice.row, inCart: false }), session.roles);
      if (!rule.allowed) {
        if (rule.reason === 'PAYMENT_PENDING') throw inFlight();
        throw new AppError({
          statusCode: rule.reason.startsWith('NO_') ? 403 : 400,
          code: `PAYMENT_${rule.reason}`,
          message: `${REFUSAL_MESSAGES[rule.reason]} (${line.invNo})`,
          args: [line.invNo],
        });
      }
      const check = checkCartLinePayment({
        balance: invoice.row.balance,
        disputed: invoice.row.disputeAmount,
        payment: line.payment,
        shortPayReason: line.shortPayReason,
      });
      if (!check.ok)
        throw new AppError({
          statusCode: 400,
          code: check.code,
          message: `${check.message} (${line.invNo})`,
          args: [line.invNo],
        });
      return {
        invoiceId: invoice.id,
        invNo: line.invNo,
        amountMinor: toMinorUnits(line.payment),
        shortPayReason: line.shortPayReason ?? null,
      };
    });
  }

  /** Inserts the PENDING payment and holds its invoices, in the caller's transaction. */
  async function insertPending(
    tx: Db,
    session: SessionContext,
    plan: Plan,
    extra: Partial<repository.NewPayment> & { provider: string },
    context: StartContext,
  ): Promise<repository.PaymentRow> {
    const actor = actorOf(session);
    const payment = await repository.insertPayment(tx, {
      extTranRefId: `ST-${randomUUID()}`,
      tenantId: session.tenantId,
      customerId: plan.customer.id,
      custNo: plan.customer.custNo,
      userId: session.userId,
      payerName: actor.actorName,
      payerEmail: session.user.email ?? '',
      language: session.user.language,
      localeForFormatting: session.user.localeForFormatting,
      currencyCode: plan.currencyCode,
      flow: plan.flow,
      paymentType: plan.paymentType,
      methodType: plan.paymentType === 'ECHECK' ? 'ECHECK' : 'CARD',
      amount: fromMinorUnits(plan.amountMinor),
      fee: fromMinorUnits(plan.feeMinor),
      total: fromMinorUnits(plan.amountMinor + plan.feeMinor),
      note: plan.note,
      contractNumber: plan.contractNumber,
      idempotencyKey: context.idempotencyKey,
      ...extra,
    });
    await repository.insertLines(
      tx,
      plan.lines.map((line) => ({
        paymentId: payment.id,
        invoiceId: line.invoiceId,
        invNo: line.invNo,
        amount: fromMinorUnits(line.amountMinor),
        shortPayReason: line.shortPayReason,
      })),
    );
    for (const line of plan.lines)
      await deps.invoices.addPendingPayment(tx, line.invoiceId, fromMinorUnits(line.amountMinor));
    await repository.insertEvent(
      tx,
      payment.id,
      'STARTED',
      `${plan.paymentType} ${fromMinorUnits(plan.amountMinor + plan.feeMinor)} ${plan.currencyCode}`,
    );
    await deps.activity.record(
      tx,
      session,
      plan.lines.map((line) => ({
        tenantId: session.tenantId,
        customerId: plan.customer.id,
        invoiceId: line.invoiceId,
        kind: 'PAYMENT_STARTED' as const,
        details: {
          paymentLogId: String(payment.id),
          amount: fromMinorUnits(line.amountMinor),
          status: 'PENDING',
        },
      })),
    );
    return payment;
  }

  /**
   * Builds and inserts a payment in one transaction; the database's unique indexes (one pending
   * payment per cart, one in-flight line per invoice) turn a concurrent second start into 409.
   */
  async function startPending(
    session: SessionContext,
    build: (tx: Db) => Promise<Plan>,
    extra: (plan: Plan) => Partial<repository.NewPayment> & { provider: string },
    context: StartContext,
    settleLocally?: (tx: Db, payment: repository.PaymentRow) => Promise<repository.PaymentRow>,
    alongside?: AlongsidePayment,
  ): Promise<repository.PaymentRow> {
    try {
      const result = await db.transaction(async (tx) => {
        await context.guard?.(tx);
        const plan = await build(tx);
        const payment = await insertPending(tx, session, plan, extra(plan), context);
        if (alongside) await alongside(tx, payment);
        return settleLocally ? settleLocally(tx, payment) : payment;
      });
      return result;
    } catch (error) {
      if (isUniqueViolation(error)) throw inFlight();
      throw error;
    }
  }

  async function cartPlan(
    tx: Db,
    session: SessionContext,
    scope: { customer: { id: number; custNo: string }; currencyCode: string },
    paymentType: TPaymentType,
    request: CartRequest,
    provider: repository.ProviderRow,
    allowCombined: boolean,
    approval: { approvalId?: number; submitting?: boolean } = {},
  ): Promise<Plan> {
    const lines = await checkCartLines(
      tx,
      session,
      { customerId: scope.customer.id, currencyCode: scope.currencyCode },
      request.payments,
    );
    const hasCredit = lines.some((line) => line.amountMinor < 0);
    const hasDebit = lines.some((line) => line.amountMinor > 0);
    if (!allowCombined && hasCredit && hasDebit)
      throw refused(PAYMENT_MESSAGES.combinedNotAllowed, 'PAYMENT_COMBINED_NOT_ALLOWED');
    const amountMinor = lines.reduce((sum, line) => sum + line.amountMinor, 0);
    if (amountMinor <= 0) throw refused(PAYMENT_MESSAGES.amountAboveZero, 'PAYMENT_AMOUNT_ZERO');
    await deps.approvalPolicy?.checkStart(tx, {
      customerId: scope.customer.id,
      currencyCode: scope.currencyCode,
      flow: 'cart',
      amountMinor,
      invoiceIds: lines.map((line) => line.invoiceId),
      ...approval,
    });
    return {
      customer: scope.customer,
      currencyCode: scope.currencyCode,
      flow: 'cart',
      paymentType,
      lines,
      amountMinor,
      feeMinor: convenienceFeeMinor(amountMinor, provider.feePercentage),
      providerName: provider.name,
      note: null,
      contractNumber: null,
    };
  }

  function onAccountPlan(
    scope: { customer: { id: number; custNo: string }; currencyCode: string },
    paymentType: TPaymentType,
    request: OnAccountRequest,
    config: Awaited<ReturnType<PaymentSettingsService['config']>>,
    provider: repository.ProviderRow,
  ): Plan {
    const amountMinor = toMinorUnits(request.amount);
    if (amountMinor <= 0) throw refused(PAYMENT_MESSAGES.amountAboveZero, 'PAYMENT_AMOUNT_ZERO');
    const note = request.note.trim();
    if (note.length > config.noteMaxSize)
      throw refused(
        PAYMENT_MESSAGES.noteTooLong.replace('{0}', String(config.noteMaxSize)),
        'PAYMENT_NOTE_TOO_LONG',
      );
    const contractNumber = request.contractNumber.trim();
    if (config.contractNumberRequired && !contractNumber)
      throw refused(PAYMENT_MESSAGES.contractNumberRequired, 'PAYMENT_CONTRACT_REQUIRED');
    return {
      customer: scope.customer,
      currencyCode: scope.currencyCode,
      flow: 'on_account',
      paymentType,
      lines: [],
      amountMinor,
      feeMinor: convenienceFeeMinor(amountMinor, provider.feePercentage),
      providerName: provider.name,
      note: note || null,
      contractNumber: contractNumber || null,
    };
  }

  /** An on-account plan, checked against the approval policy (no approval flow on account: refused above it). */
  async function checkedOnAccountPlan(tx: Db, ...args: Parameters<typeof onAccountPlan>): Promise<Plan> {
    const plan = onAccountPlan(...args);
    await deps.approvalPolicy?.checkStart(tx, {
      customerId: plan.customer.id,
      currencyCode: plan.currencyCode,
      flow: 'on_account',
      amountMinor: plan.amountMinor,
      invoiceIds: [],
    });
    return plan;
  }

  /** Opens the provider's hosted checkout for a PENDING payment; a failure ends the payment. */
  async function openCheckout(
    session: SessionContext,
    payment: repository.PaymentRow,
    context: StartContext,
  ): Promise<TPaymentResult> {
    try {
      const input = {
        extTranRefId: payment.extTranRefId,
        amountMinor: toMinorUnits(payment.total),
        currency: payment.currencyCode,
        kind: payment.paymentType === 'DEBIT_CARD' ? ('DEBIT_CARD' as const) : ('CREDIT_CARD' as const),
        language: session.user.language,
        description: `${payment.custNo} ${payment.flow === 'cart' ? 'invoices' : 'on account'}`,
        returnUrl: `${context.origin}/paymentDone?extTranRefId=${encodeURIComponent(payment.extTranRefId)}`,
        // The provider sees one key per payment: a retried start never opens a second checkout.
        idempotencyKey: payment.extTranRefId,
      };
      // An unreachable or slow provider is asked once more: its idempotency key makes the
      // second call answer the checkout the first one may have created.
      const checkout = await deps.gateway.startCheckout(input).catch((error: unknown) => {
        if (!(error instanceof PaymentGatewayUnavailableError)) throw error;
        deps.logger.warn(
          { err: error, extTranRefId: payment.extTranRefId },
          'secure checkout: retrying once',
        );
        return deps.gateway.startCheckout(input);
      });
      await repository.updatePayment(db, payment.id, { providerPaymentId: checkout.providerPaymentId });
      await repository.insertEvent(db, payment.id, 'PENDING', 'CHECKOUT');
      return {
        ...toPaymentResult(payment),
        serviceMethod: checkout.serviceMethod,
        serviceURL: checkout.serviceURL,
        templateProperties: checkout.templateProperties,
        pollStatus: true,
      };
    } catch (error) {
      deps.logger.error(
        { err: error, extTranRefId: payment.extTranRefId },
        'secure checkout could not start',
      );
      await deps.settlement.settle(
        payment.extTranRefId,
        { outcome: 'FAILED', responseText: 'CheckoutFailed', trackingNo: null, authCode: null, last4: null },
        'CHECKOUT',
      );
      throw new AppError({
        statusCode: 502,
        code: 'PAYMENT_CHECKOUT_FAILED',
        message: PAYMENT_MESSAGES.checkoutFailed,
      });
    }
  }

  /**
   * A start that hit an in-flight payment first asks the provider about the blocking one: a
   * window closed after paying leaves it pending here until the provider's word arrives.
   */
  async function retryAfterRefresh<T>(
    start: () => Promise<T>,
    blocking: () => Promise<repository.PaymentRow[]>,
  ): Promise<T> {
    try {
      return await start();
    } catch (error) {
      if (!(error instanceof AppError) || error.code !== 'PAYMENT_IN_FLIGHT') throw error;
      let changed = false;
      for (const payment of await blocking()) {
        // A payment started seconds ago has no outcome to learn yet: a burst of starts on one cart
        // would otherwise send the provider one status query each.
        if (Date.now() - payment.createdAt.getTime() < FRESH_START_MS) continue;
        const after = await deps.settlement.refresh(payment, 'STATUS_QUERY');
        if (after.status !== 'PENDING') changed = true;
      }
      if (!changed) throw error;
      return start();
    }
  }

  function sealAccount(account: PaymentAccount): Partial<repository.NewPayment> {
    return {
      accountMasked: maskAccountNumber(account.accountNumber),
      accountEncrypted: deps.sealer.seal('echeck-account', account.accountNumber),
      accountHolder: account.name,
      accountType: account.accountType,
      routingNumber: account.routingNumber,
      checkNumber: account.checkNumber || null,
    };
  }

  /** Local e-check processing in the demo: accepted at once with a tracking number. */
  function settleLocalEcheck(tx: Db, payment: repository.PaymentRow) {
    return applyOutcome(
      tx,
      deps,
      payment,
      {
        outcome: 'SUCCESS',
        responseText: 'Approved',
        trackingNo: `ACH-${payment.id.toString().padStart(8, '0')}`,
        authCode: null,
        last4: null,
      },
      'LOCAL',
    ).then((result) => result.payment);
  }

  async function blockingForCart(
    session: SessionContext,
    scope: { customerId: number; currencyCode: string },
    invNos: string[],
  ) {
    const rows = await deps.invoices.findRows(session, scope.customerId, invNos);
    const holding = await repository.findPendingHolding(
      db,
      rows.map((row) => row.id),
    );
    const cart = await repository.findPendingCartPayment(db, { userId: session.userId, ...scope });
    return cart ? [...holding.filter((payment) => payment.id !== cart.id), cart] : holding;
  }

  /**
   * Charges a saved card for a PENDING payment without a window (makeSilentPayment); the provider's
   * answer settles it like a notification would, and a provider that cannot be reached ends it.
   */
  async function chargeProfile(payment: repository.PaymentRow, token: string): Promise<TPaymentResult> {
    try {
      const status = await deps.gateway.chargeSavedCard({
        extTranRefId: payment.extTranRefId,
        token,
        amountMinor: toMinorUnits(payment.total),
        currency: payment.currencyCode,
        // One key per payment: a retried charge of the same payment never charges twice.
        idempotencyKey: payment.extTranRefId,
      });
      if (status.providerPaymentId)
        await repository.updatePayment(db, payment.id, { providerPaymentId: status.providerPaymentId });
      const settled = await deps.settlement.settle(payment.extTranRefId, { ...status }, 'SAVED_CARD');
      return toPaymentResult(settled?.payment ?? payment);
    } catch (error) {
      deps.logger.error({ err: error, extTranRefId: payment.extTranRefId }, 'saved card charge failed');
      await deps.settlement.settle(
        payment.extTranRefId,
        { outcome: 'FAILED', responseText: 'ChargeFailed', trackingNo: null, authCode: null, last4: null },
        'SAVED_CARD',
      );
      throw new AppError({
        statusCode: 502,
        code: 'PAYMENT_PROVIDER_UNAVAILABLE',
        message: PAYMENT_MESSAGES.providerUnavailable,
      });
    }
  }

  /** The payment columns a saved profile fills: the method and, for a bank account, its sealed number. */
  function profileColumns(
    profile: SavedProfileCharge,
  ): Partial<repository.NewPayment> & { provider: string } {
    if (profile.kind === 'card')
      return { provider: deps.gateway.name, methodType: 'CARD_PROFILE', paymentProfileId: profile.id };
    return {
      provider: 'local',
      methodType: 'ECHECK_PROFILE',
      paymentProfileId: profile.id,
      accountMasked: profile.accountMasked,
      accountEncrypted: profile.accountEncrypted,
      accountHolder: profile.name,
      accountType: profile.accountType,
      routingNumber: profile.routingNum,
    };
  }

  /** What a saved-profile cart payment (or its submission for approval) starts from: privilege, scope, method. */
  async function profileCartScope(session: SessionContext, paymentType: TPaymentType, request: CartRequest) {
    requirePayPrivilege(session);
    const { customer, currencyCode } = await resolveCustomerScope(deps.accounts, session, {
      custNo: request.custNo,
      currencyCode: request.currency,
    });
    const { config, provider } = await methodSettings(session, 'cart', paymentType, currencyCode, true);
    const scope = { customer: { id: customer.id, custNo: customer.custNo }, currencyCode };
    return { customer, currencyCode, config, provider, scope };
  }

  async function finishSilent(payment: repository.PaymentRow, profile: SavedProfileCharge) {
    if (profile.kind === 'card') return chargeProfile(payment, profile.token);
    if (payment.status === 'SUCCESS') deps.settlement.announce(payment);
    return toPaymentResult(payment);
  }

  return {
    /**
     * Checks a cart to be submitted for approval as a saved-profile payment would be checked (lines,
     * holds, method, policy), then runs `keep` in the same transaction with the invoices locked.
     */
    async holdCartForApproval<T>(
      session: SessionContext,
      paymentType: TPaymentType,
      request: CartRequest,
      keep: (
        tx: Db,
        plan: { customerId: number; currencyCode: string; amount: string; lines: Plan['lines'] },
      ) => Promise<T>,
    ): Promise<T> {
      const { customer, currencyCode, config, provider, scope } = await profileCartScope(
        session,
        paymentType,
        request,
      );
      return db.transaction(async (tx) => {
        const plan = await cartPlan(
          tx,
          session,
          scope,
          paymentType,
          request,
          provider,
          config.allowCombined,
          {
            submitting: true,
          },
        );
        return keep(tx, {
          customerId: customer.id,
          currencyCode,
          amount: fromMinorUnits(plan.amountMinor),
          lines: plan.lines,
        });
      });
    },

    /**
     * POST payment/makeSilentPayment/{paymentType}: pays invoices with a saved profile the caller
     * (the payment-profiles service) has found, checked and owns; same plan, holds and outcome as a start.
     */
    async payCartWithProfile(
      session: SessionContext,
      paymentType: TPaymentType,
      request: CartRequest,
      context: StartContext,
      profile: SavedProfileCharge,
    ): Promise<TPaymentResult> {
      const { customer, currencyCode, config, provider, scope } = await profileCartScope(
        session,
        paymentType,
        request,
      );
      const payment = await retryAfterRefresh(
        () =>
          startPending(
            session,
            (tx) =>
              cartPlan(tx, session, scope, paymentType, request, provider, config.allowCombined, {
                approvalId: context.approvalId,
              }),
            () => profileColumns(profile),
            context,
            profile.kind === 'echeck' ? settleLocalEcheck : undefined,
          ),
        () =>
          blockingForCart(
            session,
            { customerId: customer.id, currencyCode },
            request.payments.map((line) => line.invNo),
          ),
      );
      return finishSilent(payment, profile);
    },

    /** POST payment/makeOnActSilentPayment/{paymentType}: pays on account with a saved profile. */
    async payOnAccountWithProfile(
      session: SessionContext,
      paymentType: TPaymentType,
      request: OnAccountRequest,
      context: StartContext,
      profile: SavedProfileCharge,
    ): Promise<TPaymentResult> {
      requirePayPrivilege(session);
      const { customer, currencyCode } = await resolveCustomerScope(deps.accounts, session, {
        custNo: request.custNo,
        currencyCode: request.currency,
      });
      const { config, provider } = await methodSettings(
        session,
        'on_account',
        paymentType,
        currencyCode,
        true,
      );
      const scope = { customer: { id: customer.id, custNo: customer.custNo }, currencyCode };
      const payment = await startPending(
        session,
        (tx) => checkedOnAccountPlan(tx, scope, paymentType, request, config, provider),
        () => profileColumns(profile),
        context,
        profile.kind === 'echeck' ? settleLocalEcheck : undefined,
      );
      return finishSilent(payment, profile);
    },

    /** POST payment/hpp/{paymentType} and payment/makePayment/{paymentType}: pay invoices. */
    async payCart(
      session: SessionContext,
      paymentType: TPaymentType,
      request: CartRequest & { paymentAccount?: PaymentAccount },
      context: AccountStartContext,
    ): Promise<TPaymentResult> {
      requirePayPrivilege(session);
      const { customer, currencyCode } = await resolveCustomerScope(deps.accounts, session, {
        custNo: request.custNo,
        currencyCode: request.currency,
      });
      const { config, provider } = await methodSettings(session, 'cart', paymentType, currencyCode);
      checkProcessing(provider, context.local);
      const scope = { customer: { id: customer.id, custNo: customer.custNo }, currencyCode };
      const account = request.paymentAccount;
      const payment = await retryAfterRefresh(
        () =>
          startPending(
            session,
            (tx) => cartPlan(tx, session, scope, paymentType, request, provider, config.allowCombined),
            () => ({
              provider: context.local ? 'local' : deps.gateway.name,
              ...(account ? sealAccount(account) : {}),
            }),
            context,
            context.local ? settleLocalEcheck : undefined,
            context.alongside,
          ),
        () =>
          blockingForCart(
            session,
            { customerId: customer.id, currencyCode },
            request.payments.map((line) => line.invNo),
          ),
      );
      if (context.local) {
        if (payment.status === 'SUCCESS') deps.settlement.announce(payment);
        return toPaymentResult(payment);
      }
      return openCheckout(session, payment, context);
    },

    /** POST payment/hppOnAccount/{paymentType} and payment/makePaymentOnAccount/{paymentType}. */
    async payOnAccount(
      session: SessionContext,
      paymentType: TPaymentType,
      request: OnAccountRequest & { paymentAccount?: PaymentAccount },
      context: AccountStartContext,
    ): Promise<TPaymentResult> {
      requirePayPrivilege(session);
      const { customer, currencyCode } = await resolveCustomerScope(deps.accounts, session, {
        custNo: request.custNo,
        currencyCode: request.currency,
      });
      const { config, provider } = await methodSettings(session, 'on_account', paymentType, currencyCode);
      checkProcessing(provider, context.local);
      const scope = { customer: { id: customer.id, custNo: customer.custNo }, currencyCode };
      const account = request.paymentAccount;
      const payment = await startPending(
        session,
        (tx) => checkedOnAccountPlan(tx, scope, paymentType, request, config, provider),
        () => ({
          provider: context.local ? 'local' : deps.gateway.name,
          ...(account ? sealAccount(account) : {}),
        }),
        context,
        context.local ? settleLocalEcheck : undefined,
        context.alongside,
      );
      if (context.local) {
        if (payment.status === 'SUCCESS') deps.settlement.announce(payment);
        return toPaymentResult(payment);
      }
      return openCheckout(session, payment, context);
    },
  };
}

/** A saved profile pays only where the currency offers that type's profiles (allow...Profile). */
function isProfileMethodAllowed(
  config: Awaited<ReturnType<PaymentSettingsService['config']>>,
  paymentType: TPaymentType,
): boolean {
  if (paymentType === 'CREDIT_CARD') return config.allowCreditCardProfile;
  if (paymentType === 'DEBIT_CARD') return config.allowDebitCardProfile;
  return config.allowECheckProfile;
}

/** Hosted methods go through hpp, locally processed ones (the e-check form) through makePayment. */
function checkProcessing(provider: repository.ProviderRow, local: boolean) {
  if (provider.localProcessing && !local) throw refused(PAYMENT_MESSAGES.localOnly, 'PAYMENT_LOCAL_ONLY');
  if (!provider.localProcessing && local) throw refused(PAYMENT_MESSAGES.hostedOnly, 'PAYMENT_HOSTED_ONLY');
}
