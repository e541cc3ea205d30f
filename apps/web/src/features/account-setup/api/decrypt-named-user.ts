import { ZDecryptResponse } from '@settle/shared/account-setup';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

/** GET {api}/trUtils/decrypt/{encrypt}: the login name an emailed link's namedUser carries. */
export async function decryptNamedUser(namedUser: string, signal?: AbortSignal): Promise<string> {
  const answer = await apiRequest(`/trUtils/decrypt/${encodeURIComponent(namedUser)}`, {
    schema: ZDecryptResponse,
    signal,
    sessionAware: false,
  });
  return answer.value;
}

export function useNamedUser(namedUser: string | null) {
  return useQuery({
    queryKey: ['account-setup', 'named-user', namedUser],
    queryFn: ({ signal }) => decryptNamedUser(namedUser as string, signal),
    enabled: namedUser !== null,
    staleTime: Number.POSITIVE_INFINITY,
    refetchOnWindowFocus: false,
  });
}
