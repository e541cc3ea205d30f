import { ZErrorResponse } from '@settle/shared/errors';
import { ZGridName, ZSavedSearch, ZSaveSearchRequest, ZSearchField } from '@settle/shared/saved-searches';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireSession, sessionOf } from '../../plugins/session';
import type { Services } from '../../services';
import { INVOICE_SEARCH_FIELDS } from '../invoices/invoice-columns';

const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 404: ZErrorResponse };

export function searchRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['search'];

  routes.get(
    '/invoices/searchFields',
    {
      preHandler: requireSession,
      schema: {
        tags,
        summary: 'Fields the invoice grid can be filtered on',
        response: { 200: z.array(ZSearchField), ...errors },
      },
    },
    async () => INVOICE_SEARCH_FIELDS,
  );

  routes.get(
    '/search/saved',
    {
      preHandler: requireSession,
      schema: {
        tags,
        summary: "The user's saved searches of a grid",
        querystring: z.object({ grid: ZGridName }),
        response: { 200: z.array(ZSavedSearch), ...errors },
      },
    },
    (request) => services.savedSearches.list(sessionOf(request).userId, request.query.grid),
  );

  routes.post(
    '/search/saved',
    {
      preHandler: requireSession,
      schema: {
        tags,
        summary: 'Save a search by name (the same name replaces it)',
        body: ZSaveSearchRequest,
        response: { 200: ZSavedSearch, ...errors },
      },
    },
    (request) => services.savedSearches.save(sessionOf(request).userId, request.body),
  );

  routes.delete(
    '/search/saved/:id',
    {
      preHandler: requireSession,
      schema: {
        tags,
        summary: 'Delete a saved search',
        params: z.object({ id: z.coerce.number().int().positive() }),
        response: { 200: z.object({ deleted: z.boolean() }), ...errors },
      },
    },
    async (request) => {
      await services.savedSearches.remove(sessionOf(request).userId, request.params.id);
      return { deleted: true };
    },
  );
}
