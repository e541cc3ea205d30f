import { createHash } from 'node:crypto';
import { z } from 'zod';
import { describePayment, newId, type SandboxEngine } from './sandbox-engine';
import type { SandboxCardSession, SandboxPayment } from './sandbox-records';
import type { SandboxStore } from './sandbox-store';
import { testCardOfToken } from './sandbox-test-cards';

/** A JSON answer of the sandbox's API. */
export type ApiAnswer = { statusCode: number; body: unknown };

const ZKind = z.enum(['CREDIT_CARD', 'DEBIT_CARD'], { message: 'kind must be CREDIT_CARD or DEBIT_CARD' });
const ZReturnUrl = z
  .url({ protocol: /^https?$/, message: 'returnUrl must be an absolute http(s) address' })
  .max(2000)
  .nullable()
  .optional();
const ZCurrency = z.string().regex(/^[A-Z]{3}$/, 'currency must be a 3-letter ISO code such as USD');
const ZAmountMinor = z
  .number({ message: 'amountMinor must be a number' })
  .int('amountMinor must be whole minor units (cents)')
  .positive('amountMinor must be greater than 0')
  .max(99_999_999_999, 'amountMinor is too large');
const ZReference = z.string().trim().min(1).max(100);

export const ZCreateCheckout = z.object({
  extTranRefId: ZReference,
  amountMinor: ZAmountMinor,
  currency: ZCurrency,
  kind: ZKind,
  language: z.string().min(2).max(10).default('en'),
  description: z.string().max(200).default(''),
  returnUrl: ZReturnUrl,
});

export const ZCreateCardSession = z.object({
  reference: ZReference,
  kind: ZKind,
  language: z.string().min(2).max(10).default('en'),
  returnUrl: ZReturnUrl,
});

export const ZChargeSavedCard = z.object({
  extTranRefId: ZReference,
  token: z.string().min(1).max(100),
  amountMinor: ZAmountMinor,
  currency: ZCurrency,
});

/** An unanswered checkout is cancelled (responseText Expired) after this long, as real ones expire. */
export const DEFAULT_CHECKOUT_TTL_MS = 60 * 60 * 1000;

function problem(statusCode: number, message: string): ApiAnswer {
  return { statusCode, body: { error: { message } } };
}

function invalid(error: z.ZodError): ApiAnswer {
  return problem(400, error.issues.map((issue) => issue.message).join('; '));
}

/**
 * The JSON API Settle calls (authenticated by the caller). Creations take an Idempotency-Key: the same
 * key and body answer the same object again, the same key with another body answers 422, and one
 * reference (extTranRefId) is one payment whatever the key, so money moves once.
 */
export function createSandboxApi(options: {
  store: SandboxStore;
  engine: SandboxEngine;
  publicOrigin: string;
  checkoutTtlMs: number;
}) {
  const { store, engine, publicOrigin } = options;

  /** Runs `create` once per key; answers what it made to every replay with the same body. */
  function idempotent(
    scope: string,
    key: string | undefined,
    rawBody: unknown,
    find: (resourceId: string) => ApiAnswer,
    create: () => ApiAnswer & { resourceId?: string },
  ): ApiAnswer {
    if (!key) return problem(400, 'An Idempotency-Key header is required');
    if (key.length > 255) return problem(400, 'The Idempotency-Key is at most 255 characters');
    const requestHash = createHash('sha256').update(JSON.stringify(rawBody)).digest('hex');
    const known = store.idempotency.get(`${scope}:${key}`);
    if (known) {
      if (known.requestHash !== requestHash) {
        return problem(422, 'This Idempotency-Key was already used with a different request');
      }
      return find(known.resourceId);
    }
    const answer = create();
    if (answer.resourceId) {
      store.putIdempotentAnswer(`${scope}:${key}`, {
        requestHash,
        resourceId: answer.resourceId,
        createdAt: new Date().toISOString(),
      });
    }
    return { statusCode: answer.statusCode, body: answer.body };
  }

  function paymentAnswer(id: string, statusCode = 200): ApiAnswer {
    const payment = store.payments.get(id);
    return payment
      ? { statusCode, body: describePayment(payment, publicOrigin) }
      : problem(404, 'No such payment');
  }

  function describeSession(session: SandboxCardSession) {
    return {
      id: session.id,
      reference: session.reference,
      state: session.state,
      url: `${publicOrigin}/cards/${session.id}`,
    };
  }

  function newPayment(
    fields: Omit<SandboxPayment, 'id' | 'createdAt' | 'updatedAt' | 'state'>,
    source: 'checkout' | 'saved_card',
  ) {
    const now = new Date().toISOString();
    const payment: SandboxPayment = {
      ...fields,
      id: newId(source === 'checkout' ? 'cs' : 'ch'),
      state: 'OPEN',
      createdAt: now,
      updatedAt: now,
    };
    store.putPayment(payment);
    return payment;
  }

  return {
    async createCheckout(rawBody: unknown, key: string | undefined): Promise<ApiAnswer> {
      const parsed = ZCreateCheckout.safeParse(rawBody);
      if (!parsed.success) return invalid(parsed.error);
      const input = parsed.data;
      const answer = idempotent(
        'checkout',
        key,
        rawBody,
        (id) => paymentAnswer(id),
        () => {
          if (store.paymentsByRef.has(input.extTranRefId)) {
            return problem(409, `A payment with extTranRefId ${input.extTranRefId} already exists`);
          }
          const payment = newPayment(
            {
              source: 'checkout',
              extTranRefId: input.extTranRefId,
              amountMinor: input.amountMinor,
              currency: input.currency,
              kind: input.kind,
              language: input.language,
              description: input.description,
              returnUrl: input.returnUrl ?? null,
              responseText: null,
              trackingNo: null,
              authCode: null,
              last4: null,
              cardBrand: null,
              settleAt: null,
              expiresAt: new Date(Date.now() + options.checkoutTtlMs).toISOString(),
            },
            'checkout',
          );
          return { ...paymentAnswer(payment.id, 201), resourceId: payment.id };
        },
      );
      await store.save();
      return answer;
    },

    async getPayment(extTranRefId: string): Promise<ApiAnswer> {
      const payment = store.paymentsByRef.get(extTranRefId);
      if (!payment) return problem(404, 'No such payment');
      await engine.refresh(payment);
      return paymentAnswer(payment.id);
    },

    /** The portal gives up a checkout: cancelled unless the payer already reached an outcome. */
    async cancelPayment(extTranRefId: string): Promise<ApiAnswer> {
      const payment = store.paymentsByRef.get(extTranRefId);
      if (!payment) return problem(404, 'No such payment');
      await engine.refresh(payment);
      if (payment.state === 'OPEN' || payment.state === 'REQUIRES_CONFIRMATION') await engine.cancel(payment);
      return paymentAnswer(payment.id);
    },

    async createCardSession(rawBody: unknown, key: string | undefined): Promise<ApiAnswer> {
      const parsed = ZCreateCardSession.safeParse(rawBody);
      if (!parsed.success) return invalid(parsed.error);
      const input = parsed.data;
      const answer = idempotent(
        'card-session',
        key,
        rawBody,
        (id) => {
          const session = store.cardSessions.get(id);
          return session
            ? { statusCode: 200, body: describeSession(session) }
            : problem(404, 'No such session');
        },
        () => {
          if ([...store.cardSessions.values()].some((session) => session.reference === input.reference)) {
            return problem(409, `A card session with reference ${input.reference} already exists`);
          }
          const session: SandboxCardSession = {
            id: newId('ss'),
            reference: input.reference,
            kind: input.kind,
            language: input.language,
            returnUrl: input.returnUrl ?? null,
            state: 'OPEN',
            cardToken: null,
            createdAt: new Date().toISOString(),
          };
          store.putCardSession(session);
          return { statusCode: 201, body: describeSession(session), resourceId: session.id };
        },
      );
      await store.save();
      return answer;
    },

    getSavedCard(reference: string): ApiAnswer {
      const session = [...store.cardSessions.values()].find((candidate) => candidate.reference === reference);
      const card = session?.cardToken ? store.cards.get(session.cardToken) : undefined;
      if (!card) return problem(404, 'No card saved for this reference');
      const { behaviour: _behaviour, ...visible } = card;
      return { statusCode: 200, body: visible };
    },

    async chargeSavedCard(rawBody: unknown, key: string | undefined): Promise<ApiAnswer> {
      const parsed = ZChargeSavedCard.safeParse(rawBody);
      if (!parsed.success) return invalid(parsed.error);
      const input = parsed.data;
      let charged: SandboxPayment | undefined;
      let charging: Promise<void> | undefined;
      const answer = idempotent(
        'charge',
        key,
        rawBody,
        (id) => paymentAnswer(id),
        () => {
          // A saved card, or one of the test-card tokens every sandbox knows (the demo's).
          const card = store.cards.get(input.token) ?? testCardOfToken(input.token);
          if (!card) return problem(404, 'No such saved card');
          if (store.paymentsByRef.has(input.extTranRefId)) {
            return problem(409, `A payment with extTranRefId ${input.extTranRefId} already exists`);
          }
          charged = newPayment(
            {
              source: 'saved_card',
              extTranRefId: input.extTranRefId,
              amountMinor: input.amountMinor,
              currency: input.currency,
              kind: 'CREDIT_CARD',
              language: 'en',
              description: '',
              returnUrl: null,
              responseText: null,
              trackingNo: null,
              authCode: null,
              last4: null,
              cardBrand: null,
              settleAt: null,
              expiresAt: null,
            },
            'saved_card',
          );
          // The charge's state changes before anything awaits, so a replay never charges again.
          charging = engine.charge(charged, card, false);
          return { statusCode: 201, body: null, resourceId: charged.id };
        },
      );
      if (charged && charging) {
        await charging;
        return paymentAnswer(charged.id, 201);
      }
      await store.save();
      return answer;
    },
  };
}

export type SandboxApi = ReturnType<typeof createSandboxApi>;
