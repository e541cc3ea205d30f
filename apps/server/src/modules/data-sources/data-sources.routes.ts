import { ZSolutionInstanceQuery } from '@settle/shared/auth';
import { ZDataIndex, ZDataSourcePage, ZDataSourceQuery } from '@settle/shared/data-sources';
import { ZErrorResponse } from '@settle/shared/errors';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireSession, sessionOf } from '../../plugins/session';
import type { Services } from '../../services';
import { CUSTOMER_SOURCE_PATH } from '../config/config.service';

/**
 * {api}/data/ is the specification's data path: the root of the multi-select data sources.
 * Its index is public (the page may read it before sign-in); the customer source below it
 * answers only the signed-in user's own customers.
 */
export function dataSourcesRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/data/',
    {
      schema: {
        tags: ['data'],
        summary: "The tenant's public facts and the addresses of the multi-select data sources",
        description:
          'Unauthenticated, like config.js: what a page may know of a tenant before anyone signs in ' +
          '(its name, languages, whether it signs in with single sign-on, its phone mask) and where the ' +
          'multi-select filters read their choices: `customer` always (this API, the signed-in ' +
          "user's own customers), `team` and `portfolio` only when the operator sets TEAM_SOURCE_URL or " +
          'PORTFOLIO_SOURCE_URL (absent, the filter is hidden). Nothing about users, customers or ' +
          'invoices is in it. solutionInstanceGuid picks the tenant (the default tenant without it); an ' +
          'unknown one answers 404.',
        querystring: ZSolutionInstanceQuery,
        response: { 200: ZDataIndex, 404: ZErrorResponse },
      },
    },
    (request) => services.publicConfig.dataIndex(request.query.solutionInstanceGuid),
  );

  routes.get(
    CUSTOMER_SOURCE_PATH,
    {
      preHandler: requireSession,
      schema: {
        tags: ['data'],
        summary: "The customer multi-select source: the user's own customers by number or company prefix",
        description:
          'Customers linked to the signed-in user whose customer number or company name starts with ' +
          '`startsWith` (case-insensitive; empty lists all), ordered by company, a page at a time. ' +
          'A customer the user is not linked to is never answered.',
        querystring: ZDataSourceQuery,
        response: { 200: ZDataSourcePage, 400: ZErrorResponse, 401: ZErrorResponse },
      },
    },
    (request) => services.accounts.customerSource(sessionOf(request).userId, request.query),
  );
}
