import { ZCustNo } from '@settle/shared/accounts';
import { ZErrorResponse } from '@settle/shared/errors';
import {
  ZAddProfileAnswer,
  ZAddProfileRequest,
  ZAddStatusParams,
  ZDeleteProfileQuery,
  ZPaymentProfile,
  ZProfileAnswer,
  ZProfilesQuery,
  ZSilentCartRequest,
  ZSilentOnAccountRequest,
  ZUpdateProfileRequest,
} from '@settle/shared/payment-profiles';
import { IDEMPOTENCY_KEY_HEADER, ZPaymentResult, ZPaymentTypeParams } from '@settle/shared/payments';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppConfig } from '../../config';
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

const idempotencyHeader = z.object({
  [IDEMPOTENCY_KEY_HEADER]: z.string().optional().meta({
    description: 'Required: the same key and body answer the first response again',
  }),
});

/** Saved payment profiles and the silent payments made with them (spec 001 section 7). */
export function paymentProfilesRoutes(
  app: FastifyInstance,
  { services, config }: { services: Services; config: AppConfig },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['payment-profiles'];
  const pre = { preHandler: requireSession };
  const idempotent = idempotencyHooks(services.idempotency, { required: true });
  const startHooks = { preHandler: [requireSession, idempotent.preHandler], onSend: idempotent.onSend };
  const originOf = (request: FastifyRequest) =>
    config.publicOrigin ?? `${request.protocol}://${request.host}`;
  const startContext = (request: FastifyRequest) => {
    const header = request.headers[IDEMPOTENCY_KEY_HEADER];
    return {
      origin: originOf(request),
      idempotencyKey: (Array.isArray(header) ? header[0] : header) ?? null,
    };
  };

  routes.get(
    '/payment/profiles',
    {
      ...pre,
      schema: {
        tags,
        summary: "The user's saved cards and bank accounts (soonest expiry first with orderbyexpirationdate)",
        querystring: ZProfilesQuery.extend({ custNo: ZCustNo.optional() }),
        response: { 200: z.array(ZPaymentProfile), ...errors },
      },
    },
    (request) => services.paymentProfiles.list(sessionOf(request), request.query),
  );

  routes.post(
    '/payment/add/',
    {
      ...pre,
      schema: {
        tags,
        summary: "Save a bank account, or open the provider's save-card page for a card",
        body: ZAddProfileRequest,
        response: { 200: ZAddProfileAnswer, ...startErrors },
      },
    },
    (request) =>
      services.paymentProfiles.add(sessionOf(request), request.body, { origin: originOf(request) }),
  );

  routes.get(
    '/payment/add/status/:reference',
    {
      ...pre,
      schema: {
        tags,
        summary: 'Whether the card of a save-card page is saved (success true once it is)',
        params: ZAddStatusParams,
        response: { 200: ZAddProfileAnswer, ...startErrors },
      },
    },
    (request) => services.paymentProfiles.addStatus(sessionOf(request), request.params.reference),
  );

  routes.post(
    '/payment/updateProfile',
    {
      ...pre,
      schema: {
        tags,
        summary: "Change a profile's alias and expiry (MM/YYYY), or a bank account's name",
        body: ZUpdateProfileRequest,
        response: { 200: ZProfileAnswer, ...errors },
      },
    },
    (request) => services.paymentProfiles.update(sessionOf(request), request.body),
  );

  routes.put(
    '/payment/delete',
    {
      ...pre,
      schema: {
        tags,
        summary: 'Delete a saved profile',
        querystring: ZDeleteProfileQuery,
        response: { 200: ZProfileAnswer, ...errors },
      },
    },
    (request) => services.paymentProfiles.remove(sessionOf(request), request.query.paymentProfileId),
  );

  routes.post(
    '/payment/makeSilentPayment/:paymentType',
    {
      ...startHooks,
      schema: {
        tags,
        summary: 'Pay invoices with a saved profile, without a window (Idempotency-Key required)',
        params: ZPaymentTypeParams,
        headers: idempotencyHeader,
        body: ZSilentCartRequest,
        response: { 200: ZPaymentResult, ...startErrors },
      },
    },
    (request) =>
      services.paymentProfiles.payCart(
        sessionOf(request),
        request.params.paymentType,
        request.body,
        startContext(request),
      ),
  );

  routes.post(
    '/payment/makeOnActSilentPayment/:paymentType',
    {
      ...startHooks,
      schema: {
        tags,
        summary: 'Pay on account with a saved profile, without a window (Idempotency-Key required)',
        params: ZPaymentTypeParams,
        headers: idempotencyHeader,
        body: ZSilentOnAccountRequest,
        response: { 200: ZPaymentResult, ...startErrors },
      },
    },
    (request) =>
      services.paymentProfiles.payOnAccount(
        sessionOf(request),
        request.params.paymentType,
        request.body,
        startContext(request),
      ),
  );
}
