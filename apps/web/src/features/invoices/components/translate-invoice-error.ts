import { REFUSAL_MESSAGES, type RefusalReason } from '@settle/shared/rules/invoices';
import type { TFunction } from 'i18next';
import { ApiError, translateApiError } from '../../../lib/api-error';

/** The refusal code of an English catalogue message, to show it in the user's language. */
function refusalOf(message: string | undefined): RefusalReason | undefined {
  return (Object.keys(REFUSAL_MESSAGES) as RefusalReason[]).find(
    (code) => REFUSAL_MESSAGES[code] === message,
  );
}

/**
 * Promise, export and grid errors by code when this feature has a key for it
 * (`invoices:errors.<CODE>`, the server's args as {{0}}, {{1}}); otherwise the app's
 * generic translation with the server's own message as the fallback.
 */
export function translateInvoiceError(t: TFunction, error: unknown): string {
  if (!(error instanceof ApiError) || error.status === 0 || error.status >= 500) {
    return translateApiError(t, error);
  }
  const args: Record<string, string> = Object.fromEntries(
    error.args.map((value, index) => [String(index), value]),
  );
  if (error.code === 'PROMISE_FAILED' || error.code === 'PROMISE_REMOVE_FAILED') {
    const reason = refusalOf(error.args[1]);
    if (reason) args['1'] = t(`invoices:refusal.${reason}`);
  }
  const key = `invoices:errors.${error.code}`;
  if (
    error.args.length === 0 &&
    (error.code === 'PROMISE_FAILED' || error.code === 'PROMISE_REMOVE_FAILED')
  ) {
    return error.message;
  }
  return t(key, { ...args, defaultValue: translateApiError(t, error) });
}
