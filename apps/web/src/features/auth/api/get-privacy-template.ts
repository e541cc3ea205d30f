import { apiRequest } from '../../../lib/api-client';
import { getPublicConfig } from '../../../lib/public-config';

/** 1 is the privacy policy, 2 the terms of use (the spec's type values). */
export type TLegalTemplateType = 1 | 2;

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
    // { value } without zod: the login page loads before it.
    parse: (payload) => {
      const value = (payload as { value?: unknown } | null)?.value;
      return typeof value === 'string' ? { value } : null;
    },
    sessionAware: false,
    // A missing legal text hides its link; it is no failure to tell anyone about.
    showsOwnFailure: true,
    signal,
  });
  return response.value;
}
