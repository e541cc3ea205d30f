import { type TApprovalPolicy, ZApprovalPolicy } from '@settle/shared/payment-approvals';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { approvalKeys } from './approval-keys';

/** GET payment/approvals/policy: whether the cart's payment needs approval, and the cart waiting for it. */
export function getApprovalPolicy(custNo: string, currency: string) {
  return apiRequest<TApprovalPolicy>('/payment/approvals/policy', {
    query: { custNo, currency },
    schema: ZApprovalPolicy,
  });
}

export function useApprovalPolicy(scope: { custNo: string; currency: string } | null) {
  return useQuery({
    queryKey: approvalKeys.policy(scope?.custNo ?? '', scope?.currency ?? ''),
    queryFn: () => getApprovalPolicy(scope!.custNo, scope!.currency),
    enabled: scope !== null,
  });
}
