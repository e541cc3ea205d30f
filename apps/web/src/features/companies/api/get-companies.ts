import { type TCompany, ZCompanyList } from '@settle/shared/companies';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export const companiesKey = ['companies'] as const;

export function getCompanies(signal?: AbortSignal): Promise<TCompany[]> {
  return apiRequest('/companies', { schema: ZCompanyList, signal, showsOwnFailure: true });
}

/** Fetched when the switcher opens; a switch invalidates every query, this one included. */
export function useCompanies(enabled: boolean) {
  return useQuery({ queryKey: companiesKey, queryFn: ({ signal }) => getCompanies(signal), enabled });
}
