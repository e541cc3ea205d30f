import { ZCustNoParams } from '@settle/shared/accounts';
import {
  ZCartAddResponse,
  ZCartChangeRequest,
  ZCartQuery,
  ZPaymentCart,
  ZSyncCartRequest,
  ZSyncCartResponse,
} from '@settle/shared/cart';
import { ZErrorResponse } from '@settle/shared/errors';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireSession, sessionOf } from '../../plugins/session';
import type { Services } from '../../services';

const errors = { 400: ZErrorResponse, 401: ZErrorResponse, 404: ZErrorResponse };

/** The payment cart: one per customer and currency (custNo-PaymentCart-currency), kept on the server. */
export function cartRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['cart'];

  routes.get(
    '/payment/cart',
    {
      preHandler: requireSession,
      schema: {
        tags,
        summary: 'The cart of a customer and currency',
        querystring: ZCartQuery,
        response: { 200: ZPaymentCart, ...errors },
      },
    },
    (request) => services.cart.get(sessionOf(request), request.query),
  );

  routes.post(
    '/payment/cart/add',
    {
      preHandler: requireSession,
      schema: {
        tags,
        summary: 'Add invoices; the ones the rules refuse are listed by transaction id',
        body: ZCartChangeRequest,
        response: { 200: ZCartAddResponse, ...errors },
      },
    },
    (request) => services.cart.add(sessionOf(request), request.body),
  );

  routes.post(
    '/payment/cart/remove',
    {
      preHandler: requireSession,
      schema: {
        tags,
        summary: 'Remove invoices from the cart',
        body: ZCartChangeRequest,
        response: { 200: ZPaymentCart, ...errors },
      },
    },
    (request) => services.cart.remove(sessionOf(request), request.body),
  );

  routes.delete(
    '/payment/cart',
    {
      preHandler: requireSession,
      schema: {
        tags,
        summary: 'Empty the cart',
        querystring: ZCartQuery,
        response: { 200: ZPaymentCart, ...errors },
      },
    },
    (request) => services.cart.empty(sessionOf(request), request.query),
  );

  routes.post(
    '/payment/syncPaymentCart/:custNo',
    {
      preHandler: requireSession,
      schema: {
        tags,
        summary:
          "Of the listed invoice numbers, the ones still in the user's carts and payable, with the server's balance, disputed and payment",
        params: ZCustNoParams,
        body: ZSyncCartRequest,
        response: { 200: ZSyncCartResponse, ...errors },
      },
    },
    (request) => services.cart.sync(sessionOf(request), request.params.custNo, request.body),
  );
}
