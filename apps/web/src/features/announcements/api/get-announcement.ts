import { type TAnnouncement, ZAnnouncement } from '@settle/shared/announcements';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export function getAnnouncement(signal?: AbortSignal): Promise<TAnnouncement> {
  // A missing announcement is no reason to alarm anyone: the ticker just stays hidden.
  return apiRequest('/annoucment/customerPortalAnnouncement', {
    schema: ZAnnouncement,
    signal,
    showsOwnFailure: true,
  });
}

/** The tenant's announcement; looked at again every 5 minutes, as an operator may change it any time. */
export function useAnnouncement() {
  return useQuery({
    queryKey: ['announcement'],
    queryFn: ({ signal }) => getAnnouncement(signal),
    refetchInterval: 5 * 60_000,
    staleTime: 60_000,
  });
}
