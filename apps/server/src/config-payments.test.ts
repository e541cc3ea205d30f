import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { createPaymentGateway } from './adapters/payments/create-payment-gateway';
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

describe('payment settings', () => {
  it('default to the sandbox on PORT + 1, loopback, a secret made at start, its state under DATA_DIR', () => {
    const config = loadConfig({ PORT: '4000', DATA_DIR: '/srv/settle' });
    expect(config.payments).toEqual({
      provider: 'sandbox',
      port: 4001,
      host: '127.0.0.1',
      publicUrl: undefined,
      apiUrl: 'http://127.0.0.1:4001',
      startHere: true,
      secret: expect.stringMatching(/^[\w-]{43}$/),
      notifyUrl: undefined,
      pendingMs: 5_000,
      dataFile: path.join('/srv/settle', 'payment-sandbox.json'),
    });
    expect(loadConfig({ DATA_DIR: 'memory://' }).payments).toMatchObject({ dataFile: undefined, port: 3001 });
    expect(loadConfig({ PORT: '0' }).payments).toMatchObject({ port: 0 });
    expect(createPaymentGateway(config).name).toBe('sandbox');
  });

  it('read the sandbox settings', () => {
    const config = loadConfig({
      PAYMENT_SANDBOX_PORT: '8443',
      PAYMENT_SANDBOX_HOST: '0.0.0.0',
      PAYMENT_SANDBOX_PUBLIC_URL: 'https://pay.example.com',
      PAYMENT_SANDBOX_SECRET: 's'.repeat(32),
      PAYMENT_SANDBOX_NOTIFY_URL: 'http://10.0.0.5:3000/getpaid-rest/api/payment/notifications/sandbox',
      PAYMENT_SANDBOX_PENDING_SECONDS: '0.5',
    });
    expect(config.payments).toMatchObject({
      port: 8443,
      host: '0.0.0.0',
      apiUrl: 'http://127.0.0.1:8443',
      publicUrl: 'https://pay.example.com',
      secret: 's'.repeat(32),
      notifyUrl: 'http://10.0.0.5:3000/getpaid-rest/api/payment/notifications/sandbox',
      pendingMs: 500,
    });
  });

  it('use a sandbox another process runs when PAYMENT_SANDBOX_URL names it (its secret required)', () => {
    expect(
      loadConfig({ PAYMENT_SANDBOX_URL: 'http://127.0.0.1:4001/', PAYMENT_SANDBOX_SECRET: 's'.repeat(32) })
        .payments,
    ).toMatchObject({ apiUrl: 'http://127.0.0.1:4001', startHere: false });
    expect(problemsOf({ PAYMENT_SANDBOX_URL: 'http://127.0.0.1:4001' })).toEqual([
      'PAYMENT_SANDBOX_SECRET: required with PAYMENT_SANDBOX_URL (the secret that sandbox was started with)',
    ]);
  });

  it('select Stripe with its keys', () => {
    const config = loadConfig({
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_abc123',
      STRIPE_WEBHOOK_SECRET: 'whsec_def456',
      STRIPE_API_BASE: 'http://127.0.0.1:12111',
    });
    expect(config.payments).toEqual({
      provider: 'stripe',
      secretKey: 'sk_test_abc123',
      webhookSecret: 'whsec_def456',
      apiBase: 'http://127.0.0.1:12111',
    });
  });

  it('list every problem with a clear message', () => {
    expect(problemsOf({ PAYMENT_PROVIDER: 'stripe' })).toEqual([
      'STRIPE_SECRET_KEY: required when PAYMENT_PROVIDER=stripe',
      'STRIPE_WEBHOOK_SECRET: required when PAYMENT_PROVIDER=stripe (the signing secret of the webhook endpoint)',
    ]);
    expect(
      problemsOf({
        PAYMENT_PROVIDER: 'paypal',
        PAYMENT_SANDBOX_SECRET: 'short',
        PAYMENT_SANDBOX_PORT: '70000',
        STRIPE_SECRET_KEY: 'pk_test_publishable',
        STRIPE_WEBHOOK_SECRET: 'secret',
        PAYMENT_SANDBOX_PUBLIC_URL: 'ftp://pay.example.com',
      }),
    ).toEqual([
      'PAYMENT_PROVIDER: must be sandbox or stripe',
      'PAYMENT_SANDBOX_PORT: Too big: expected number to be <=65535',
      'PAYMENT_SANDBOX_PUBLIC_URL: must be an absolute http(s) address',
      'PAYMENT_SANDBOX_SECRET: must have at least 32 characters',
      'STRIPE_SECRET_KEY: must be a Stripe secret key (sk_test_..., sk_live_... or rk_...)',
      'STRIPE_WEBHOOK_SECRET: must be the signing secret of the webhook endpoint (whsec_...)',
    ]);
    expect(problemsOf({ PORT: '3000', PAYMENT_SANDBOX_PORT: '3000' })).toEqual([
      'PAYMENT_SANDBOX_PORT: must differ from PORT (the sandbox is a separate origin)',
    ]);
  });
});
