import { DISPUTE_MESSAGES } from '@settle/shared/disputes';
import type { TFunction } from 'i18next';
import { ApiError, translateApiError } from '../../../lib/api-error';
import { matchCatalogueMessage } from '../../../lib/catalogue-message';

/**
 * A refused dispute call: the server sends the catalogue's English message, shown in the
 * user's language when it is one of DISPUTE_MESSAGES; otherwise the app's generic translation.
 */
export function translateDisputeError(t: TFunction, error: unknown): string {
  if (error instanceof ApiError && error.status > 0 && error.status < 500) {
    const found = matchCatalogueMessage(DISPUTE_MESSAGES, error.message);
    if (found) return t(`disputes:messages.${found.key}`, { ...found.args, defaultValue: error.message });
  }
  return translateApiError(t, error);
}
