import { describe, expect, it } from 'vitest';
import { findSecretsInLog } from './support/log-secrets';

describe('findSecretsInLog', () => {
  it('finds the secrets a log must not hold, and passes their redacted forms', () => {
    const log = [
      '{"msg":"incoming request","req":{"url":"/resetPassword?code=abcdefghijkl"}}',
      '{"body":"Your Settle sign-in code is 123456. It expires in 10 minutes."}',
      '{"password":"Correct-horse-9"}',
      '{"headers":{"cookie":"SETTLE_SESSION=abc"}}',
      '{"msg":"as demo.sso / Settle-demo-2026"}',
      '{"req":{"url":"/sso?code=[redacted]&state=[redacted]"},"password":"[redacted]"}',
      '{"body":"Your Settle sign-in code is [redacted]. It expires in 10 minutes."}',
    ].join('\n');
    expect(findSecretsInLog(log)).toEqual([
      'line 1: a code in an address',
      'line 2: a texted sign-in code',
      'line 3: a credential or code under its name',
      'line 4: a session or CSRF cookie',
      'line 5: the demo password',
    ]);
  });
});
