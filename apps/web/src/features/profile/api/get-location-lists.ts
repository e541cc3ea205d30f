import { ZLocaleList, ZTimeZoneList } from '@settle/shared/user-profile';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET {api}/location/locales: the formats a user may choose. */
export function useLocales() {
  return useQuery({
    queryKey: ['location', 'locales'],
    queryFn: ({ signal }) => apiRequest('/location/locales', { schema: ZLocaleList, signal }),
    staleTime: Infinity,
  });
}

/** GET {api}/location/timeZones: the IANA zones the server knows. */
export function useTimeZones() {
  return useQuery({
    queryKey: ['location', 'timeZones'],
    queryFn: ({ signal }) => apiRequest('/location/timeZones', { schema: ZTimeZoneList, signal }),
    staleTime: Infinity,
  });
}
