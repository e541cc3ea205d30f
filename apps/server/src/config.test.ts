import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

describe('loadConfig', () => {
  it('has working defaults: port 3000, ./data, the spec REST base, embedded database', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      dataDir: path.resolve('./data'),
      databaseUrl: undefined,
      apiBase: '/getpaid-rest/api',
      session: { idleMinutes: 30, absoluteHours: 12, cookieSecure: false },
      viewer: { startZoom: 1, mode: 'pdf' },
      searchApplyImmediate: 'true',
    });
  });

  it('reads PORT, DATA_DIR, DATABASE_URL and the base, treating empty values as unset', () => {
    const config = loadConfig({
      PORT: '8080',
      DATA_DIR: '/tmp/settle',
      DATABASE_URL: 'postgres://u@h/db',
      API_BASE: '/api',
      LOG_LEVEL: '',
    });
    expect(config).toMatchObject({
      port: 8080,
      dataDir: '/tmp/settle',
      databaseUrl: 'postgres://u@h/db',
      apiBase: '/api',
      logLevel: 'info',
    });
  });

  it('sets the NACHA origin and bank, refusing a malformed routing number or ODFI', () => {
    expect(loadConfig({}).nacha).toMatchObject({ immediateDestination: '091000019', odfi: '09100001' });
    expect(
      loadConfig({
        NACHA_IMMEDIATE_DESTINATION: '021000021',
        NACHA_ODFI: '02100002',
        NACHA_COMPANY_NAME: 'ACME AR',
      }).nacha,
    ).toMatchObject({ immediateDestination: '021000021', odfi: '02100002', companyName: 'ACME AR' });
    expect(() => loadConfig({ NACHA_IMMEDIATE_DESTINATION: '12345' })).toThrow(
      'NACHA_IMMEDIATE_DESTINATION: must be the 9-digit routing number of the bank',
    );
    expect(() => loadConfig({ NACHA_ODFI: '021000021' })).toThrow('NACHA_ODFI: must be the first 8 digits');
  });

  it('makes cookies Secure when the public origin is https', () => {
    expect(loadConfig({ PUBLIC_ORIGIN: 'https://portal.example.com' }).session.cookieSecure).toBe(true);
    expect(
      loadConfig({ PUBLIC_ORIGIN: 'https://portal.example.com', COOKIE_SECURE: 'false' }).session
        .cookieSecure,
    ).toBe(false);
  });

  it('lists every problem at once', () => {
    let error: unknown;
    try {
      loadConfig({
        PORT: 'eighty',
        DATABASE_URL: 'mysql://x',
        API_BASE: 'api/',
        SESSION_IDLE_MINUTES: '0',
        COOKIE_SECURE: 'maybe',
      });
    } catch (caught) {
      error = caught;
    }
    expect(error).toBeInstanceOf(ConfigError);
    const problems = (error as ConfigError).problems;
    expect(problems).toHaveLength(5);
    expect(problems.join('\n')).toMatch(/PORT/);
    expect(problems.join('\n')).toMatch(/DATABASE_URL: must start with postgres/);
    expect(problems.join('\n')).toMatch(/API_BASE: must start with \//);
    expect(problems.join('\n')).toMatch(/SESSION_IDLE_MINUTES/);
    expect(problems.join('\n')).toMatch(/COOKIE_SECURE: must be true or false/);
    expect((error as Error).message).toContain('Invalid configuration:');
  });
});

describe('viewer and promise settings', () => {
  it('reads the external viewer address and the promise limit, refusing a non-http address', () => {
    const config = loadConfig({
      VIEWER_MODE: 'external',
      VIEWER_EXTERNAL_URL: 'https://docs.example.com/view',
      PROMISE_MAX_DAYS: '30',
    });
    expect(config.viewer).toEqual({
      startZoom: 1,
      mode: 'external',
      externalUrl: 'https://docs.example.com/view',
    });
    expect(config.promiseMaxDays).toBe(30);
    expect(() => loadConfig({ VIEWER_EXTERNAL_URL: 'javascript:alert(1)' })).toThrow(/VIEWER_EXTERNAL_URL/);
  });
});
