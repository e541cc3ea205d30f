import { ZErrorResponse } from '@settle/shared/errors';
import {
  ZApprovalCount,
  ZApprovalIdParams,
  ZApprovalListQuery,
  ZApprovalPolicy,
  ZApprovalPolicyQuery,
  ZPaymentApproval,
  ZPaymentApprovalList,
  ZRejectApprovalRequest,
  ZSubmitApprovalRequest,
} from '@settle/shared/payment-approvals';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { AppConfig } from '../../config';
import { requireSession, sessionOf } from '../../plugins/session';
import type { Services } from '../../services';

const errors = {
  400: ZErrorResponse,
  401: ZErrorResponse,
  403: ZErrorResponse,
  404: ZErrorResponse,
  409: ZErrorResponse,
};
const decisionErrors = { ...errors, 502: ZErrorResponse };

/** Approval before paying (issue 18): submit a cart, list, count, approve (the payment runs) or reject. */
export function paymentApprovalsRoutes(
  app: FastifyInstance,
  { services, config }: { services: Services; config: AppConfig },
) {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  const tags = ['payment approvals'];
  const pre = { preHandler: requireSession };
  const originOf = (request: FastifyRequest) =>
    config.publicOrigin ?? `${request.protocol}://${request.host}`;

  routes.get(
    '/payment/approvals/policy',
    {
      ...pre,
      schema: {
        tags,
        summary:
          "Whether a customer's cart payments in a currency need approval, above which amount, and the caller's cart waiting for it",
        querystring: ZApprovalPolicyQuery,
        response: { 200: ZApprovalPolicy, ...errors },
      },
    },
    (request) => services.paymentApprovals.policy(sessionOf(request), request.query),
  );

  routes.post(
    '/payment/approvals',
    {
      ...pre,
      schema: {
        tags,
        summary:
          'Submit the cart for approval with a saved profile of the caller (above the threshold only); the cart locks until an approver decides',
        body: ZSubmitApprovalRequest,
        response: { 200: ZPaymentApproval, ...errors },
      },
    },
    (request) => services.paymentApprovals.submit(sessionOf(request), request.body, originOf(request)),
  );

  routes.get(
    '/payment/approvals',
    {
      ...pre,
      schema: {
        tags,
        summary:
          "The approvals of the caller's customers (one with custNo): pending ones and those decided in the last 30 days",
        querystring: ZApprovalListQuery,
        response: { 200: ZPaymentApprovalList, ...errors },
      },
    },
    (request) => services.paymentApprovals.list(sessionOf(request), request.query),
  );

  routes.get(
    '/payment/approvals/count',
    {
      ...pre,
      schema: {
        tags,
        summary: 'How many pending approvals the caller may decide, across their customers',
        response: { 200: ZApprovalCount, ...errors },
      },
    },
    (request) => services.paymentApprovals.count(sessionOf(request)),
  );

  routes.post(
    '/payment/approvals/:approvalId/approve',
    {
      ...pre,
      schema: {
        tags,
        summary:
          "Approve a colleague's payment: it runs once with their saved profile (a repeated or concurrent approve answers 409)",
        params: ZApprovalIdParams,
        response: { 200: ZPaymentApproval, ...decisionErrors },
      },
    },
    (request) =>
      services.paymentApprovals.approve(sessionOf(request), request.params.approvalId, originOf(request)),
  );

  routes.post(
    '/payment/approvals/:approvalId/reject',
    {
      ...pre,
      schema: {
        tags,
        summary: "Reject a colleague's payment with a reason; their cart unlocks",
        params: ZApprovalIdParams,
        body: ZRejectApprovalRequest,
        response: { 200: ZPaymentApproval, ...errors },
      },
    },
    (request) =>
      services.paymentApprovals.reject(sessionOf(request), request.params.approvalId, request.body.reason),
  );
}
