import {
  type TApprovalCount,
  type TPaymentApprovalList,
  ZApprovalCount,
  ZPaymentApprovalList,
} from '@settle/shared/payment-approvals';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';
import { approvalKeys } from './approval-keys';

/** GET payment/approvals: pending approvals of the user's customers and those decided lately. */
export function getApprovals(custNo?: string) {
  return apiRequest<TPaymentApprovalList>('/payment/approvals', {
    query: { custNo },
    schema: ZPaymentApprovalList,
  });
}

export function useApprovals(custNo?: string) {
  return useQuery({ queryKey: approvalKeys.list(custNo), queryFn: () => getApprovals(custNo) });
}

/** GET payment/approvals/count: how many the user may decide (the header's badge). */
export function useApprovalCount() {
  return useQuery({
    queryKey: approvalKeys.count,
    queryFn: () => apiRequest<TApprovalCount>('/payment/approvals/count', { schema: ZApprovalCount }),
    refetchInterval: 60_000,
  });
}
