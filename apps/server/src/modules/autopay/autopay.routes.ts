import {
  ZAutopayAnswer,
  ZAutopayLogEntry,
  ZAutopayLogQuery,
  ZAutopayRule,
  ZAutopayRuleParams,
  ZAutopayRuleRequest,
  ZAutopaySkipRequest,
  ZAutopayUpcoming,
} from '@settle/shared/autopay';
import { ZErrorResponse } from '@settle/shared/errors';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSession, sessionOf } from '../../plugins/session';
import type { Services } from '../../services';

const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse };

/** Autopay (issue 18): the user's standing orders, their log, what comes next, and skipping one. */
export function autopayRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['autopay'];
  const pre = { preHandler: requireSession };

  routes.get(
    '/payment/autopay/rules',
    {
      ...pre,
      schema: {
        tags,
        summary: "The user's autopay rules, per customer and currency",
        response: { 200: z.array(ZAutopayRule), ...errors },
      },
    },
    (request) => services.autopay.list(sessionOf(request)),
  );

  routes.put(
    '/payment/autopay/rules/:custNo/:currency',
    {
      ...pre,
      schema: {
        tags,
        summary:
          'Create, replace or resume the autopay rule of a customer and currency (needs TR_USER.ALLOW_PAY and a saved, unexpired profile of that customer)',
        params: ZAutopayRuleParams,
        body: ZAutopayRuleRequest,
        response: { 200: ZAutopayRule, ...errors },
      },
    },
    (request) => services.autopay.save(sessionOf(request), request.params, request.body),
  );

  routes.delete(
    '/payment/autopay/rules/:custNo/:currency',
    {
      ...pre,
      schema: {
        tags,
        summary: 'Turn autopay off for a customer and currency (the log stays)',
        params: ZAutopayRuleParams,
        response: { 200: ZAutopayAnswer, ...errors },
      },
    },
    (request) => services.autopay.remove(sessionOf(request), request.params),
  );

  routes.get(
    '/payment/autopay/log',
    {
      ...pre,
      schema: {
        tags,
        summary: 'What autopay paid, skipped (and why), failed and stopped, newest first',
        querystring: ZAutopayLogQuery,
        response: { 200: z.array(ZAutopayLogEntry), ...errors },
      },
    },
    (request) => services.autopay.log(sessionOf(request), request.query),
  );

  routes.get(
    '/payment/autopay/upcoming',
    {
      ...pre,
      schema: {
        tags,
        summary: 'Upcoming autopayments of the next 30 days: next run date, its invoices and amount',
        response: { 200: z.array(ZAutopayUpcoming), ...errors },
      },
    },
    (request) => services.autopay.upcoming(sessionOf(request)),
  );

  routes.post(
    '/payment/autopay/skip',
    {
      ...pre,
      schema: {
        tags,
        summary: 'Skip this one: autopay leaves the invoice for a person',
        body: ZAutopaySkipRequest,
        response: { 200: ZAutopayAnswer, ...errors },
      },
    },
    (request) => services.autopay.skip(sessionOf(request), request.body),
  );
}
