import {
  ZAssociationAccounts,
  ZCurrentCustomerResponse,
  ZCustNoParams,
  ZServerDate,
  ZSetCurrentCustomerRequest,
} from '@settle/shared/accounts';
import { ZErrorResponse } from '@settle/shared/errors';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireSession, sessionOf } from '../../plugins/session';
import type { Services } from '../../services';

const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 404: ZErrorResponse };

export function accountsRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();

  routes.get(
    '/invoices/associationAccounts',
    {
      preHandler: requireSession,
      schema: {
        tags: ['accounts'],
        summary: 'Customers linked to the signed-in user',
        response: { 200: ZAssociationAccounts, ...errors },
      },
    },
    (request) => {
      const session = sessionOf(request);
      return services.accounts.listCustomers(session.userId, {
        custNo: session.currentCustNo,
        currencyCode: session.currentCurrencyCode,
      });
    },
  );

  routes.get(
    '/user/currenctCust/:custNo',
    {
      preHandler: requireSession,
      schema: {
        tags: ['accounts'],
        summary: "Current customer and currency, given the client's current customer number",
        params: ZCustNoParams,
        response: { 200: ZCurrentCustomerResponse, ...errors },
      },
    },
    (request) => services.accounts.getCurrentCustomer(sessionOf(request), request.params.custNo),
  );

  routes.put(
    '/user/currenctCust/:custNo',
    {
      preHandler: requireSession,
      schema: {
        tags: ['accounts'],
        summary: 'Make a linked customer (and optionally one of its currencies) current',
        params: ZCustNoParams,
        body: ZSetCurrentCustomerRequest.nullish(),
        response: { 200: ZCurrentCustomerResponse, ...errors },
      },
    },
    (request) =>
      services.accounts.setCurrentCustomer(
        sessionOf(request),
        request.params.custNo,
        request.body?.currencyCode,
      ),
  );

  routes.get(
    '/location/serverDate',
    {
      schema: {
        tags: ['accounts'],
        summary: "Today on the server, in the user's time zone when signed in",
        response: { 200: ZServerDate },
      },
    },
    (request) => services.accounts.serverDate(request.session?.user.timezone),
  );
}
