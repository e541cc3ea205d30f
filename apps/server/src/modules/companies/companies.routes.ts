import { ZCompanyList, ZDefaultCompanyParams } from '@settle/shared/companies';
import { ZErrorResponse } from '@settle/shared/errors';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireSession, sessionOf } from '../../plugins/session';
import type { Services } from '../../services';

const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 404: ZErrorResponse };

/** The specification's `api/companies`, below the REST base like every other call. */
export function companiesRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/companies',
    {
      preHandler: requireSession,
      schema: {
        tags: ['companies'],
        summary: "The user's companies, the current one and the default one marked",
        response: { 200: ZCompanyList, ...errors },
      },
    },
    (request) => services.companies.listCompanies(sessionOf(request)),
  );

  routes.put(
    '/companies/default/:custNo',
    {
      preHandler: requireSession,
      schema: {
        tags: ['companies'],
        summary: 'Make a linked company the default: the current one at every sign-in',
        params: ZDefaultCompanyParams,
        response: { 200: ZCompanyList, ...errors },
      },
    },
    (request) => services.companies.setDefault(sessionOf(request), request.params.custNo),
  );
}
