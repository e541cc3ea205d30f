import { Webhook, WebhookVerificationError } from 'standardwebhooks';
import {
  type GatewayOutcome,
  type GatewayPaymentStatus,
  InvalidNotificationSignatureError,
  type PaymentGateway,
  PaymentGatewayRejectedError,
  PaymentGatewayUnavailableError,
  type SavedCard,
  type StartCheckoutResult,
} from '../payment-gateway';
import type { SandboxPaymentView } from './sandbox-engine';
import { sandboxSigningSecret } from './sandbox-signing-secret';

const OUTCOMES: ReadonlySet<string> = new Set<GatewayOutcome>([
  'SUCCESS',
  'PENDING',
  'DECLINED',
  'EXPIRATION_DATE_INCORRECT',
  'FAILED',
  'CANCELLED',
]);

function toStatus(view: SandboxPaymentView): GatewayPaymentStatus {
  if (!OUTCOMES.has(view.outcome)) throw new Error(`Unknown sandbox outcome ${view.outcome}`);
  return {
    extTranRefId: view.extTranRefId,
    providerPaymentId: view.id,
    outcome: view.outcome,
    responseText: view.responseText,
    amountMinor: view.amountMinor,
    currency: view.currency,
    trackingNo: view.trackingNo,
    authCode: view.authCode,
    last4: view.last4,
    cardBrand: view.cardBrand,
  };
}

function flatHeaders(headers: Record<string, string | string[] | undefined>): Record<string, string> {
  const flat: Record<string, string> = {};
  for (const [name, value] of Object.entries(headers)) {
    if (value !== undefined) flat[name.toLowerCase()] = Array.isArray(value) ? value.join(' ') : value;
  }
  return flat;
}

/**
 * The sandbox provider as a PaymentGateway, over its HTTP API like any remote provider: Settle's process
 * may host the sandbox, but it talks to it only through fetch, so the same code works with a sandbox
 * elsewhere.
 */
export function createSandboxPaymentGateway(options: {
  apiUrl: string;
  secret: string;
  timeoutMs?: number;
}): PaymentGateway {
  const apiUrl = options.apiUrl.replace(/\/$/, '');
  const webhook = new Webhook(sandboxSigningSecret(options.secret));

  async function call<T>(
    method: 'GET' | 'POST',
    path: string,
    body?: unknown,
    idempotencyKey?: string,
  ): Promise<{ status: number; body: T }> {
    let response: Response;
    try {
      response = await fetch(`${apiUrl}${path}`, {
        method,
        headers: {
          authorization: `Bearer ${options.secret}`,
          accept: 'application/json',
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
          ...(idempotencyKey ? { 'idempotency-key': idempotencyKey } : {}),
        },
        body: body === undefined ? undefined : JSON.stringify(body),
        signal: AbortSignal.timeout(options.timeoutMs ?? 10_000),
      });
    } catch (error) {
      throw new PaymentGatewayUnavailableError(error);
    }
    const text = await response.text();
    if (response.status >= 500) {
      throw new PaymentGatewayUnavailableError(new Error(`${response.status} ${text.slice(0, 200)}`));
    }
    let parsed: unknown;
    try {
      parsed = text === '' ? null : JSON.parse(text);
    } catch (error) {
      throw new PaymentGatewayUnavailableError(error);
    }
    return { status: response.status, body: parsed as T };
  }

  function rejected(status: number, body: unknown): PaymentGatewayRejectedError {
    const message = (body as { error?: { message?: string } } | null)?.error?.message ?? 'refused';
    return new PaymentGatewayRejectedError(status, message);
  }

  function hostedPage(url: string, id: string): StartCheckoutResult {
    return { providerPaymentId: id, serviceURL: url, serviceMethod: 'GET', templateProperties: {} };
  }

  return {
    name: 'sandbox',

    async startCheckout(input) {
      const answer = await call<SandboxPaymentView>(
        'POST',
        '/v1/checkouts',
        {
          extTranRefId: input.extTranRefId,
          amountMinor: input.amountMinor,
          currency: input.currency,
          kind: input.kind,
          language: input.language,
          description: input.description,
          returnUrl: input.returnUrl,
        },
        input.idempotencyKey,
      );
      if (answer.status >= 300 || !answer.body.checkoutUrl) throw rejected(answer.status, answer.body);
      return hostedPage(answer.body.checkoutUrl, answer.body.id);
    },

    async getPaymentStatus(extTranRefId) {
      const answer = await call<SandboxPaymentView>(
        'GET',
        `/v1/payments/${encodeURIComponent(extTranRefId)}`,
      );
      if (answer.status === 404) return null;
      if (answer.status >= 300) throw rejected(answer.status, answer.body);
      return toStatus(answer.body);
    },

    async cancelCheckout(extTranRefId) {
      const answer = await call<SandboxPaymentView>(
        'POST',
        `/v1/payments/${encodeURIComponent(extTranRefId)}/cancel`,
        {},
      );
      if (answer.status === 404) return null;
      if (answer.status >= 300) throw rejected(answer.status, answer.body);
      return toStatus(answer.body);
    },

    async verifyNotification(rawBody, headers) {
      const flat = flatHeaders(headers);
      let payload: unknown;
      try {
        payload = webhook.verify(rawBody, flat);
      } catch (error) {
        const reason = error instanceof WebhookVerificationError ? error.message : 'the body is not JSON';
        throw new InvalidNotificationSignatureError(reason);
      }
      const event = payload as { type?: string; data?: SandboxPaymentView } | undefined;
      if (event?.type !== 'payment.updated' || !event.data) {
        throw new InvalidNotificationSignatureError('unknown event type');
      }
      return { notificationId: flat['webhook-id']!, status: toStatus(event.data) };
    },

    async startSaveCard(input) {
      const answer = await call<{ id: string; url: string }>(
        'POST',
        '/v1/card-sessions',
        {
          reference: input.reference,
          kind: input.kind,
          language: input.language,
          returnUrl: input.returnUrl,
        },
        input.idempotencyKey,
      );
      if (answer.status >= 300) throw rejected(answer.status, answer.body);
      return hostedPage(answer.body.url, answer.body.id);
    },

    async getSavedCard(reference) {
      const answer = await call<SavedCard>('GET', `/v1/card-sessions/${encodeURIComponent(reference)}/card`);
      if (answer.status === 404) return null;
      if (answer.status >= 300) throw rejected(answer.status, answer.body);
      return answer.body;
    },

    async chargeSavedCard(input) {
      const answer = await call<SandboxPaymentView>(
        'POST',
        '/v1/charges',
        {
          extTranRefId: input.extTranRefId,
          token: input.token,
          amountMinor: input.amountMinor,
          currency: input.currency,
        },
        input.idempotencyKey,
      );
      if (answer.status >= 300) throw rejected(answer.status, answer.body);
      return toStatus(answer.body);
    },
  };
}
