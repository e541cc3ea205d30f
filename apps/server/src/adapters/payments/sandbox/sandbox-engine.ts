import { randomBytes, randomInt } from 'node:crypto';
import type { GatewayOutcome } from '../payment-gateway';
import type { SandboxNotifier } from './sandbox-notifier';
import type { SandboxCard, SandboxPayment } from './sandbox-records';
import type { SandboxStore } from './sandbox-store';
import type { CardBehaviour } from './sandbox-test-cards';

export function newId(prefix: string): string {
  return `${prefix}_${randomBytes(16).toString('base64url')}`;
}

/** A payment as the sandbox's API answers it; `outcome` is what Settle sees (waiting states are PENDING). */
export function describePayment(payment: SandboxPayment, publicOrigin: string) {
  const waiting = payment.state === 'OPEN' || payment.state === 'REQUIRES_CONFIRMATION';
  return {
    id: payment.id,
    extTranRefId: payment.extTranRefId,
    state: payment.state,
    outcome: (waiting ? 'PENDING' : payment.state) as GatewayOutcome,
    responseText: payment.responseText,
    amountMinor: payment.amountMinor,
    currency: payment.currency,
    trackingNo: payment.trackingNo,
    authCode: payment.authCode,
    last4: payment.last4,
    cardBrand: payment.cardBrand,
    checkoutUrl: payment.source === 'checkout' ? `${publicOrigin}/checkout/${payment.id}` : null,
    createdAt: payment.createdAt,
    updatedAt: payment.updatedAt,
  };
}

export type SandboxPaymentView = ReturnType<typeof describePayment>;

const FINAL: ReadonlySet<string> = new Set([
  'SUCCESS',
  'DECLINED',
  'EXPIRATION_DATE_INCORRECT',
  'FAILED',
  'CANCELLED',
]);

export function isFinal(payment: SandboxPayment): boolean {
  return FINAL.has(payment.state);
}

/**
 * What moves a sandbox payment: the payer's card on the hosted page, a confirmation, a cancel, the
 * clock (pending payments settle, unanswered checkouts expire). Every change is saved before Settle
 * is told, and Settle is told of each PENDING and each final state exactly once per change.
 */
export function createSandboxEngine(options: {
  store: SandboxStore;
  notifier: SandboxNotifier;
  publicOrigin: string;
  pendingMs: number;
}) {
  const { store, notifier } = options;
  const timers = new Map<string, NodeJS.Timeout>();
  /**
   * Changes between their save and their notification's: close waits for them, or a settlement
   * running at close would be saved without the notification it owes (a restart would never send it).
   */
  const changing = new Set<Promise<void>>();
  let closed = false;

  function change(payment: SandboxPayment, update: Partial<SandboxPayment>): Promise<void> {
    const work = applyChange(payment, update);
    changing.add(work);
    void work.finally(() => changing.delete(work)).catch(() => {});
    return work;
  }

  async function applyChange(payment: SandboxPayment, update: Partial<SandboxPayment>): Promise<void> {
    store.updatePayment(payment, { ...update, updatedAt: new Date().toISOString() });
    await store.save();
    if (payment.state === 'PENDING' || isFinal(payment)) {
      await notifier.send({ type: 'payment.updated', data: describePayment(payment, options.publicOrigin) });
    }
    if (payment.state === 'PENDING' && payment.settleAt) scheduleSettlement(payment);
  }

  function scheduleSettlement(payment: SandboxPayment): void {
    if (closed || timers.has(payment.id) || !payment.settleAt) return;
    const delay = Math.max(0, Date.parse(payment.settleAt) - Date.now());
    const timer = setTimeout(() => {
      timers.delete(payment.id);
      // A timer counts on the event loop's clock, which a busy process reads late: it can fire before
      // Date.now() reaches settleAt, when refresh finds nothing due. Until it settles, it is set again.
      void refresh(payment).then(() => {
        if (payment.state === 'PENDING') scheduleSettlement(payment);
      });
    }, delay);
    timers.set(payment.id, timer);
  }

  /** Applies the clock: a pending payment due to settle settles, an expired checkout is cancelled. */
  async function refresh(payment: SandboxPayment): Promise<SandboxPayment> {
    const now = Date.now();
    if (payment.state === 'PENDING' && payment.settleAt && Date.parse(payment.settleAt) <= now) {
      await change(payment, { ...approved(), settleAt: null });
    } else if (
      (payment.state === 'OPEN' || payment.state === 'REQUIRES_CONFIRMATION') &&
      payment.expiresAt &&
      Date.parse(payment.expiresAt) <= now
    ) {
      await change(payment, { state: 'CANCELLED', responseText: 'Expired' });
    }
    return payment;
  }

  function approved(): Partial<SandboxPayment> {
    return {
      state: 'SUCCESS',
      responseText: 'Approved',
      trackingNo: `trk_${randomBytes(8).toString('hex')}`,
      authCode: String(randomInt(100000, 1000000)),
    };
  }

  /** The card's behaviour decides the outcome; a card that needs confirmation off-session fails. */
  async function charge(
    payment: SandboxPayment,
    card: Pick<SandboxCard, 'behaviour' | 'last4' | 'brand'>,
    onSession: boolean,
  ): Promise<void> {
    const base = { last4: card.last4, cardBrand: card.brand };
    const byBehaviour: Record<CardBehaviour, Partial<SandboxPayment>> = {
      SUCCEEDS: approved(),
      DECLINED: { state: 'DECLINED', responseText: 'Declined' },
      EXPIRATION_DATE_INCORRECT: {
        state: 'EXPIRATION_DATE_INCORRECT',
        responseText: 'ExpirationDateIncorrect',
      },
      PROCESSING_ERROR: { state: 'FAILED', responseText: 'ProcessingError' },
      PENDING_THEN_SUCCEEDS: {
        state: 'PENDING',
        responseText: 'Pending',
        settleAt: new Date(Date.now() + options.pendingMs).toISOString(),
      },
      REQUIRES_CONFIRMATION: onSession
        ? { state: 'REQUIRES_CONFIRMATION', responseText: 'AuthenticationRequired' }
        : { state: 'FAILED', responseText: 'AuthenticationRequired' },
    };
    await change(payment, { ...base, ...byBehaviour[card.behaviour] });
  }

  return {
    charge,
    refresh,
    async confirm(payment: SandboxPayment, confirmed: boolean): Promise<void> {
      await change(
        payment,
        confirmed ? approved() : { state: 'FAILED', responseText: 'AuthenticationFailed' },
      );
    },
    async cancel(payment: SandboxPayment): Promise<void> {
      await change(payment, { state: 'CANCELLED', responseText: 'Cancelled' });
    },
    /** At start: the payments a previous run left pending settle on time. */
    resume(): void {
      for (const payment of store.payments.values()) {
        if (payment.state === 'PENDING') scheduleSettlement(payment);
      }
    },
    /** No settlement starts any more; the changes under way are saved and their notifications recorded. */
    async close(): Promise<void> {
      closed = true;
      for (const timer of timers.values()) clearTimeout(timer);
      timers.clear();
      await Promise.allSettled([...changing]);
    },
  };
}

export type SandboxEngine = ReturnType<typeof createSandboxEngine>;
