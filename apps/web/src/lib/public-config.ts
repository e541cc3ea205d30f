import type { TPublicConfig } from '@settle/shared/config';

declare global {
  interface Window {
    /** Set by {api}/config.js, loaded by index.html before the app. */
    settleConfig?: TPublicConfig;
  }
}

export const DEFAULT_API_BASE = '/getpaid-rest/api';
export const DEFAULT_APP_NAME = 'Settle';

/** Read at call time: config.js may have been absent (dev without server) or replaced. */
export function getPublicConfig(): Partial<TPublicConfig> {
  return window.settleConfig ?? {};
}

export function getApiBase(): string {
  return getPublicConfig().apiBase || DEFAULT_API_BASE;
}

export function getAppName(): string {
  return getPublicConfig().appHeaderName || DEFAULT_APP_NAME;
}
