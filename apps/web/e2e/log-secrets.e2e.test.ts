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
      '{"msg":"operator command: API key 1 (erp): stl_EvpL_Cx6l72oGg2nZmDIe6CGt2rpshmxXW4VGTolEZU"}',
      '{"msg":"Subscription 2 to https://erp.example/hooks; signing secret: whsec_q0Zb+1x/9kTf3mYh2Qp8LwRz0aVc"}',
      '{"command":"api-key","msg":"operator command ran","apiKeyId":1}',
    ].join('\n');
    expect(findSecretsInLog(log)).toEqual([
      'line 1: a code in an address',
      'line 2: a texted sign-in code',
      'line 3: a credential or code under its name',
      'line 4: a session or CSRF cookie',
      'line 5: the demo password',
      'line 8: an API key',
      "line 9: a webhook's signing secret",
    ]);
  });
});
