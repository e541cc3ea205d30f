import type { TPublicConfig } from '@settle/shared/config';
import { afterEach, describe, expect, it } from 'vitest';
import { stubApi } from '../testing/fetch-stub';
import { setXsrfCookie } from '../testing/xsrf-cookie';
import { apiRequest } from './api-client';

afterEach(() => {
  window.settleConfig = undefined;
});

const configured = (methodOverride: boolean) => {
  window.settleConfig = { apiBase: '/getpaid-rest/api', methodOverride } as TPublicConfig;
};

describe('apiRequest with the methodOverride setting', () => {
  it('sends PUT, PATCH and DELETE as POST with X-HTTP-Method-Override and the XSRF token', async () => {
    configured(true);
    setXsrfCookie('token-1');
    const calls = stubApi([{ method: 'POST', path: '/thing', reply: { body: { ok: true } } }]);
    for (const method of ['PUT', 'PATCH', 'DELETE'] as const) {
      expect(await apiRequest('/thing', { method, body: { a: 1 } })).toEqual({ ok: true });
    }
    expect(calls.map((call) => [call.method, call.headers.get('X-HTTP-Method-Override')])).toEqual([
      ['POST', 'PUT'],
      ['POST', 'PATCH'],
      ['POST', 'DELETE'],
    ]);
    expect(calls.every((call) => call.headers.get('X-XSRF-TOKEN') === 'token-1')).toBe(true);
    expect(calls[0]?.body).toEqual({ a: 1 });
  });

  it('leaves GET and POST alone, and every method alone when the setting is off', async () => {
    const calls = stubApi([
      { method: 'GET', path: '/thing', reply: { body: {} } },
      { method: 'POST', path: '/thing', reply: { body: {} } },
      { method: 'DELETE', path: '/thing', reply: { body: {} } },
    ]);
    configured(true);
    await apiRequest('/thing');
    await apiRequest('/thing', { method: 'POST' });
    configured(false);
    await apiRequest('/thing', { method: 'DELETE' });
    expect(calls.map((call) => [call.method, call.headers.get('X-HTTP-Method-Override')])).toEqual([
      ['GET', null],
      ['POST', null],
      ['DELETE', null],
    ]);
  });
});
