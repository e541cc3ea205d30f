import { AccountSetupErrorCode } from '@settle/shared/account-setup';
import { ErrorCode } from '@settle/shared/errors';
import type { TFunction } from 'i18next';
import { ApiError, translateApiError } from '../../../lib/api-error';
import { translateFieldMessage } from './translate-field-message';

/** Answers that say the link itself can no longer work: the page shows the reason instead of its form. */
const DEAD_LINK_CODES = new Set<string>([
  AccountSetupErrorCode.INVALID_LINK,
  AccountSetupErrorCode.LINK_EXPIRED,
  AccountSetupErrorCode.USER_ALREADY_ACTIVE,
  AccountSetupErrorCode.CONTACT_ALREADY_REGISTERED,
]);

export function isDeadLinkError(error: unknown): error is ApiError {
  return error instanceof ApiError && DEAD_LINK_CODES.has(error.code);
}

/**
 * The text of the alert above a form after a failed submit, or null when there is none to
 * show: field problems show under their fields (`shownFieldErrors` of them were placed), and
 * an unreachable or failing server already has the app's notification.
 */
export function submitAlertText(t: TFunction, error: unknown, shownFieldErrors: number): string | null {
  if (!error) return null;
  if (!(error instanceof ApiError)) return t('errors:UNKNOWN');
  if (error.status === 0 || error.status >= 500) return null;
  if (shownFieldErrors > 0) return null;
  // A field the form does not show (a link value): its message, since the code alone says little.
  if (error.code === ErrorCode.VALIDATION_FAILED && error.fieldErrors[0]) {
    return translateFieldMessage(t, error.fieldErrors[0].message) ?? translateApiError(t, error);
  }
  return translateApiError(t, error);
}
