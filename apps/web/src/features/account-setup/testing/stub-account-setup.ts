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

/** The captcha's audio alternative: a WAV body, ids audio-1, audio-2... pushed onto `captchaIds` too. */
export function audioCaptchaRoute(captchaIds: string[]): StubRoute {
  let served = 0;
  return {
    method: 'GET',
    path: `${CAPTCHA_PATH}/audio`,
    reply: () => {
      served += 1;
      const id = `audio-${served}`;
      captchaIds.push(id);
      return new Response(new Uint8Array([82, 73, 70, 70]), {
        status: 200,
        headers: { 'content-type': 'audio/wav', [CAPTCHA_ID_HEADER]: id },
      });
    },
  };
}

/**
 * stubApi with the routes given and the captcha picture and sound. jsdom has no object URLs: each blob
 * gets blob:captcha-<n>, so a test sees the picture change.
 */
export function stubAccountSetupApi(routes: StubRoute[]): AccountSetupStub {
  const captchaIds: string[] = [];
  const calls = stubApi([...routes, captchaRoute(captchaIds), audioCaptchaRoute(captchaIds)]);
  let objectUrls = 0;
  URL.createObjectURL = vi.fn(() => {
    objectUrls += 1;
    return `blob:captcha-${objectUrls}`;
  });
  URL.revokeObjectURL = vi.fn();
  return { calls, captchaIds };
}
