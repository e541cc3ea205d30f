import { type TCustomer, ZAssociationAccounts } from '@settle/shared/accounts';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const associationAccountsKey = ['accounts', 'associationAccounts'] as const;

export function getAssociationAccounts(signal?: AbortSignal): Promise<TCustomer[]> {
  return apiRequest('/invoices/associationAccounts', { schema: ZAssociationAccounts, signal });
}

export function useAssociationAccounts() {
  return useQuery({
    queryKey: associationAccountsKey,
    queryFn: ({ signal }) => getAssociationAccounts(signal),
  });
}
