import { PAYMENT_WINDOW_DEFAULT_HEIGHT, PAYMENT_WINDOW_WIDTH_MARGIN } from '@settle/shared/payments';

/** One name for the provider's window: a second start reuses it rather than stacking windows. */
export const PAYMENT_WINDOW_NAME = 'settle-secure-checkout';

/** The provider's size when it gives one, else the spec's default: screen width minus 300 by 900. */
export function paymentWindowSize(
  provider: { width: number | null; height: number | null },
  screenWidth: number,
): { width: number; height: number } {
  return {
    width: provider.width ?? Math.max(320, screenWidth - PAYMENT_WINDOW_WIDTH_MARGIN),
    height: provider.height ?? PAYMENT_WINDOW_DEFAULT_HEIGHT,
  };
}

/**
 * Opens the named window empty, synchronously inside the user's click (so no popup blocker
 * stops it); the provider's page is loaded into it once the server has answered.
 */
export function openPaymentWindow(size: { width: number; height: number }): Window | null {
  const features = `popup=yes,width=${size.width},height=${size.height},resizable=yes,scrollbars=yes`;
  return window.open('about:blank', PAYMENT_WINDOW_NAME, features);
}

/** serviceMethod GET: the window goes to serviceURL; POST: a form with templateProperties targets it. */
export function loadProviderPage(
  target: Window,
  page: {
    serviceURL: string;
    serviceMethod: string | null;
    templateProperties: Record<string, string> | null;
  },
): void {
  if ((page.serviceMethod ?? 'GET').toUpperCase() !== 'POST') {
    target.location.href = page.serviceURL;
    return;
  }
  const form = document.createElement('form');
  form.method = 'POST';
  form.action = page.serviceURL;
  form.target = PAYMENT_WINDOW_NAME;
  form.hidden = true;
  for (const [name, value] of Object.entries(page.templateProperties ?? {})) {
    const input = document.createElement('input');
    input.type = 'hidden';
    input.name = name;
    input.value = value;
    form.append(input);
  }
  document.body.append(form);
  form.submit();
  form.remove();
}
