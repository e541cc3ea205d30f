import { type TRegistrationContext, ZRegistrationContext } from '@settle/shared/account-setup';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export interface RegistrationLink {
  companyId: string;
  contactId: string;
}

/** GET {api}/user/registration: the company and contact a registration link names. */
export function getRegistrationContext(
  link: RegistrationLink,
  signal?: AbortSignal,
): Promise<TRegistrationContext> {
  return apiRequest('/user/registration', {
    query: { companyId: link.companyId, contactId: link.contactId },
    schema: ZRegistrationContext,
    signal,
    // Nobody is signed in on this page: a 401 is no session to end.
    sessionAware: false,
  });
}

/** Nothing is asked for a link that lacks a parameter: the page says the link is damaged. */
export function useRegistrationContext(link: RegistrationLink | null) {
  return useQuery({
    queryKey: ['account-setup', 'registration', link?.companyId, link?.contactId],
    queryFn: ({ signal }) => getRegistrationContext(link as RegistrationLink, signal),
    enabled: link !== null,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
}
