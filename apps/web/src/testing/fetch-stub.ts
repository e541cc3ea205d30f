import { vi } from 'vitest';
import { getApiBase } from '../lib/public-config';
import { approvalRoutes } from './common-routes';

export interface RecordedCall {
  method: string;
  /** The path under the API base, without the query string. */
  path: string;
  /** The whole address, API base included. */
  url: URL;
  query: URLSearchParams;
  headers: Headers;
  /** A JSON body parsed; any other body as sent. */
  body: unknown;
  credentials: RequestCredentials | undefined;
}

/** A JSON answer. */
export interface StubReply {
  status?: number;
  body?: unknown;
  headers?: Record<string, string>;
}

/** A JSON answer, or a Response as it is for binary bodies and headers (documents, exports, pictures). */
export type StubAnswer = StubReply | Response;

export type StubRoute = {
  method: string;
  path: string;
  /** A function may throw: fetch then rejects with what it threw, as when the network is down. */
  reply: StubAnswer | ((call: RecordedCall) => StubAnswer | Promise<StubAnswer>);
};

/** Calls no route answered, since the last check (setup.ts checks after every test). */
const unexpectedCalls: RecordedCall[] = [];

/**
 * Replaces fetch with a fake API: the only fetch stub the web tests use. Every call is
 * recorded in the array returned. A call that no route answers (method and path) is an
 * unexpected call: fetch rejects, and the test fails after it ends (setup.ts), even when the
 * code under test swallowed the error.
 */
export function stubApi(routes: StubRoute[]): RecordedCall[] {
  const calls: RecordedCall[] = [];
  const fetchStub = vi.fn(async (input: RequestInfo | URL, init: RequestInit = {}) => {
    const call = recordCall(input, init);
    calls.push(call);
    const route = [...routes, ...approvalRoutes].find(
      (candidate) => candidate.method === call.method && candidate.path === call.path,
    );
    if (!route) {
      unexpectedCalls.push(call);
      throw new Error(`Unexpected API call ${describeCall(call)}: no stub for it in this test`);
    }
    if (typeof route.reply === 'function') return toResponse(await route.reply(call));
    // A Response body can be read once: a route that answers the same Response again gives copies.
    return toResponse(route.reply instanceof Response ? route.reply.clone() : route.reply);
  });
  vi.stubGlobal('fetch', fetchStub);
  return calls;
}

/** A route's reply for a server that cannot be reached: fetch rejects as browsers do. */
export function networkDown(): never {
  throw new TypeError('Failed to fetch');
}

export function errorBody(statusCode: number, code: string, message: string, extra: object = {}) {
  return { statusCode, code, message, ...extra };
}

/** The unexpected calls since the last time, emptied; setup.ts fails the test if there were any. */
export function takeUnexpectedCalls(): string[] {
  return unexpectedCalls.splice(0).map(describeCall);
}

function recordCall(input: RequestInfo | URL, init: RequestInit): RecordedCall {
  const url = new URL(String(input), 'http://localhost');
  const base = getApiBase();
  return {
    method: init.method ?? 'GET',
    path: url.pathname.startsWith(base) ? url.pathname.slice(base.length) : url.pathname,
    url,
    query: url.searchParams,
    headers: new Headers(init.headers),
    body: typeof init.body === 'string' ? parseBody(init.body) : init.body,
    credentials: init.credentials,
  };
}

function parseBody(body: string): unknown {
  try {
    return JSON.parse(body);
  } catch {
    return body;
  }
}

function toResponse(answer: StubAnswer): Response {
  if (answer instanceof Response) return answer;
  return new Response(answer.body === undefined ? null : JSON.stringify(answer.body), {
    status: answer.status ?? 200,
    headers: { 'content-type': 'application/json', ...answer.headers },
  });
}

function describeCall(call: RecordedCall): string {
  return `${call.method} ${call.path}${call.url.search}`;
}
