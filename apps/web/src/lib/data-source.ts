import { type TDataSourcePage, ZDataSourcePage } from '@settle/shared/data-sources';
import { keepPreviousData, useInfiniteQuery } from '@tanstack/react-query';
import { apiRequest } from './api-client';
import { ApiError, ClientErrorCode } from './api-error';
import { getApiBase, getPublicConfig } from './public-config';

/** Where the customer multi-select source is (config.js names it; the API's own path otherwise). */
export function customerSourceUrl(): string {
  return getPublicConfig().dataSources?.customer ?? `${getApiBase()}/data/customers`;
}

/**
 * One page of a multi-select source. Ours (under the API base) goes through the API client, with
 * its session and error handling; a tenant's team or portfolio source elsewhere is read by a
 * plain GET without our cookies, since it is not our server.
 */
export async function fetchSourcePage(
  source: string,
  query: { startsWith: string; page: number; pageSize: number },
  signal?: AbortSignal,
): Promise<TDataSourcePage> {
  const params = {
    startsWith: query.startsWith,
    page: String(query.page),
    pageSize: String(query.pageSize),
  };
  const apiBase = getApiBase();
  if (source.startsWith(`${apiBase}/`)) {
    return apiRequest(source.slice(apiBase.length), { query: params, schema: ZDataSourcePage, signal });
  }
  const url = new URL(source, window.location.href);
  for (const [key, value] of Object.entries(params)) url.searchParams.set(key, value);
  const response = await fetch(url, { headers: { Accept: 'application/json' }, credentials: 'omit', signal });
  const parsed = ZDataSourcePage.safeParse(response.ok ? await response.json() : undefined);
  if (!parsed.success) {
    throw new ApiError({
      status: response.status,
      code: ClientErrorCode.BAD_RESPONSE,
      message: `The source ${url.origin}${url.pathname} did not answer a page of choices.`,
    });
  }
  return parsed.data;
}

/** The choices starting with what was typed, a page at a time (fetchNextPage for the next). */
export function useDataSource(source: string, startsWith: string, pageSize = 20, enabled = true) {
  return useInfiniteQuery({
    enabled,
    queryKey: ['data-source', source, startsWith, pageSize],
    queryFn: ({ pageParam, signal }) =>
      fetchSourcePage(source, { startsWith, page: pageParam, pageSize }, signal),
    initialPageParam: 1,
    // The previous answer stays on screen while the next prefix is asked, instead of an empty list.
    placeholderData: keepPreviousData,
    getNextPageParam: (last) => (last.page * last.pageSize < last.total ? last.page + 1 : undefined),
  });
}
