import { queryOptions, useQuery } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '../../../lib/api-client';
import { getPublicConfig } from '../../../lib/public-config';

/** 1 is the privacy policy, 2 the terms of use (the spec's type values). */
export type TLegalTemplateType = 1 | 2;

const ZTemplateResponse = z.object({ value: z.string() });

export async function getPrivacyTemplate(
  options: { type: TLegalTemplateType; language: string },
  signal?: AbortSignal,
): Promise<string> {
  const response = await apiRequest('/auth/privacyTemplate', {
    query: {
      type: String(options.type),
      userBrowserPreferedLanguage: options.language,
      solutionInstanceGuid: getPublicConfig().solutionInstanceGuid,
    },
    schema: ZTemplateResponse,
    sessionAware: false,
    signal,
  });
  return response.value;
}

export function privacyTemplateQuery(options: { type: TLegalTemplateType; language: string }) {
  return queryOptions({
    queryKey: ['auth', 'privacyTemplate', options.type, options.language],
    queryFn: ({ signal }) => getPrivacyTemplate(options, signal),
    // Legal texts change rarely; no need to ask again while the login page stays open.
    staleTime: 30 * 60 * 1000,
  });
}

export function usePrivacyTemplate(options: { type: TLegalTemplateType; language: string }) {
  return useQuery(privacyTemplateQuery(options));
}
