import { ZColumnPreferenceRequest, ZColumnPreferences } from '@settle/shared/columns';
import {
  DISPUTE_COLUMNS,
  ZDispute,
  ZDisputeAssistanceParams,
  ZDisputeCheckResponse,
  ZDisputeCreateRequest,
  ZDisputeIdParams,
  ZDisputeListQuery,
  ZDisputeListResponse,
  ZDisputeNote,
  ZDisputeReason,
  ZDisputeReasonRequest,
  ZDisputeTotalsResponse,
  ZDisputeUpdateRequest,
  ZProbNoParams,
  ZReasonCode,
} from '@settle/shared/disputes';
import { ZErrorResponse } from '@settle/shared/errors';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../lib/app-error';
import { attachmentDisposition } from '../../lib/content-disposition';
import { requireSession, sessionOf } from '../../plugins/session';
import type { Services } from '../../services';
import type { ResponseCache } from '../grid-cache/response-cache';
import { idempotencyHooks } from '../idempotency/idempotency-hooks';
import { contentTypeOf } from './dispute-content-types';

const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse };
export const DISPUTE_GRID = 'disputes';

export function disputesRoutes(
  app: FastifyInstance,
  { services, gridAnswers }: { services: Services; gridAnswers: ResponseCache },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['disputes'];
  const pre = { preHandler: requireSession };
  // Optional but honoured: a retried create with the same key answers the first dispute again.
  const idempotent = idempotencyHooks(services.idempotency, { required: false });
  // A page asked again while what its rows show is unchanged (see grid-cache).
  const pages = gridAnswers.forRoute((request) =>
    request.session
      ? services.disputes.listValidator(
          request.session,
          request.query as { custNo?: string; currencyCode?: string },
        )
      : undefined,
  );

  routes.get(
    '/disputes',
    {
      config: { probeQueryCustNo: true },
      preHandler: [requireSession, pages.lookup],
      onSend: pages.store,
      schema: {
        tags,
        summary:
          "A page of the current customer's disputes in one currency, with totals; invNo= for one invoice's",
        querystring: ZDisputeListQuery,
        response: { 200: ZDisputeListResponse, ...errors },
      },
    },
    (request) => services.disputes.list(sessionOf(request), request.query),
  );

  routes.get(
    '/disputes/totals',
    {
      config: { probeQueryCustNo: true },
      ...pre,
      schema: {
        tags,
        summary:
          'The count and sums of the filtered set of a dispute list (the same query): the grid asks it beside a page asked with totals=separate',
        querystring: ZDisputeListQuery,
        response: { 200: ZDisputeTotalsResponse, ...errors },
      },
    },
    (request) => services.disputes.totals(sessionOf(request), request.query),
  );

  routes.get(
    '/dispute/reasonCodes',
    {
      ...pre,
      schema: {
        tags,
        summary: "The tenant's dispute reason codes",
        response: { 200: z.array(ZReasonCode), ...errors },
      },
    },
    (request) => services.disputes.reasonCodes(sessionOf(request)),
  );

  routes.get(
    '/dispute/columns',
    {
      ...pre,
      schema: {
        tags,
        summary: 'Dispute grid columns with the user preferences applied',
        response: { 200: ZColumnPreferences, ...errors },
      },
    },
    (request) => services.columnPreferences.get(sessionOf(request).userId, DISPUTE_GRID, DISPUTE_COLUMNS),
  );
  for (const method of ['post', 'put'] as const) {
    routes[method](
      '/dispute/columns',
      {
        ...pre,
        schema: {
          tags,
          summary: 'Save the dispute grid column preferences',
          body: ZColumnPreferenceRequest,
          response: { 200: ZColumnPreferences, ...errors },
        },
      },
      (request) =>
        services.columnPreferences.save(
          sessionOf(request).userId,
          DISPUTE_GRID,
          DISPUTE_COLUMNS,
          request.body,
        ),
    );
  }
  routes.delete(
    '/dispute/columns',
    {
      ...pre,
      schema: {
        tags,
        summary: 'Back to the default dispute grid columns',
        response: { 200: ZColumnPreferences, ...errors },
      },
    },
    (request) => services.columnPreferences.reset(sessionOf(request).userId, DISPUTE_GRID, DISPUTE_COLUMNS),
  );

  routes.get(
    '/dispute/assistance/:invNo/:status',
    {
      ...pre,
      schema: {
        tags,
        summary: 'How many disputes an invoice has (status N: all), and the one to open when there is one',
        params: ZDisputeAssistanceParams,
        response: { 200: ZDisputeCheckResponse, ...errors },
      },
    },
    (request) =>
      services.disputes.assistance(sessionOf(request), request.params.invNo, request.params.status),
  );

  routes.get(
    '/dispute/attachment/:id',
    {
      ...pre,
      schema: {
        tags,
        summary: 'Download an attachment of a dispute (id of the attachment)',
        params: ZDisputeIdParams,
        response: { 200: z.any().meta({ description: 'The file' }), ...errors },
      },
    },
    async (request, reply) => {
      const file = await services.disputes.attachment(sessionOf(request), request.params.id);
      return reply
        .header('content-type', contentTypeOf(file.docType))
        .header('content-length', String(file.size))
        .header('content-disposition', attachmentDisposition(file.fileName))
        .header('x-content-type-options', 'nosniff')
        .send(file.stream);
    },
  );

  routes.get(
    '/dispute/:probNo',
    {
      ...pre,
      schema: {
        tags,
        summary: 'One dispute with its lines, notes and attachments',
        params: ZProbNoParams,
        response: { 200: ZDispute, ...errors },
      },
    },
    (request) => services.disputes.get(sessionOf(request), { probNo: request.params.probNo }),
  );

  routes.post(
    '/dispute/:probNo',
    {
      preHandler: [requireSession, idempotent.preHandler],
      onSend: idempotent.onSend,
      schema: {
        tags,
        summary:
          'Create (save) a dispute: probNo 0. By line item (style artran) or by amount (style other); custDispute for a customer-level one',
        params: ZProbNoParams,
        body: ZDisputeCreateRequest,
        response: { 200: ZDispute, ...errors },
      },
    },
    (request) => {
      if (request.params.probNo !== 0)
        throw badRequest('A new dispute is saved on dispute/0; update an existing one with PUT.');
      return services.disputeCreate.create(sessionOf(request), request.body);
    },
  );

  routes.put(
    '/dispute/:probNo',
    {
      ...pre,
      schema: {
        tags,
        summary: 'Update a dispute: a new note, another reason, more attachments (TR_USER.ALLOW_PROB)',
        params: ZProbNoParams,
        body: ZDisputeUpdateRequest,
        response: { 200: ZDispute, ...errors },
      },
    },
    (request) =>
      services.disputeUpdate.update(sessionOf(request), { probNo: request.params.probNo }, request.body),
  );

  routes.get(
    '/dispute/:id/reason',
    {
      ...pre,
      schema: {
        tags,
        summary: "A dispute's reason (id of the dispute)",
        params: ZDisputeIdParams,
        response: { 200: ZDisputeReason, ...errors },
      },
    },
    (request) => services.disputes.reason(sessionOf(request), request.params.id),
  );

  routes.put(
    '/dispute/:id/reason',
    {
      ...pre,
      schema: {
        tags,
        summary: "Change a dispute's reason (TR_USER.ALLOW_PROB)",
        params: ZDisputeIdParams,
        body: ZDisputeReasonRequest,
        response: { 200: ZDisputeReason, ...errors },
      },
    },
    async (request) => {
      const session = sessionOf(request);
      await services.disputeUpdate.update(
        session,
        { id: request.params.id },
        { reasonCode: request.body.reasonCode },
      );
      return services.disputes.reason(session, request.params.id);
    },
  );

  routes.get(
    '/dispute/:id/note',
    {
      ...pre,
      schema: {
        tags,
        summary: "A dispute's notes, newest first (id of the dispute)",
        params: ZDisputeIdParams,
        response: { 200: z.array(ZDisputeNote), ...errors },
      },
    },
    (request) => services.disputes.notes(sessionOf(request), request.params.id),
  );
}
