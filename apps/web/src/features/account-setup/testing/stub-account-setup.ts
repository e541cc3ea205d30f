import { CAPTCHA_ID_HEADER } from '@settle/shared/account-setup';
import { vi } from 'vitest';
import { type RecordedCall, type StubRoute, stubApi } from '../../../testing/fetch-stub';

export const CAPTCHA_PATH = '/resource/captcha';

export interface AccountSetupStub {
  /** Every API call, the captcha pictures included. */
  calls: RecordedCall[];
  /** The ids of the pictures served so far, in order. */
  captchaIds: string[];
}

/**
 * The shared stubApi for the JSON calls, plus the captcha picture: an SVG body with its id
 * in a header (stubApi answers JSON only). Each picture gets the next id, captcha-1, -2...
 * jsdom has no object URLs: each blob gets blob:captcha-<n>, so a test sees the picture change.
 */
export function stubAccountSetupApi(routes: StubRoute[]): AccountSetupStub {
  const calls = stubApi(routes);
  const jsonFetch = globalThis.fetch;
  const captchaIds: string[] = [];
  vi.stubGlobal(
    'fetch',
    vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
      const url = new URL(String(input), 'http://localhost');
      if (!url.pathname.endsWith(CAPTCHA_PATH)) return jsonFetch(input, init);
      const id = `captcha-${captchaIds.length + 1}`;
      captchaIds.push(id);
      calls.push({
        method: init.method ?? 'GET',
        path: CAPTCHA_PATH,
        query: url.searchParams,
        headers: new Headers(init.headers),
        body: undefined,
        credentials: init.credentials,
      });
      return new Response(`<svg xmlns="http://www.w3.org/2000/svg"><text>${id}</text></svg>`, {
        status: 200,
        headers: { 'content-type': 'image/svg+xml', [CAPTCHA_ID_HEADER]: id },
      });
    }),
  );
  let objectUrls = 0;
  URL.createObjectURL = vi.fn(() => {
    objectUrls += 1;
    return `blob:captcha-${objectUrls}`;
  });
  URL.revokeObjectURL = vi.fn();
  return { calls, captchaIds };
}
