import { describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config';

function problemsOf(environment: Record<string, string>): string[] {
  try {
    loadConfig(environment);
  } catch (error) {
    if (error instanceof ConfigError) return error.problems;
    throw error;
  }
  return [];
}

describe('sign-in settings', () => {
  it('defaults: outboxes, 10-minute codes, 15-minute lock-out, any host, dev outbox outside production', () => {
    expect(loadConfig({})).toMatchObject({
      allowedHosts: [],
      authSecret: undefined,
      pin: { ttlMinutes: 10 },
      lockoutMinutes: 15,
      sms: { transport: 'outbox' },
      email: { transport: 'outbox', from: 'Settle <no-reply@localhost>' },
      devOutbox: true,
    });
    expect(loadConfig({ NODE_ENV: 'production' }).devOutbox).toBe(false);
    expect(loadConfig({ NODE_ENV: 'production', DEV_OUTBOX: 'true' }).devOutbox).toBe(true);
    expect(loadConfig({ DEV_OUTBOX: 'false' }).devOutbox).toBe(false);
  });

  it('reads the real couriers and the allowed hosts', () => {
    const config = loadConfig({
      SMS_TRANSPORT: 'http',
      SMS_GATEWAY_URL: 'https://sms.example.com/send',
      SMS_GATEWAY_TOKEN: 'tok',
      EMAIL_TRANSPORT: 'smtp',
      SMTP_URL: 'smtps://u:p@mail.example.com:465',
      MAIL_FROM: 'Portal <portal@example.com>',
      ALLOWED_HOSTS: ' Portal.Example.com , localhost:3000 ',
      PIN_TTL_MINUTES: '5',
      LOCKOUT_MINUTES: '30',
    });
    expect(config).toMatchObject({
      sms: {
        transport: 'http',
        gatewayUrl: 'https://sms.example.com/send',
        gatewayToken: 'tok',
        timeoutMs: 10_000,
      },
      email: {
        transport: 'smtp',
        smtpUrl: 'smtps://u:p@mail.example.com:465',
        from: 'Portal <portal@example.com>',
      },
      allowedHosts: ['portal.example.com', 'localhost:3000'],
      pin: { ttlMinutes: 5 },
      lockoutMinutes: 30,
    });
  });

  it('lists every problem at once, including a real courier without its address', () => {
    const problems = problemsOf({
      SMS_TRANSPORT: 'http',
      EMAIL_TRANSPORT: 'smtp',
      ALLOWED_HOSTS: 'good.example.com, bad host',
      AUTH_SECRET: 'short',
      PIN_TTL_MINUTES: '0',
    });
    expect(problems).toEqual(
      expect.arrayContaining([
        'SMS_GATEWAY_URL: required when SMS_TRANSPORT=http',
        'SMTP_URL: required when EMAIL_TRANSPORT=smtp',
        'ALLOWED_HOSTS: must be a comma-separated list of host or host:port',
        'AUTH_SECRET: must have at least 32 characters',
      ]),
    );
    expect(problems.some((problem) => problem.startsWith('PIN_TTL_MINUTES'))).toBe(true);
    expect(problemsOf({ SMS_TRANSPORT: 'http', SMS_GATEWAY_URL: 'ftp://x.example.com' })).toEqual([
      'SMS_GATEWAY_URL: must be an absolute http(s) URL',
    ]);
    expect(problemsOf({ EMAIL_TRANSPORT: 'smtp', SMTP_URL: 'http://mail' })).toEqual([
      'SMTP_URL: must start with smtp:// or smtps://',
    ]);
  });
});
