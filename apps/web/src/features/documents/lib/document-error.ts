import { ErrorCode } from '@settle/shared/errors';
import type { TFunction } from 'i18next';
import { ApiError } from '../../../lib/api-error';
import { storeLogoutReason } from '../../../lib/logout-reason';
import { clearUserData } from '../../../lib/user-storage';

/**
 * The spec's "invoice document message header": the key is translated (fallback 'Unknown
 * Error') and filled with up to two of the comma-separated args, as {0} and {1}. Keys of the
 * documents namespace come first, then the app's error catalogue (a validation failure, a
 * rate limit...), then 'Unknown Error'.
 */
export function documentErrorText(t: TFunction, error: unknown): string {
  if (!(error instanceof ApiError)) return t('documents:errors.UNKNOWN');
  if (error.status === 0) return t('errors:NETWORK');
  // The spec's text for any status 500.
  if (error.status >= 500) return t('errors:SERVER_ERROR', { status: error.status });
  const [first = '', second = ''] = error.args;
  return t([`documents:errors.${error.code}`, `errors:${error.code}`, 'documents:errors.UNKNOWN'], {
    0: first,
    1: second,
  });
}

const SESSION_REASONS = new Set<string>([
  ErrorCode.SESSION_EXPIRED,
  ErrorCode.MGMT_SHUTDOWN,
  ErrorCode.HOST_HEADER_MODIFIED,
  ErrorCode.UNAUTHENTICATED,
]);

/**
 * The document is binary, so it is not fetched through apiRequest, and the app's session
 * handling does not see its 401 or 415. This does what that handler does (store the reason,
 * clear the user data: the sign-in guard then shows /login with the reason). Returns true
 * when the session has ended, in which case the viewer stays quiet, as every screen does.
 */
export function endSessionIfRefused(error: unknown): boolean {
  if (!(error instanceof ApiError)) return false;
  if (error.status === 401) {
    storeLogoutReason(SESSION_REASONS.has(error.code) ? error.code : ErrorCode.UNAUTHENTICATED);
  } else if (error.status === 415 && error.code !== ErrorCode.UNSUPPORTED_MEDIA_TYPE) {
    storeLogoutReason(ErrorCode.USER_INACTIVE);
  } else {
    return false;
  }
  clearUserData();
  return true;
}
