import { ZErrorResponse } from '@settle/shared/errors';
import {
  IDEMPOTENCY_KEY_HEADER,
  ZCartPaymentsRequest,
  ZExtTranRefIdParams,
  ZHppCartRequest,
  ZHppOnAccountRequest,
  ZMakePaymentOnAccountRequest,
  ZMakePaymentRequest,
  ZOnAccountProviderParams,
  ZPaymentConfig,
  ZPaymentCurrencyParams,
  ZPaymentDoneStatus,
  ZPaymentLogIdParams,
  ZPaymentResult,
  ZPaymentSummary,
  ZPaymentTypeParams,
  ZPollStatusParams,
  ZProviderParams,
  ZProviderQuery,
  ZProviderSettings,
  ZReceiptPdfRequest,
  ZValidateCartResponse,
} from '@settle/shared/payments';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfig } from '../../config';
import { notFound } from '../../lib/app-error';
import { attachmentDisposition } from '../../lib/content-disposition';
import { requireSession, sessionOf } from '../../plugins/session';
import type { Services } from '../../services';
import { idempotencyHooks } from '../idempotency/idempotency-hooks';

const errors = {
  400: ZErrorResponse,
  401: ZErrorResponse,
  403: ZErrorResponse,
  404: ZErrorResponse,
  409: ZErrorResponse,
  422: ZErrorResponse,
};
const startErrors = { ...errors, 502: ZErrorResponse };

/** The path below the API base where providers post their notifications (no session, no CSRF). */
export const PAYMENT_NOTIFICATIONS_PATH = '/payment/notifications/';

const idempotencyHeader = z.object({
  [IDEMPOTENCY_KEY_HEADER]: z.string().optional().meta({
    description: 'Required on payment starts: the same key and body answer the first response again',
  }),
});

/** Payments of the specification (section 7): configuration, starts, status, summary and receipts. */
export function paymentsRoutes(
  app: FastifyInstance,
  { services, config }: { services: Services; config: AppConfig },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['payments'];
  const pre = { preHandler: requireSession };
  const idempotent = idempotencyHooks(services.idempotency, { required: true });
  const startHooks = { preHandler: [requireSession, idempotent.preHandler], onSend: idempotent.onSend };

  const startContext = (request: FastifyRequest, local: boolean) => {
    const header = request.headers[IDEMPOTENCY_KEY_HEADER];
    return {
      origin: config.publicOrigin ?? `${request.protocol}://${request.host}`,
      idempotencyKey: (Array.isArray(header) ? header[0] : header) ?? null,
      local,
    };
  };

  for (const flow of ['cart', 'on_account'] as const) {
    routes.get(
      `/payment/config/${flow}/:currency`,
      {
        ...pre,
        schema: {
          tags,
          summary: `What the ${flow === 'cart' ? 'cart' : 'on-account'} payment offers in a currency`,
          params: ZPaymentCurrencyParams,
          response: { 200: ZPaymentConfig, ...errors },
        },
      },
      (request) => services.paymentQueries.config(sessionOf(request), flow, request.params.currency),
    );
  }

  routes.get(
    '/payment/provider/cart/:type/:currency',
    {
      ...pre,
      schema: {
        tags,
        summary: "A method's provider window and processing, with the convenience fee of an amount",
        params: ZProviderParams,
        querystring: ZProviderQuery,
        response: { 200: ZProviderSettings, ...errors },
      },
    },
    (request) =>
      services.paymentQueries.provider(sessionOf(request), {
        flow: 'cart',
        paymentType: request.params.type,
        currency: request.params.currency,
        amount: request.query.amount,
      }),
  );

  routes.get(
    '/payment/provider/on_account/:paymentType/:currency',
    {
      ...pre,
      schema: {
        tags,
        summary: "An on-account method's provider window and processing, with the convenience fee",
        params: ZOnAccountProviderParams,
        querystring: ZProviderQuery,
        response: { 200: ZProviderSettings, ...errors },
      },
    },
    (request) =>
      services.paymentQueries.provider(sessionOf(request), {
        flow: 'on_account',
        paymentType: request.params.paymentType,
        currency: request.params.currency,
        amount: request.query.amount,
      }),
  );

  routes.post(
    '/payment/validateCart/:type/:currency',
    {
      ...pre,
      schema: {
        tags,
        summary: 'Every cart line re-read from the ledger: the lines whose payment no longer holds, and why',
        params: ZProviderParams,
        body: ZCartPaymentsRequest,
        response: { 200: ZValidateCartResponse, ...errors },
      },
    },
    (request) =>
      services.paymentQueries.validateCart(sessionOf(request), request.params.currency, request.body),
  );

  routes.post(
    '/payment/hpp/:paymentType',
    {
      ...startHooks,
      schema: {
        tags,
        summary: "Pay invoices through the provider's hosted checkout (Idempotency-Key required)",
        params: ZPaymentTypeParams,
        headers: idempotencyHeader,
        body: ZHppCartRequest,
        response: { 200: ZPaymentResult, ...startErrors },
      },
    },
    (request) =>
      services.payments.payCart(
        sessionOf(request),
        request.params.paymentType,
        request.body,
        startContext(request, false),
      ),
  );

  routes.post(
    '/payment/hppOnAccount/:paymentType',
    {
      ...startHooks,
      schema: {
        tags,
        summary: "Pay on account through the provider's hosted checkout (Idempotency-Key required)",
        params: ZPaymentTypeParams,
        headers: idempotencyHeader,
        body: ZHppOnAccountRequest,
        response: { 200: ZPaymentResult, ...startErrors },
      },
    },
    (request) =>
      services.payments.payOnAccount(
        sessionOf(request),
        request.params.paymentType,
        request.body,
        startContext(request, false),
      ),
  );

  routes.post(
    '/payment/makePayment/:paymentType',
    {
      ...startHooks,
      schema: {
        tags,
        summary: 'Pay invoices by electronic check processed in the product (USD; Idempotency-Key required)',
        params: ZPaymentTypeParams,
        headers: idempotencyHeader,
        body: ZMakePaymentRequest,
        response: { 200: ZPaymentResult, ...startErrors },
      },
    },
    (request) =>
      services.paymentProfiles.payCartByAccount(
        sessionOf(request),
        request.params.paymentType,
        request.body,
        startContext(request, true),
      ),
  );

  routes.post(
    '/payment/makePaymentOnAccount/:paymentType',
    {
      ...startHooks,
      schema: {
        tags,
        summary:
          'Pay on account by electronic check processed in the product (USD; Idempotency-Key required)',
        params: ZPaymentTypeParams,
        headers: idempotencyHeader,
        body: ZMakePaymentOnAccountRequest,
        response: { 200: ZPaymentResult, ...startErrors },
      },
    },
    (request) =>
      services.paymentProfiles.payOnAccountByAccount(
        sessionOf(request),
        request.params.paymentType,
        request.body,
        startContext(request, true),
      ),
  );

  routes.get(
    '/payment/log/pollStatus/:extTranRefId/:custNo',
    {
      ...pre,
      schema: {
        tags,
        summary:
          "A payment's status; while PENDING the provider is asked and the payment settled from its answer",
        params: ZPollStatusParams,
        response: { 200: ZPaymentResult, ...errors },
      },
    },
    (request) =>
      services.paymentQueries.pollStatus(
        sessionOf(request),
        request.params.extTranRefId,
        request.params.custNo,
      ),
  );

  routes.post(
    '/payment/log/cancel/:extTranRefId/:custNo',
    {
      ...pre,
      schema: {
        tags,
        summary:
          'Give up a hosted checkout whose window was closed by hand: cancelled at the provider unless the payer already reached an outcome (then that outcome is kept); the invoices are free again. Safe to repeat',
        params: ZPollStatusParams,
        response: { 200: ZPaymentResult, ...errors },
      },
    },
    (request) =>
      services.paymentQueries.cancel(sessionOf(request), request.params.extTranRefId, request.params.custNo),
  );

  routes.get(
    '/payment/log/status/:extTranRefId',
    {
      ...pre,
      schema: {
        tags,
        summary: 'Whether a payment is done (true) or still pending (false)',
        params: ZExtTranRefIdParams,
        response: { 200: ZPaymentDoneStatus, ...errors },
      },
    },
    (request) => services.paymentQueries.status(sessionOf(request), request.params.extTranRefId),
  );

  routes.get(
    '/payment/log/summary/:paymentLogId',
    {
      ...pre,
      schema: {
        tags,
        summary: "A payment's summary: decision, amounts, invoices and history",
        params: ZPaymentLogIdParams,
        response: { 200: ZPaymentSummary, ...errors },
      },
    },
    (request) => services.paymentQueries.summary(sessionOf(request), request.params.paymentLogId),
  );

  const sendReceipt = async (
    request: FastifyRequest,
    reply: FastifyReply,
    query: { custNo: string; paymentLogId: number },
  ) => {
    const receipt = await services.receipts.pdf(sessionOf(request), query);
    return reply
      .type('application/pdf')
      .header('content-disposition', attachmentDisposition(receipt.filename))
      .send(receipt.document);
  };
  const pdfResponse = { 200: z.any().meta({ description: 'The receipt (application/pdf)' }), ...errors };

  routes.post(
    '/payment/log/receiptPDF',
    {
      ...pre,
      schema: {
        tags,
        summary: "A payment's receipt as a PDF",
        body: ZReceiptPdfRequest,
        response: pdfResponse,
      },
    },
    (request, reply) => sendReceipt(request, reply, request.body),
  );
  routes.get(
    '/payment/log/receiptPDF',
    {
      ...pre,
      schema: {
        tags,
        summary: "A payment's receipt as a PDF (custNo and paymentLogId in the query)",
        querystring: ZReceiptPdfRequest,
        response: pdfResponse,
      },
    },
    (request, reply) => sendReceipt(request, reply, request.query),
  );

  // The provider's notification: its body must reach the verifier byte for byte, so this
  // context reads every body as text.
  app.register(async (raw) => {
    raw.removeAllContentTypeParsers();
    raw.addContentTypeParser('*', { parseAs: 'string' }, (_request, body, done) => done(null, body));
    raw.withTypeProvider<ZodTypeProvider>().post(
      `${PAYMENT_NOTIFICATIONS_PATH}:provider`,
      {
        schema: {
          tags,
          summary:
            "The payment provider's signed notification (Standard Webhooks or the provider's scheme); no session, no CSRF",
          params: z.object({ provider: z.string().min(1).max(40) }),
          response: { 200: z.object({ received: z.boolean(), duplicate: z.boolean() }), ...errors },
        },
      },
      async (request) => {
        if (request.params.provider !== services.paymentGateway.name) throw notFound('Payment provider');
        const body = typeof request.body === 'string' ? request.body : '';
        return services.paymentSettlement.notify(
          request.params.provider,
          body,
          request.headers as Record<string, string | string[] | undefined>,
        );
      },
    );
  });
}
