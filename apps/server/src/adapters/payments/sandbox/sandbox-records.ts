import type { GatewayOutcome } from '../payment-gateway';
import type { CardBehaviour } from './sandbox-test-cards';

/*
 * The records the sandbox keeps. They are read-only outside the store: a change goes through the
 * store's put and update methods, which is how the store knows what to write at the next save.
 */

/** Where a sandbox payment stands; OPEN and REQUIRES_CONFIRMATION wait for the payer. */
export type SandboxState = 'OPEN' | 'REQUIRES_CONFIRMATION' | GatewayOutcome;

export type SandboxPayment = Readonly<{
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
}>;

export type SandboxCard = Readonly<{
  token: string;
  behaviour: CardBehaviour;
  last4: string;
  brand: string;
  expiryMonth: number;
  expiryYear: number;
  holderName: string;
}>;

export type SandboxCardSession = Readonly<{
  id: string;
  reference: string;
  kind: 'CREDIT_CARD' | 'DEBIT_CARD';
  language: string;
  returnUrl: string | null;
  state: 'OPEN' | 'SAVED' | 'CANCELLED';
  cardToken: string | null;
  createdAt: string;
}>;

/** A signed notification's content; the signature is made at each attempt (fresh timestamp). */
export type SandboxNotification = {
  readonly id: string;
  readonly body: string;
  readonly delivered: boolean;
  /** The notifier's count for its backoff; not a change to save (a restart counts again from 0). */
  attempts: number;
  readonly createdAt: string;
};

/** A key's first request: a replay with the same body answers the same object again. */
export type IdempotentAnswer = Readonly<{
  requestHash: string;
  resourceId: string;
  createdAt: string;
}>;

/** Every kind of record, each in a map by its key (id, token or scope:key). */
export type SandboxRecords = {
  payment: Map<string, SandboxPayment>;
  cardSession: Map<string, SandboxCardSession>;
  card: Map<string, SandboxCard>;
  notification: Map<string, SandboxNotification>;
  idempotency: Map<string, IdempotentAnswer>;
};

export type RecordKind = keyof SandboxRecords;

export const RECORD_KINDS: readonly RecordKind[] = [
  'payment',
  'cardSession',
  'card',
  'notification',
  'idempotency',
];

export function emptyRecords(): SandboxRecords {
  return {
    payment: new Map(),
    cardSession: new Map(),
    card: new Map(),
    notification: new Map(),
    idempotency: new Map(),
  };
}
