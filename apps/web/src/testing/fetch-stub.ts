import { vi } from 'vitest';
import { DEFAULT_API_BASE } from '../lib/public-config';

export interface RecordedCall {
  method: string;
  /** The path under the API base, without the query string. */
  path: string;
  query: URLSearchParams;
  headers: Headers;
  body: unknown;
  credentials: RequestCredentials | undefined;
}

export interface StubReply {
  status?: number;
  body?: unknown;
}

export type StubRoute = {
  method: string;
  path: string;
  reply: StubReply | ((call: RecordedCall) => StubReply | Promise<StubReply>);
};

/**
 * Replaces fetch with a tiny fake API: the only stub our tests use. Unknown calls answer
 * 404 in the API's error shape, so a test notices a call it did not expect.
 */
export function stubApi(routes: StubRoute[]): RecordedCall[] {
  const calls: RecordedCall[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const url = new URL(String(input), 'http://localhost');
    const call: RecordedCall = {
      method: init.method ?? 'GET',
      path: url.pathname.replace(DEFAULT_API_BASE, ''),
      query: url.searchParams,
      headers: new Headers(init.headers),
      body: typeof init.body === 'string' ? JSON.parse(init.body) : undefined,
      credentials: init.credentials,
    };
    calls.push(call);
    const route = routes.find(
      (candidate) => candidate.method === call.method && candidate.path === call.path,
    );
    const reply = route
      ? typeof route.reply === 'function'
        ? await route.reply(call)
        : route.reply
      : { status: 404, body: { statusCode: 404, code: 'NOT_FOUND', message: `No stub for ${call.path}` } };
    return new Response(reply.body === undefined ? null : JSON.stringify(reply.body), {
      status: reply.status ?? 200,
      headers: { 'content-type': 'application/json' },
    });
  });
  vi.stubGlobal('fetch', fetchStub);
  return calls;
}

/** A fetch that cannot reach the server, as when the network is down. */
export function stubUnreachableApi(): void {
  vi.stubGlobal(
    'fetch',
    vi.fn(async () => {
      throw new TypeError('Failed to fetch');
    }),
  );
}

export function errorBody(statusCode: number, code: string, message: string, extra: object = {}) {
  return { statusCode, code, message, ...extra };
}
