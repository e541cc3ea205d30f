import { createHash, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';

/**
 * A loopback HTTP peer answering the subset of Stripe's API the Stripe adapter uses (Stripe's servers
 * cannot be reached from here): Checkout Sessions (payment and setup), customers, payment intents
 * (off-session confirm, retrieve, search), payment methods; the Idempotency-Key semantics; expand.
 * The test plays the payer at Stripe's page with pay()/expire(), and makes webhook events signed with
 * stripe.webhooks.generateTestHeaderString.
 */

type Json = Record<string, unknown>;

/** How the payer's card behaves at Stripe's page or when charged off-session (Stripe's test cards). */
export type StripeCardOutcome =
  | 'succeeds'
  | 'card_declined'
  | 'expired_card'
  | 'processing_error'
  | 'processing'
  | 'authentication_required';

/** Parses Stripe's form encoding (a[b][0][c]=v) into nested objects and arrays. */
export function parseStripeForm(text: string): Json {
  const root: Json = {};
  for (const [key, value] of new URLSearchParams(text)) {
    const path = key.replace(/\]/g, '').split('[');
    let node: Record<string, unknown> | unknown[] = root;
    path.forEach((segment, index) => {
      const last = index === path.length - 1;
      const container = node as Record<string, unknown>;
      if (last) {
        container[segment] = value;
        return;
      }
      const nextIsIndex = /^\d+$/.test(path[index + 1]!);
      container[segment] ??= nextIsIndex ? [] : {};
      node = container[segment] as Record<string, unknown>;
    });
  }
  return root;
}

function id(prefix: string): string {
  return `${prefix}_test_${randomBytes(12).toString('hex')}`;
}

function now(): number {
  return Math.floor(Date.now() / 1000);
}

export async function startStripePeer(options: { secretKey: string; webhookSecret: string }) {
  const objects = new Map<string, Json>();
  const idempotency = new Map<string, { hash: string; status: number; body: Json }>();
  const requests: Array<{ method: string; path: string; idempotencyKey: string | undefined; body: Json }> =
    [];
  const cardOutcomes = new Map<string, StripeCardOutcome>();
  const stripe = new Stripe(options.secretKey);

  const server = createServer(async (request: IncomingMessage, response) => {
    const chunks: Buffer[] = [];
    for await (const chunk of request) chunks.push(chunk as Buffer);
    const url = new URL(request.url ?? '/', 'http://peer');
    const body = parseStripeForm(
      request.method === 'GET' ? url.search.slice(1) : Buffer.concat(chunks).toString(),
    );
    const key = request.headers['idempotency-key'] as string | undefined;
    requests.push({ method: request.method ?? 'GET', path: url.pathname, idempotencyKey: key, body });
    const send = (status: number, payload: Json) => {
      response.writeHead(status, { 'content-type': 'application/json', 'request-id': id('req') });
      response.end(JSON.stringify(payload));
    };
    if (request.headers.authorization !== `Bearer ${options.secretKey}`) {
      return send(401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided' } });
    }
    if (request.method === 'POST' && key) {
      const hash = createHash('sha256').update(JSON.stringify(body)).digest('hex');
      const known = idempotency.get(`${url.pathname}:${key}`);
      if (known && known.hash !== hash) {
        return send(400, {
          error: {
            type: 'idempotency_error',
            message:
              'Keys for idempotent requests can only be used with the same parameters they were first used with.',
          },
        });
      }
      if (known) return send(known.status, known.body);
      const answer = route(request.method, url.pathname, body);
      idempotency.set(`${url.pathname}:${key}`, { hash, ...answer });
      return send(answer.status, answer.body);
    }
    const answer = route(request.method ?? 'GET', url.pathname, body);
    send(answer.status, answer.body);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  function notFound(what: string) {
    return { status: 404, body: { error: { type: 'invalid_request_error', message: `No such ${what}` } } };
  }

  /** Replaces ids by the objects they name along each expand path ("payment_intent.latest_charge"). */
  function expanded(object: Json, paths: unknown): Json {
    const copy = structuredClone(object);
    for (const path of Array.isArray(paths) ? (paths as string[]) : []) {
      let node: Json | undefined = copy;
      for (const field of path.split('.')) {
        const value: unknown = node?.[field];
        if (typeof value === 'string' && objects.has(value)) {
          node![field] = structuredClone(objects.get(value));
        }
        node = node?.[field] as Json | undefined;
      }
    }
    return copy;
  }

  function createIntent(fields: Json, outcome: StripeCardOutcome, card: Json): Json {
    const intent: Json = {
      id: id('pi'),
      object: 'payment_intent',
      created: now(),
      latest_charge: null,
      last_payment_error: null,
      ...fields,
    };
    if (outcome === 'succeeds' || outcome === 'processing') {
      const charge: Json = {
        id: id('ch'),
        object: 'charge',
        amount: intent.amount,
        currency: intent.currency,
        authorization_code: outcome === 'succeeds' ? '123456' : null,
        payment_intent: intent.id,
        payment_method_details: { type: 'card', card },
      };
      objects.set(charge.id as string, charge);
      intent.latest_charge = charge.id;
      intent.status = outcome === 'succeeds' ? 'succeeded' : 'processing';
    } else {
      intent.status = 'requires_payment_method';
      intent.last_payment_error = {
        type: 'card_error',
        code:
          outcome === 'processing_error' ||
          outcome === 'expired_card' ||
          outcome === 'authentication_required'
            ? outcome
            : 'card_declined',
        decline_code: outcome === 'card_declined' ? 'generic_decline' : undefined,
        message: `Your card was declined (${outcome}).`,
      };
    }
    objects.set(intent.id as string, intent);
    return intent;
  }

  function route(method: string, path: string, body: Json): { status: number; body: Json } {
    const sessionId = /^\/v1\/checkout\/sessions\/(\w+)$/.exec(path)?.[1];
    const intentId = /^\/v1\/payment_intents\/(\w+)$/.exec(path)?.[1];
    if (method === 'POST' && path === '/v1/checkout/sessions') {
      const session: Json = {
        id: id('cs'),
        object: 'checkout.session',
        created: now(),
        mode: body.mode,
        status: 'open',
        payment_status: body.mode === 'setup' ? 'no_payment_required' : 'unpaid',
        client_reference_id: body.client_reference_id ?? null,
        customer: body.customer ?? null,
        metadata: body.metadata ?? {},
        locale: body.locale ?? null,
        success_url: body.success_url,
        cancel_url: body.cancel_url,
        payment_intent: null,
        setup_intent: null,
        currency: null,
        amount_total: null,
        line_items_input: body.line_items,
        payment_intent_data: body.payment_intent_data ?? null,
      };
      if (body.mode === 'payment') {
        const price = ((body.line_items as Json[])[0]!.price_data ?? {}) as Json;
        session.currency = price.currency;
        session.amount_total =
          Number(price.unit_amount) * Number((body.line_items as Json[])[0]!.quantity ?? 1);
      }
      session.url = `${origin}/c/pay/${session.id}`;
      objects.set(session.id as string, session);
      return { status: 200, body: session };
    }
    const expiring = /^\/v1\/checkout\/sessions\/(\w+)\/expire$/.exec(path)?.[1];
    if (method === 'POST' && expiring) {
      const session = objects.get(expiring);
      if (!session) return notFound('checkout.session');
      if (session.status !== 'open') {
        return {
          status: 400,
          body: {
            error: {
              type: 'invalid_request_error',
              message: 'Only Checkout Sessions with a status of open can be expired.',
            },
          },
        };
      }
      session.status = 'expired';
      return { status: 200, body: session };
    }
    if (method === 'GET' && sessionId) {
      const session = objects.get(sessionId);
      return session ? { status: 200, body: expanded(session, body.expand) } : notFound('checkout.session');
    }
    if (method === 'GET' && path === '/v1/checkout/sessions') {
      const data = [...objects.values()].filter(
        (object) => object.object === 'checkout.session' && object.customer === body.customer,
      );
      return { status: 200, body: { object: 'list', data, has_more: false, url: path } };
    }
    if (method === 'POST' && path === '/v1/customers') {
      const customer: Json = { id: id('cus'), object: 'customer', metadata: body.metadata ?? {} };
      objects.set(customer.id as string, customer);
      return { status: 200, body: customer };
    }
    if (method === 'GET' && path === '/v1/customers/search') {
      const wanted = /metadata\['reference'\]:'(.*)'/.exec(String(body.query))?.[1];
      const data = [...objects.values()].filter(
        (object) => object.object === 'customer' && (object.metadata as Json).reference === wanted,
      );
      return { status: 200, body: { object: 'search_result', data, has_more: false, url: path } };
    }
    if (method === 'POST' && path === '/v1/payment_intents') {
      const method_ = objects.get(String(body.payment_method));
      if (!method_ || method_.customer !== body.customer) return notFound('payment_method');
      const outcome = cardOutcomes.get(method_.id as string) ?? 'succeeds';
      const intent = createIntent(
        {
          amount: Number(body.amount),
          currency: body.currency,
          customer: body.customer,
          payment_method: method_.id,
          metadata: body.metadata ?? {},
        },
        outcome,
        method_.card as Json,
      );
      if (intent.status === 'requires_payment_method') {
        const error = intent.last_payment_error as Json;
        return { status: 402, body: { error: { ...error, payment_intent: intent } } };
      }
      return { status: 200, body: expanded(intent, body.expand) };
    }
    if (method === 'GET' && path === '/v1/payment_intents/search') {
      const wanted = /metadata\['extTranRefId'\]:'(.*)'/.exec(String(body.query))?.[1];
      const data = [...objects.values()].filter(
        (object) => object.object === 'payment_intent' && (object.metadata as Json).extTranRefId === wanted,
      );
      return { status: 200, body: { object: 'search_result', data, has_more: false, url: path } };
    }
    if (method === 'GET' && intentId && intentId !== 'search') {
      const intent = objects.get(intentId);
      return intent ? { status: 200, body: expanded(intent, body.expand) } : notFound('payment_intent');
    }
    return {
      status: 404,
      body: {
        error: { type: 'invalid_request_error', message: `Unrecognized request URL (${method}: ${path})` },
      },
    };
  }

  const CARDS: Record<StripeCardOutcome, Json> = {
    succeeds: { brand: 'visa', last4: '4242', exp_month: 12, exp_year: 2034 },
    card_declined: { brand: 'visa', last4: '0002', exp_month: 12, exp_year: 2034 },
    expired_card: { brand: 'visa', last4: '0069', exp_month: 12, exp_year: 2034 },
    processing_error: { brand: 'visa', last4: '0119', exp_month: 12, exp_year: 2034 },
    processing: { brand: 'visa', last4: '0259', exp_month: 12, exp_year: 2034 },
    authentication_required: { brand: 'visa', last4: '3155', exp_month: 12, exp_year: 2034 },
  };

  return {
    origin,
    requests,
    object: (objectId: string) => objects.get(objectId),
    /** The payer at Stripe's page pays a payment session with a card of this behaviour. */
    pay(sessionId: string, outcome: StripeCardOutcome): void {
      const session = objects.get(sessionId)!;
      const intentData = (session.payment_intent_data ?? {}) as Json;
      const intent = createIntent(
        { amount: session.amount_total, currency: session.currency, metadata: intentData.metadata ?? {} },
        outcome,
        CARDS[outcome],
      );
      session.payment_intent = intent.id;
      // A declined card leaves the payer on Stripe's page: the session stays open.
      if (intent.status === 'succeeded')
        Object.assign(session, { status: 'complete', payment_status: 'paid' });
      if (intent.status === 'processing')
        Object.assign(session, { status: 'complete', payment_status: 'unpaid' });
    },
    /** The payer saves a card on a setup session. */
    saveCard(sessionId: string, outcome: StripeCardOutcome = 'succeeds', holderName = 'Ada Lovelace'): void {
      const session = objects.get(sessionId)!;
      const method: Json = {
        id: id('pm'),
        object: 'payment_method',
        type: 'card',
        customer: session.customer,
        card: CARDS[outcome],
        billing_details: { name: holderName },
      };
      objects.set(method.id as string, method);
      cardOutcomes.set(method.id as string, outcome);
      const intent: Json = {
        id: id('seti'),
        object: 'setup_intent',
        status: 'succeeded',
        payment_method: method.id,
      };
      objects.set(intent.id as string, intent);
      Object.assign(session, { status: 'complete', setup_intent: intent.id });
    },
    /** A pending (processing) payment settles. */
    settle(intentId: string): void {
      const intent = objects.get(intentId)!;
      intent.status = 'succeeded';
      for (const object of objects.values()) {
        if (object.object === 'checkout.session' && object.payment_intent === intentId)
          object.payment_status = 'paid';
      }
    },
    expire(sessionId: string): void {
      objects.get(sessionId)!.status = 'expired';
    },
    /** A webhook event about an object as Stripe would send it: its body and Stripe-Signature header. */
    event(
      type: string,
      objectId: string,
      options_: { timestamp?: number; secret?: string; eventId?: string } = {},
    ) {
      const payload = JSON.stringify({
        id: options_.eventId ?? id('evt'),
        object: 'event',
        type,
        created: now(),
        data: { object: objects.get(objectId) },
      });
      const header = stripe.webhooks.generateTestHeaderString({
        payload,
        secret: options_.secret ?? options.webhookSecret,
        timestamp: options_.timestamp,
      });
      return { payload, headers: { 'stripe-signature': header } };
    },
    async close() {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    },
  };
}

export type StripePeer = Awaited<ReturnType<typeof startStripePeer>>;
