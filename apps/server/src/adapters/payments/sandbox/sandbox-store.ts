import { mkdirSync, readFileSync } from 'node:fs';
import { rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { GatewayOutcome } from '../payment-gateway';
import type { CardBehaviour } from './sandbox-test-cards';

/** Where a sandbox payment stands; OPEN and REQUIRES_CONFIRMATION wait for the payer. */
export type SandboxState = 'OPEN' | 'REQUIRES_CONFIRMATION' | GatewayOutcome;

export type SandboxPayment = {
  id: string;
  /** A hosted checkout, or a charge of a saved card (no page). */
  source: 'checkout' | 'saved_card';
  extTranRefId: string;
  amountMinor: number;
  currency: string;
  kind: 'CREDIT_CARD' | 'DEBIT_CARD';
  language: string;
  description: string;
  returnUrl: string | null;
  state: SandboxState;
  responseText: string | null;
  trackingNo: string | null;
  authCode: string | null;
  last4: string | null;
  cardBrand: string | null;
  /** A pending payment settles at this time (ISO), whether or not the process was restarted meanwhile. */
  settleAt: string | null;
  /** An unanswered checkout expires (CANCELLED, responseText Expired) at this time, as real ones do. */
  expiresAt: string | null;
  createdAt: string;
  updatedAt: string;
};

export type SandboxCard = {
  token: string;
  behaviour: CardBehaviour;
  last4: string;
  brand: string;
  expiryMonth: number;
  expiryYear: number;
  holderName: string;
};

export type SandboxCardSession = {
  id: string;
  reference: string;
  kind: 'CREDIT_CARD' | 'DEBIT_CARD';
  language: string;
  returnUrl: string | null;
  state: 'OPEN' | 'SAVED' | 'CANCELLED';
  cardToken: string | null;
  createdAt: string;
};

/** A signed notification's content; the signature is made at each attempt (fresh timestamp). */
export type SandboxNotification = {
  id: string;
  body: string;
  delivered: boolean;
  attempts: number;
  createdAt: string;
};

/** A key's first request: a replay with the same body answers the same object again. */
export type IdempotentAnswer = {
  requestHash: string;
  resourceId: string;
  createdAt: string;
};

type StoredState = {
  payments: SandboxPayment[];
  cardSessions: SandboxCardSession[];
  cards: SandboxCard[];
  notifications: SandboxNotification[];
  idempotency: Array<[string, IdempotentAnswer]>;
};

/** Idempotency keys are kept at least this long, as providers do. */
const IDEMPOTENCY_TTL_MS = 24 * 60 * 60 * 1000;
/** A settled payment is forgotten at a start this long after its last change, so the file stays small. */
const SETTLED_PAYMENT_TTL_MS = 30 * 24 * 60 * 60 * 1000;
const WAITING = new Set(['OPEN', 'REQUIRES_CONFIRMATION', 'PENDING']);

/**
 * The sandbox's state: in memory, and in a JSON file when given one, so that a restarted portal (and
 * its sandbox with it) still answers status queries for the payments started before. Writes are
 * coalesced: whoever asks for a save waits for a write that began after the ask.
 */
export class SandboxStore {
  readonly payments = new Map<string, SandboxPayment>();
  readonly paymentsByRef = new Map<string, SandboxPayment>();
  readonly cardSessions = new Map<string, SandboxCardSession>();
  readonly cards = new Map<string, SandboxCard>();
  readonly notifications = new Map<string, SandboxNotification>();
  readonly idempotency = new Map<string, IdempotentAnswer>();
  private writing: Promise<void> = Promise.resolve();
  private queued: Promise<void> | null = null;

  constructor(private readonly filePath: string | undefined) {
    if (!filePath) return;
    mkdirSync(path.dirname(filePath), { recursive: true });
    let text: string;
    try {
      text = readFileSync(filePath, 'utf8');
    } catch {
      return;
    }
    const state = JSON.parse(text) as StoredState;
    const forgotten = Date.now() - SETTLED_PAYMENT_TTL_MS;
    for (const payment of state.payments) {
      if (WAITING.has(payment.state) || Date.parse(payment.updatedAt) >= forgotten) this.putPayment(payment);
    }
    for (const session of state.cardSessions) this.cardSessions.set(session.id, session);
    for (const card of state.cards) this.cards.set(card.token, card);
    for (const notification of state.notifications) this.notifications.set(notification.id, notification);
    const oldest = Date.now() - IDEMPOTENCY_TTL_MS;
    for (const [key, answer] of state.idempotency) {
      if (Date.parse(answer.createdAt) >= oldest) this.idempotency.set(key, answer);
    }
  }

  putPayment(payment: SandboxPayment): void {
    this.payments.set(payment.id, payment);
    this.paymentsByRef.set(payment.extTranRefId, payment);
  }

  save(): Promise<void> {
    if (!this.filePath) return Promise.resolve();
    if (this.queued) return this.queued;
    const filePath = this.filePath;
    this.queued = this.writing.then(async () => {
      this.queued = null;
      const state: StoredState = {
        payments: [...this.payments.values()],
        cardSessions: [...this.cardSessions.values()],
        cards: [...this.cards.values()],
        // Delivered notifications are history nobody reads again.
        notifications: [...this.notifications.values()].filter((notification) => !notification.delivered),
        idempotency: [...this.idempotency],
      };
      const temporary = `${filePath}.${process.pid}.tmp`;
      await writeFile(temporary, JSON.stringify(state));
      await rename(temporary, filePath);
    });
    this.writing = this.queued.catch(() => {});
    return this.queued;
  }
}
