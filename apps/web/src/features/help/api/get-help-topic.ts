import { type THelpLanguage, type THelpTopicResponse, ZHelpTopicResponse } from '@settle/shared/help';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '../../../lib/api-client';

export type HelpTopicRequest = { topic: string; language: THelpLanguage };

/**
 * GET {api}/help/{topic}: fetched with the session cookie like any call. Not session-aware: a
 * 401 here is the help window's own answer ("sign in to read this"), and must not sign the
 * portal out from the help window.
 */
export function getHelpTopic(request: HelpTopicRequest, signal?: AbortSignal): Promise<THelpTopicResponse> {
  return apiRequest(`/help/${encodeURIComponent(request.topic)}`, {
    query: { language: request.language },
    schema: ZHelpTopicResponse,
    sessionAware: false,
    signal,
  });
}

export function helpTopicQuery(request: HelpTopicRequest) {
  return queryOptions({
    queryKey: ['help', request.topic, request.language],
    queryFn: ({ signal }) => getHelpTopic(request, signal),
    // Help text changes with a release, not while someone reads it.
    staleTime: 60 * 60 * 1000,
  });
}

export function useHelpTopic(request: HelpTopicRequest) {
  return useQuery(helpTopicQuery(request));
}
