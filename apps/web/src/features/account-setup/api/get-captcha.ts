import { CAPTCHA_ID_HEADER } from '@settle/shared/account-setup';
import { useQuery } from '@tanstack/react-query';
import { ApiError, ClientErrorCode } from '../../../lib/api-error';
import { getApiBase } from '../../../lib/public-config';

/** The picture, or its audio alternative for people who cannot see it (numbers as beeps). */
export type CaptchaKind = 'picture' | 'audio';

export interface CaptchaPicture {
  /** Sent back with the answer: the server knows which challenge was given. */
  id: string;
  kind: CaptchaKind;
  /** The SVG picture or the WAV sound; the page plays it through an object URL. */
  media: Blob;
}

const CAPTCHA_PATHS: Record<CaptchaKind, string> = {
  picture: '/resource/captcha',
  audio: '/resource/captcha/audio',
};

/**
 * GET {api}/resource/captcha (an SVG) or /resource/captcha/audio (a WAV), the id in a response
 * header. Not JSON, so not through apiRequest; a failure still becomes an ApiError the page can show.
 */
export async function getCaptcha(kind: CaptchaKind, signal?: AbortSignal): Promise<CaptchaPicture> {
  let response: Response;
  try {
    response = await fetch(`${getApiBase()}${CAPTCHA_PATHS[kind]}`, {
      headers: { Accept: kind === 'audio' ? 'audio/wav' : 'image/svg+xml' },
      credentials: 'same-origin',
      cache: 'no-store',
      signal,
    });
  } catch (error) {
    if (signal?.aborted) throw error;
    throw new ApiError({
      status: 0,
      code: ClientErrorCode.NETWORK,
      message: 'The server is not responding.',
    });
  }
  const id = response.headers.get(CAPTCHA_ID_HEADER);
  if (!response.ok || !id) {
    throw new ApiError({
      status: response.status,
      code: response.status >= 500 ? ClientErrorCode.SERVER_ERROR : ClientErrorCode.BAD_RESPONSE,
      message: `The captcha picture could not be loaded (HTTP ${response.status}).`,
    });
  }
  return { id, kind, media: await response.blob() };
}

const CAPTCHA_QUERY_KEY = ['account-setup', 'captcha'] as const;

/**
 * One picture until the user asks for another or the server refuses the answer: a picture
 * that changed on its own (window focus, staleness) would invalidate what the user typed.
 */
export function useCaptcha(kind: CaptchaKind = 'picture') {
  return useQuery({
    queryKey: [...CAPTCHA_QUERY_KEY, kind],
    queryFn: ({ signal }) => getCaptcha(kind, signal),
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
  });
}
