import { ZErrorResponse } from '@settle/shared/errors';
import {
  ZStatement,
  ZStatementQuery,
  ZStatementSubscription,
  ZStatementSubscriptions,
} from '@settle/shared/statements';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { attachmentDisposition } from '../../lib/content-disposition';
import { requireSession, sessionOf } from '../../plugins/session';
import type { Services } from '../../services';
import { XLSX_CONTENT_TYPE } from '../exports/invoice-xlsx';

const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 404: ZErrorResponse };
const binary = (description: string) => z.any().meta({ description });

export function statementsRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['statements'];
  const pre = { preHandler: requireSession };

  routes.get(
    '/statement',
    {
      ...pre,
      schema: {
        tags,
        summary:
          'Statement of account: open items, credits, payments of the period and aging of a customer and currency',
        querystring: ZStatementQuery,
        response: { 200: ZStatement, ...errors },
      },
    },
    (request) => services.statements.forSession(sessionOf(request), request.query),
  );

  routes.get(
    '/statement/pdf',
    {
      ...pre,
      schema: {
        tags,
        summary: "The statement of account as a PDF, in the reader's language",
        querystring: ZStatementQuery,
        response: { 200: binary('The statement (application/pdf)'), ...errors },
      },
    },
    async (request, reply) => {
      const file = await services.statements.pdf(sessionOf(request), request.query);
      return reply
        .type('application/pdf')
        .header('content-disposition', attachmentDisposition(file.filename))
        .header('cache-control', 'private, no-store')
        .send(file.document);
    },
  );

  routes.get(
    '/statement/xlsx',
    {
      ...pre,
      schema: {
        tags,
        summary:
          'The statement of account as an Excel workbook (summary and aging, open items, credits, payments)',
        querystring: ZStatementQuery,
        response: { 200: binary(`The workbook (${XLSX_CONTENT_TYPE})`), ...errors },
      },
    },
    async (request, reply) => {
      const file = await services.statements.xlsx(sessionOf(request), request.query);
      return reply
        .type(XLSX_CONTENT_TYPE)
        .header('content-disposition', attachmentDisposition(file.filename))
        .header('cache-control', 'private, no-store')
        .send(file.body);
    },
  );

  routes.get(
    '/statement/subscriptions',
    {
      ...pre,
      schema: {
        tags,
        summary: 'The customers and currencies whose statement the user receives by email each month',
        response: { 200: ZStatementSubscriptions, ...errors },
      },
    },
    (request) => services.statements.subscriptions(sessionOf(request)),
  );

  routes.put(
    '/statement/subscription',
    {
      ...pre,
      schema: {
        tags,
        summary:
          'Receive (or stop receiving) the monthly statement of a linked customer and currency by email',
        body: ZStatementSubscription,
        response: { 200: ZStatementSubscription, ...errors },
      },
    },
    (request) => services.statements.setSubscription(sessionOf(request), request.body),
  );
}
