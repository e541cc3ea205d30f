import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { eq } from 'drizzle-orm';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { courierMessages } from '../../db/schema/access';
import { buildCustomer, buildTenant, buildUser } from '../../test/factories';
import { TestClient } from '../../test/test-app';
import { type AuthTestContext, createAuthTestApp, passwordStep } from './auth-test-support';

// The sign-in steps with the real couriers configured, against real peers on loopback.
let context: AuthTestContext;
let gateway: Server;
let smtp: SMTPServer;
const texts: Array<{ to: string; body: string }> = [];
const mails: string[] = [];
let gatewayStatus = 200;
let loginName: string;

beforeAll(async () => {
  gateway = createServer((request, response) => {
    let text = '';
    request.on('data', (chunk: Buffer) => {
      text += chunk.toString('utf8');
    });
    request.on('end', () => {
      if (gatewayStatus === 200) texts.push(JSON.parse(text));
      response.writeHead(gatewayStatus).end();
    });
  });
  await new Promise<void>((resolve) => gateway.listen(0, '127.0.0.1', resolve));
  smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData(stream, _session, callback) {
      let raw = '';
      stream.on('data', (chunk: Buffer) => {
        raw += chunk.toString('utf8');
      });
      stream.on('end', () => {
        // Quoted-printable, decoded just enough to read the link back.
        mails.push(
          raw
            .replace(/=\r?\n/g, '')
            .replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16))),
        );
        callback();
      });
    },
  });
  await new Promise<void>((resolve) => smtp.listen(0, '127.0.0.1', resolve));

  context = await createAuthTestApp({
    SMS_TRANSPORT: 'http',
    SMS_GATEWAY_URL: `http://127.0.0.1:${(gateway.address() as AddressInfo).port}/sms`,
    SMS_GATEWAY_TIMEOUT_MS: '2000',
    EMAIL_TRANSPORT: 'smtp',
    SMTP_URL: `smtp://127.0.0.1:${(smtp.server.address() as AddressInfo).port}`,
    MAIL_FROM: 'Settle <no-reply@settle.example>',
  });
  const tenant = await buildTenant(context.database.db, { isDefault: true });
  const customer = await buildCustomer(context.database.db, tenant.id);
  const user = await buildUser(context.database.db, tenant.id, {
    customers: [{ id: customer.id }],
    overrides: {
      pinPolicy: 'SMS',
      smsAreaCode: '+44',
      smsPhone: '7700 900123',
      email: 'pin.user@example.com',
    },
  });
  loginName = user.loginName;
});
afterAll(async () => {
  await context.close();
  gateway.closeAllConnections();
  await new Promise((resolve) => gateway.close(resolve));
  await new Promise<void>((resolve) => smtp.close(() => resolve()));
});

describe('sign-in through the HTTP SMS gateway', () => {
  it('delivers the code to the gateway and signs in with what it received; the stored copy hides the code', async () => {
    const client = new TestClient(context);
    const first = await passwordStep(client, { loginName, remoteAddress: '10.9.0.1' });
    expect(first.json()).toEqual({
      pinRequired: true,
      pincodeMethod: 'SMS',
      maskedMobile: '••••0123',
      factors: ['SMS'],
    });
    expect(texts).toHaveLength(1);
    expect(texts[0]!.to).toBe('+447700900123');
    const code = /(\d{6})/.exec(texts[0]!.body)![1]!;
    const [stored] = await context.database.db
      .select()
      .from(courierMessages)
      .where(eq(courierMessages.recipient, '+447700900123'));
    expect(stored).toMatchObject({ transport: 'http', status: 'sent' });
    expect(stored!.body).not.toContain(code);

    const second = await passwordStep(client, { loginName, pinCode: code, remoteAddress: '10.9.0.1' });
    expect(second.statusCode).toBe(200);
    expect(second.json().loginName).toBe(loginName);
  });

  it('answers 503 COURIER_UNAVAILABLE when the gateway fails, and leaves no session behind', async () => {
    gatewayStatus = 500;
    try {
      const client = new TestClient(context);
      await client.get('/config.js');
      const response = await passwordStep(client, { loginName, remoteAddress: '10.9.0.2' });
      expect(response.statusCode).toBe(503);
      expect(response.json()).toEqual({
        statusCode: 503,
        code: 'COURIER_UNAVAILABLE',
        message: 'We could not send your sign-in code. Please try again later.',
        requestId: response.headers['x-request-id'],
      });
      expect(client.cookies.has('SETTLE_SESSION')).toBe(false);
      const failed = await context.database.db
        .select()
        .from(courierMessages)
        .where(eq(courierMessages.status, 'failed'));
      expect(failed).toHaveLength(1);
    } finally {
      gatewayStatus = 200;
    }
  });
});

describe('recovery through SMTP', () => {
  it('mails the recovery link to the user through the SMTP server', async () => {
    const client = new TestClient(context);
    await client.get('/config.js');
    const response = await client.request({
      method: 'POST',
      url: '/auth/troubleSigningIn',
      payload: JSON.stringify(loginName.toUpperCase()),
      headers: { 'content-type': 'application/json' },
    });
    expect(response.json()).toEqual({ sent: true });
    await context.drain();
    expect(mails).toHaveLength(1);
    expect(mails[0]).toContain('To: pin.user@example.com');
    // Long lines travel quoted-printable: undo the soft line breaks before reading the link.
    const body = mails[0]!.replace(/=\r?\n/g, '').replace(/=3D/g, '=');
    const link = /\/resetPassword\?companyId=([\w-]+)&code=[\w-]{43}&namedUser=([\w-]+)/.exec(body);
    expect(link).not.toBeNull();
    expect(context.app.services.sealer.open('namedUser', link![2]!)).toBe(loginName);
  });
});
