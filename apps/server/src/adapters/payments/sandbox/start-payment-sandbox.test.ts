import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../../config';
import { createPaymentGateway } from '../create-payment-gateway';
import { portalNotifyUrl, startPaymentSandbox } from './start-payment-sandbox';

describe('the portal start and its sandbox', () => {
  it('runs the sandbox on its own port and points the gateway at it', async () => {
    const loaded = loadConfig({ PORT: '0', DATA_DIR: 'memory://' });
    const running = await startPaymentSandbox(loaded);
    try {
      expect(running).toBeDefined();
      const { config, provider } = running!;
      expect(config.payments).toMatchObject({ provider: 'sandbox', apiUrl: provider.origin });
      expect(provider.origin).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
      const gateway = createPaymentGateway(config);
      const started = await gateway.startCheckout({
        extTranRefId: 'start-1',
        amountMinor: 100,
        currency: 'USD',
        kind: 'CREDIT_CARD',
        language: 'en',
        description: '',
        returnUrl: 'http://127.0.0.1:9/done',
        idempotencyKey: 'start-1',
      });
      expect(started.serviceURL.startsWith(`${provider.publicOrigin}/checkout/`)).toBe(true);
    } finally {
      await running?.close();
    }
  });

  it("tells the sandbox the portal's own notification route, on loopback", () => {
    const config = loadConfig({ PORT: '3000', HOST: '0.0.0.0' });
    expect(portalNotifyUrl(config)).toBe(
      'http://127.0.0.1:3000/getpaid-rest/api/payment/notifications/sandbox',
    );
    expect(portalNotifyUrl(loadConfig({ PORT: '0' }))).toBeUndefined();
  });

  it('runs none for Stripe or for a sandbox another process runs', async () => {
    const stripe = loadConfig({
      PAYMENT_PROVIDER: 'stripe',
      STRIPE_SECRET_KEY: 'sk_test_x1',
      STRIPE_WEBHOOK_SECRET: 'whsec_x1',
    });
    expect(await startPaymentSandbox(stripe)).toBeUndefined();
    const elsewhere = loadConfig({
      PAYMENT_SANDBOX_URL: 'http://127.0.0.1:4001',
      PAYMENT_SANDBOX_SECRET: 's'.repeat(32),
    });
    expect(await startPaymentSandbox(elsewhere)).toBeUndefined();
  });

  it('says which setting to change when its port is taken', async () => {
    const blocker = createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const port = (blocker.address() as { port: number }).port;
    try {
      await expect(
        startPaymentSandbox(
          loadConfig({ PORT: '0', DATA_DIR: 'memory://', PAYMENT_SANDBOX_PORT: String(port) }),
        ),
      ).rejects.toThrow(`cannot listen on 127.0.0.1:${port}: the port is in use. Set PAYMENT_SANDBOX_PORT`);
    } finally {
      blocker.close();
    }
  });
});
