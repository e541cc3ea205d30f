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
 * The captcha picture: an SVG body with its id in a header. Each picture gets the next id,
 * captcha-1, -2... and its id is pushed onto `captchaIds`.
 */
export function captchaRoute(captchaIds: string[]): StubRoute {
  return {
    method: 'GET',
    path: CAPTCHA_PATH,
    reply: () => {
      const id = `captcha-${captchaIds.length + 1}`;
      captchaIds.push(id);
      return new Response(`<svg xmlns="http://www.w3.org/2000/svg"><text>${id}</text></svg>`, {
        status: 200,
        headers: { 'content-type': 'image/svg+xml', [CAPTCHA_ID_HEADER]: id },
      });
    },
  };
}

/**
 * stubApi with the routes given and the captcha picture. jsdom has no object URLs: each blob
 * gets blob:captcha-<n>, so a test sees the picture change.
 */
export function stubAccountSetupApi(routes: StubRoute[]): AccountSetupStub {
  const captchaIds: string[] = [];
  const calls = stubApi([...routes, captchaRoute(captchaIds)]);
  let objectUrls = 0;
  URL.createObjectURL = vi.fn(() => {
    objectUrls += 1;
    return `blob:captcha-${objectUrls}`;
  });
  URL.revokeObjectURL = vi.fn();
  return { calls, captchaIds };
}
