import { PAYMENT_MESSAGES } from '@settle/shared/payments';
import type { TFunction } from 'i18next';
import { ApiError, translateApiError } from '../../../lib/api-error';

const MESSAGE_KEYS = new Map<string, string>(
  Object.entries(PAYMENT_MESSAGES).map(([key, message]) => [message, key]),
);

/**
 * A payment call's failure in the user's language. The contract's messages (PAYMENT_MESSAGES)
 * are recognised by their English text whatever code the server gives them; a server failure
 * or an unreachable server is the spec's secure-checkout failure message.
 */
export function translatePaymentError(t: TFunction, error: unknown): string {
  if (error instanceof ApiError) {
    if (error.status === 0 || error.status >= 500) return t('payments:outcome.checkoutFailed');
    const key = MESSAGE_KEYS.get(error.message);
    if (key) {
      const args = Object.fromEntries(error.args.map((value, index) => [String(index), value]));
      return t(`payments:messages.${key}`, args);
    }
  }
  return translateApiError(t, error);
}

/** Every message a refused e-check carries: the field messages, else the error's own. */
export function paymentErrorList(t: TFunction, error: unknown): string[] {
  if (error instanceof ApiError && error.fieldErrors.length > 0) {
    return error.fieldErrors.map((fieldError) => {
      const key = MESSAGE_KEYS.get(fieldError.message);
      return key ? t(`payments:messages.${key}`) : fieldError.message;
    });
  }
  return [translatePaymentError(t, error)];
}
