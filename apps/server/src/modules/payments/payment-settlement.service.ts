import type { GatewayPaymentStatus, PaymentGateway } from '../../adapters/payments/payment-gateway';
import { InvalidNotificationSignatureError } from '../../adapters/payments/payment-gateway';
import type { Db } from '../../db/client';
import { badRequest } from '../../lib/app-error';
import { applyOutcome, type OutcomeDeps, type OutcomeSource, type SettledPayment } from './payment-outcomes';
import * as repository from './payments.repository';

export type PaymentSettlementService = ReturnType<typeof createPaymentSettlementService>;

const RECOVERY_BATCH = 200;
/** A start younger than this may still be talking to the provider in another process. */
const START_GRACE_MS = 120_000;

/**
 * Settling payments from the provider's word, whichever path brings it first: the signed
 * notification, the browser's poll (a status query), or recovery at start. Each settles under
 * a lock of the payment row, so the paths can race and the effects still happen once.
 */
export function createPaymentSettlementService(
  db: Db,
  deps: OutcomeDeps & {
    gateway: PaymentGateway;
    /** Told once per payment that reached SUCCESS (the receipt email). */
    onSucceeded: (payment: repository.PaymentRow) => void;
  },
) {
  function afterCommit(result: SettledPayment) {
    if (result.changed && result.payment.status === 'SUCCESS') deps.onSucceeded(result.payment);
    return result;
  }

  async function settle(
    extTranRefId: string,
    answer: Parameters<typeof applyOutcome>[3],
    source: OutcomeSource,
  ): Promise<SettledPayment | undefined> {
    const result = await db.transaction(async (tx) => {
      const payment = await repository.lockByExtRef(tx, extTranRefId);
      if (!payment) return undefined;
      return applyOutcome(tx, deps, payment, answer, source);
    });
    return result && afterCommit(result);
  }

  /** Asks the provider about a PENDING payment and settles it when the provider knows the end. */
  async function refresh(
    payment: repository.PaymentRow,
    source: OutcomeSource,
  ): Promise<repository.PaymentRow> {
    if (payment.status !== 'PENDING' || payment.provider === 'local') return payment;
    let status: GatewayPaymentStatus | null;
    try {
      status = await deps.gateway.getPaymentStatus(payment.extTranRefId);
    } catch (error) {
      deps.logger.warn({ err: error, extTranRefId: payment.extTranRefId }, 'payment status query failed');
      return payment;
    }
    if (!status) {
      // The provider never heard of it: the start died before the checkout was created.
      const settledStart = Date.now() - payment.createdAt.getTime() > START_GRACE_MS;
      if (source === 'RECOVERY' && payment.providerPaymentId === null && settledStart) {
        const settled = await settle(
          payment.extTranRefId,
          {
            outcome: 'FAILED',
            responseText: 'CheckoutNotCreated',
            trackingNo: null,
            authCode: null,
            last4: null,
          },
          source,
        );
        return settled?.payment ?? payment;
      }
      return payment;
    }
    if (status.outcome === 'PENDING') return payment;
    const settled = await settle(payment.extTranRefId, { ...status }, source);
    return settled?.payment ?? payment;
  }

  /**
   * The payer gave up (the provider's window closed by hand): the provider cancels the checkout
   * unless the payer already reached an outcome, and the payment settles from whatever the
   * provider answers, so a payment made just before the window closed is kept.
   */
  async function giveUp(payment: repository.PaymentRow): Promise<repository.PaymentRow> {
    if (payment.status !== 'PENDING' || payment.provider === 'local') return payment;
    const status = await deps.gateway.cancelCheckout(
      payment.extTranRefId,
      payment.providerPaymentId ?? undefined,
    );
    if (!status || status.outcome === 'PENDING') return payment;
    const settled = await settle(payment.extTranRefId, { ...status }, 'STATUS_QUERY');
    return settled?.payment ?? payment;
  }

  return {
    settle,
    refresh,
    giveUp,
    /** A payment that reached SUCCESS outside settle() (local processing) is announced the same way. */
    announce: (payment: repository.PaymentRow) => deps.onSucceeded(payment),

    /**
     * A provider's notification: verified on the raw body, recorded once by its id (a replay
     * inserts nothing and changes nothing), applied in the same transaction.
     */
    async notify(
      provider: string,
      rawBody: string,
      headers: Record<string, string | string[] | undefined>,
    ): Promise<{ received: true; duplicate: boolean }> {
      let verified: Awaited<ReturnType<PaymentGateway['verifyNotification']>>;
      try {
        verified = await deps.gateway.verifyNotification(rawBody, headers);
      } catch (error) {
        if (error instanceof InvalidNotificationSignatureError) {
          deps.logger.warn({ provider, reason: error.message }, 'payment notification refused');
          throw badRequest(error.message, undefined, 'NOTIFICATION_SIGNATURE_INVALID');
        }
        throw error;
      }
      const { notificationId, status } = verified;
      const result = await db.transaction(async (tx) => {
        const payment = await repository.lockByExtRef(tx, status.extTranRefId);
        const fresh = await repository.insertNotification(tx, {
          provider,
          notificationId,
          extTranRefId: status.extTranRefId,
          paymentId: payment?.id ?? null,
          outcome: status.outcome,
        });
        if (!fresh) return { duplicate: true as const };
        if (!payment) {
          deps.logger.warn(
            { provider, extTranRefId: status.extTranRefId },
            'notification for an unknown payment',
          );
          return { duplicate: false as const };
        }
        if (payment.status === 'PENDING')
          await repository.insertEvent(tx, payment.id, 'NOTIFICATION_RECEIVED', status.outcome);
        const settled = await applyOutcome(tx, deps, payment, { ...status }, 'NOTIFICATION');
        return { duplicate: false as const, settled };
      });
      if ('settled' in result && result.settled) afterCommit(result.settled);
      return { received: true, duplicate: result.duplicate };
    },

    /**
     * At start: every payment still PENDING is asked about at the provider and settled when the
     * provider knows how it ended. Nothing is charged again; answers still pending stay pending.
     */
    async recoverPending(): Promise<{ checked: number; settled: number }> {
      const pending = await repository.findPending(db, RECOVERY_BATCH);
      let settled = 0;
      for (const payment of pending) {
        const after = await refresh(payment, 'RECOVERY');
        if (after.status !== 'PENDING') settled += 1;
      }
      return { checked: pending.length, settled };
    },
  };
}
