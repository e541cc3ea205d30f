import type { Readable } from 'node:stream';
import { ZAnnouncement } from '@settle/shared/announcements';
import { ZErrorResponse } from '@settle/shared/errors';
import {
  LEDGER_KEYS,
  LEDGER_KINDS,
  type TApiKeyScope,
  ZEventPage,
  ZEventsQuery,
  ZLedgerAnnouncement,
  ZLoadQuery,
  ZLoadReport,
  ZNachaFile,
  ZNachaFileRequest,
  ZNachaFilesQuery,
  ZWebhookDelivery,
  ZWebhookSubscription,
  ZWebhookSubscriptionRequest,
} from '@settle/shared/integration';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { badRequest } from '../../lib/app-error';
import type { Services } from '../../services';
import { parseCutoffDate } from '../nacha/nacha.service';
import { type ApiKeyContext, requireScope } from './api-keys.service';
import { csvRows, jsonRows, ndjsonRows, type SourceRow } from './ledger-rows';

export const INTEGRATION_PREFIX = '/integration/v1';

/** A streamed body is kept under a symbol, so that the generic body checks do not walk the stream. */
const STREAM = Symbol('stream');
type StreamBody = { [STREAM]: Readable; kind: 'ndjson' | 'csv' };

declare module 'fastify' {
  interface FastifyRequest {
    apiKey?: ApiKeyContext;
  }
}

const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 403: ZErrorResponse, 404: ZErrorResponse };
const tags = ['integration'];
const security = [{ apiKey: [] }];

/**
 * {api}/integration/v1: the provider's systems, authenticated by an API key (no cookies, no CSRF);
 * each call is logged with the key's id, never the key.
 */
export function integrationRoutes(app: FastifyInstance, { services }: { services: Services }) {
  app.register(
    async (api) => {
      api.addContentTypeParser(['application/x-ndjson', 'text/csv'], (request, payload, done) => {
        const kind = request.headers['content-type']?.startsWith('text/csv') ? 'csv' : 'ndjson';
        done(null, { [STREAM]: payload, kind } satisfies StreamBody);
      });
      api.addHook('onRequest', async (request) => {
        request.apiKey = await services.apiKeys.authenticate(request.headers.authorization);
        request.log = request.log.child({ apiKeyId: request.apiKey.keyId });
        request.log.info({ method: request.method, url: request.url }, 'integration call');
      });
      const routes = api.withTypeProvider<ZodTypeProvider>();
      const keyOf = (request: FastifyRequest, scope: TApiKeyScope) => {
        requireScope(request.apiKey!, scope);
        return request.apiKey!;
      };

      for (const kind of LEDGER_KINDS) {
        const { key, row, description }: { key: string; row: string; description?: string } =
          LEDGER_KEYS[kind];
        routes.post(
          `/${kind}`,
          {
            schema: {
              tags,
              security,
              summary: `Upsert ${kind} keyed by ${key}: a JSON array, or a streamed application/x-ndjson or text/csv body`,
              ...(description ? { description } : {}),
              querystring: ZLoadQuery,
              body: z.unknown().meta({
                description: `A JSON array of ${row}, or NDJSON / CSV with the same field names`,
              }),
              response: { 200: ZLoadReport, 422: ZLoadReport, ...errors },
            },
          },
          async (request, reply) => {
            const key = keyOf(request, 'ledger:write');
            const report = await services.ledgerLoad.load({
              tenantId: key.tenantId,
              kind,
              rows: rowsOf(request.body),
              atomic: request.query.atomic,
              log: request.log,
            });
            request.log.info({ kind, ...report, errors: undefined }, 'ledger load');
            return reply.code(report.committed ? 200 : 422).send(report);
          },
        );
      }

      routes.put(
        '/announcement',
        {
          schema: {
            tags,
            security,
            summary: 'Set the scrolling announcement of the portal; an empty message removes it',
            body: ZLedgerAnnouncement,
            response: { 200: ZAnnouncement, ...errors },
          },
        },
        (request) =>
          services.announcements.set(keyOf(request, 'ledger:write').tenantId, request.body.message),
      );

      routes.get(
        '/customers/:custNo',
        {
          schema: {
            tags,
            security,
            summary: 'A customer as loaded (another tenant’s answers 404)',
            params: z.object({ custNo: z.string().min(1).max(60) }),
            response: {
              200: z.object({
                custNo: z.string(),
                company: z.string(),
                currencies: z.array(z.string()),
                openInvoices: z.number().int(),
              }),
              ...errors,
            },
          },
        },
        (request) =>
          services.integration.customer(keyOf(request, 'ledger:write').tenantId, request.params.custNo),
      );

      routes.get(
        '/events',
        {
          schema: {
            tags,
            security,
            summary: 'Events after a cursor, oldest first; pass `next` back as `after` to continue',
            querystring: ZEventsQuery,
            response: { 200: ZEventPage, ...errors },
          },
        },
        (request) =>
          services.integrationEvents.listAfter(
            keyOf(request, 'events:read').tenantId,
            request.query.after,
            request.query.limit,
          ),
      );

      routes.post(
        '/webhooks',
        {
          schema: {
            tags,
            security,
            summary: 'Subscribe an address to event types; the signing secret is answered once',
            body: ZWebhookSubscriptionRequest,
            response: { 201: ZWebhookSubscription, ...errors },
          },
        },
        async (request, reply) =>
          reply
            .code(201)
            .send(
              await services.webhooks.subscribe(keyOf(request, 'webhooks:manage').tenantId, request.body),
            ),
      );
      routes.get(
        '/webhooks',
        {
          schema: {
            tags,
            security,
            summary: 'Active subscriptions',
            response: { 200: z.array(ZWebhookSubscription), ...errors },
          },
        },
        (request) => services.webhooks.list(keyOf(request, 'webhooks:manage').tenantId),
      );
      const idParams = z.object({ id: z.coerce.number().int().positive() });
      routes.delete(
        '/webhooks/:id',
        {
          schema: {
            tags,
            security,
            summary: 'Remove a subscription',
            params: idParams,
            response: { 204: z.null(), ...errors },
          },
        },
        async (request, reply) => {
          await services.webhooks.unsubscribe(keyOf(request, 'webhooks:manage').tenantId, request.params.id);
          return reply.code(204).send(null);
        },
      );
      routes.get(
        '/webhooks/:id/deliveries',
        {
          schema: {
            tags,
            security,
            summary: 'The delivery log of a subscription, newest first',
            params: idParams,
            response: { 200: z.array(ZWebhookDelivery), ...errors },
          },
        },
        (request) =>
          services.webhooks.deliveries(keyOf(request, 'webhooks:manage').tenantId, request.params.id),
      );
      routes.post(
        '/webhooks/deliveries/:id/redeliver',
        {
          schema: {
            tags,
            security,
            summary: 'Send a delivery again, with the same event id',
            params: idParams,
            response: { 202: z.object({ queued: z.literal(true) }), ...errors },
          },
        },
        async (request, reply) => {
          await services.webhooks.redeliver(keyOf(request, 'webhooks:manage').tenantId, request.params.id);
          return reply.code(202).send({ queued: true as const });
        },
      );

      routes.post(
        '/nacha-files',
        {
          schema: {
            tags,
            security,
            summary:
              'Generate the NACHA e-check file of a cut-off date (USD) once: SUCCESS e-checks created by the end of that day (UTC) and in no file yet; again, the same file (200)',
            body: ZNachaFileRequest,
            response: { 200: ZNachaFile, 201: ZNachaFile, ...errors },
          },
        },
        async (request, reply) => {
          const { tenantId } = keyOf(request, 'payments:read');
          const result = await services.nacha.generate(tenantId, parseCutoffDate(request.body.date));
          return reply.code(result.created ? 201 : 200).send(result.file);
        },
      );
      routes.get(
        '/nacha-files',
        {
          schema: {
            tags,
            security,
            summary:
              'The NACHA e-check files generated, newest cut-off first (of one cut-off date with ?date=)',
            querystring: ZNachaFilesQuery,
            response: { 200: z.array(ZNachaFile), ...errors },
          },
        },
        (request) =>
          services.nacha.list(
            keyOf(request, 'payments:read').tenantId,
            request.query.date && parseCutoffDate(request.query.date),
          ),
      );
      routes.get(
        '/nacha-files/:id',
        {
          schema: {
            tags,
            security,
            summary: 'Download a NACHA e-check file (94-character records, text/plain)',
            params: idParams,
            response: { 200: z.string(), ...errors },
          },
        },
        async (request, reply) => {
          const file = await services.nacha.download(
            keyOf(request, 'payments:read').tenantId,
            request.params.id,
          );
          return reply
            .type('text/plain; charset=us-ascii')
            .header('content-disposition', `attachment; filename="${file.fileName}"`)
            .send(file.content);
        },
      );
    },
    { prefix: INTEGRATION_PREFIX },
  );
}

function rowsOf(body: unknown): AsyncIterable<SourceRow> {
  if (body && typeof body === 'object' && STREAM in body) {
    const stream = body as StreamBody;
    return stream.kind === 'csv' ? csvRows(stream[STREAM]) : ndjsonRows(stream[STREAM]);
  }
  if (body === undefined)
    throw badRequest('Send a JSON array, NDJSON (application/x-ndjson) or CSV (text/csv)');
  return jsonRows(body);
}
