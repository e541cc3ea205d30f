import { describe, expect, it } from 'vitest';
import { networkDown, stubApi } from '../testing/fetch-stub';
import { setXsrfCookie } from '../testing/xsrf-cookie';
import { type ApiFailureEvent, apiRequest, subscribeApiFailures } from './api-client';
import { ApiError } from './api-error';

function recordFailures() {
  const events: ApiFailureEvent[] = [];
  const unsubscribe = subscribeApiFailures((event) => events.push(event));
  return { events, unsubscribe };
}

describe('apiRequest', () => {
  it('sends the XSRF header on writes only, and uses the configured API base', async () => {
    window.settleConfig = { apiBase: '/getpaid-rest/api' } as typeof window.settleConfig;
    setXsrfCookie('abc=1');
    const calls = stubApi([
      { method: 'GET', path: '/thing', reply: { body: { ok: true } } },
      { method: 'POST', path: '/thing', reply: { body: { ok: true } } },
    ]);
    await apiRequest('/thing');
    await apiRequest('/thing', { method: 'POST', body: { a: 1 } });
    expect(calls[0]?.headers.get('X-XSRF-TOKEN')).toBeNull();
    expect(calls[1]?.headers.get('X-XSRF-TOKEN')).toBe('abc=1');
    expect(calls[1]?.headers.get('Content-Type')).toBe('application/json');
  });

  it('turns a network failure into status 0 and reports it', async () => {
    stubApi([{ method: 'GET', path: '/thing', reply: networkDown }]);
    const { events, unsubscribe } = recordFailures();
    const error = await apiRequest('/thing').catch((caught: unknown) => caught);
    unsubscribe();
    expect(error).toBeInstanceOf(ApiError);
    expect((error as ApiError).status).toBe(0);
    expect(events).toEqual([{ kind: 'network' }]);
  });

  it('reports an ended session for a data call but not for a call whose 401 is an answer', async () => {
    stubApi([
      {
        method: 'GET',
        path: '/data',
        reply: { status: 401, body: { statusCode: 401, code: 'MGMT_SHUTDOWN', message: 'x' } },
      },
    ]);
    const { events, unsubscribe } = recordFailures();
    await apiRequest('/data').catch(() => undefined);
    await apiRequest('/data', { sessionAware: false }).catch(() => undefined);
    unsubscribe();
    expect(events).toEqual([{ kind: 'session-ended', reason: 'MGMT_SHUTDOWN' }]);
  });

  it('does not sign anyone out for a media-type refusal', async () => {
    stubApi([
      {
        method: 'POST',
        path: '/upload',
        reply: { status: 415, body: { statusCode: 415, code: 'UNSUPPORTED_MEDIA_TYPE', message: 'x' } },
      },
    ]);
    const { events, unsubscribe } = recordFailures();
    await apiRequest('/upload', { method: 'POST' }).catch(() => undefined);
    unsubscribe();
    expect(events).toEqual([]);
  });
});
