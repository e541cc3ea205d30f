import {
  isSsoErrorCode,
  SsoErrorCode,
  type TSsoErrorCode,
  type TSsoLoginRequest,
  ZSsoLoginRequest,
} from '@settle/shared/sso';

/** What the SSO screen was opened with: the provider's answer, or a failure to show. */
export type TSsoCallback =
  | { kind: 'answer'; request: TSsoLoginRequest }
  | { kind: 'failed'; code: TSsoErrorCode; detail?: string };

/** The provider's error_description is its own text: shown as a detail, never too long. */
const MAX_DETAIL = 300;

/**
 * Reads the SSO screen's query. The provider answers code, state (and iss), or error and
 * error_description (RFC 6749 §4.1.2.1); the portal's own start call sends error=<its code>.
 */
export function readSsoCallback(query: URLSearchParams): TSsoCallback {
  const error = query.get('error');
  if (error !== null) {
    if (isSsoErrorCode(error)) return { kind: 'failed', code: error };
    const detail = (query.get('error_description') || error).slice(0, MAX_DETAIL);
    return { kind: 'failed', code: SsoErrorCode.SSO_FAILED, detail };
  }
  const request = ZSsoLoginRequest.safeParse({
    code: query.get('code') ?? '',
    state: query.get('state') ?? '',
    iss: query.get('iss') ?? undefined,
  });
  return request.success
    ? { kind: 'answer', request: request.data }
    : { kind: 'failed', code: SsoErrorCode.SSO_FAILED };
}
