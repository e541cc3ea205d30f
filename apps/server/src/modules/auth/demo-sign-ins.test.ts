import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEMO_PASSWORD } from '../../db/seed/demo-catalogue';
import { seedDemo } from '../../db/seed/seed-demo';
import { TestClient } from '../../test/test-app';
import { type AuthTestContext, createAuthTestApp, passwordStep } from './auth-test-support';

let context: AuthTestContext;

beforeAll(async () => {
  context = await createAuthTestApp();
  await seedDemo(context.database.db, { invoices: 0, seed: 1, today: new Date('2026-11-22T12:00:00Z') });
});
afterAll(() => context.close());

describe('the demo sign-ins of the sign-in steps', () => {
  it('demo.pin gets a code in the development outbox and signs in with it', async () => {
    const client = new TestClient(context);
    await client.get('/config.js');
    const prelogin = await client.request({
      method: 'POST',
      url: '/auth/prelogin',
      payload: JSON.stringify('demo.pin'),
      headers: { 'content-type': 'application/json' },
    });
    expect(prelogin.json().pincodeMethod).toBe('SMS');
    const first = await passwordStep(client, { loginName: 'demo.pin', password: DEMO_PASSWORD });
    expect(first.json()).toEqual({
      pinRequired: true,
      pincodeMethod: 'SMS',
      maskedMobile: '••••0042',
      factors: ['SMS'],
    });
    const outbox = (await client.get('/dev/outbox?recipient=5550100042')).json();
    const code = /\d{6}/.exec(outbox[0].body)![0];
    const second = await passwordStep(client, {
      loginName: 'demo.pin',
      password: DEMO_PASSWORD,
      pinCode: code,
    });
    expect(second.statusCode).toBe(200);
    expect(second.json()).toMatchObject({ loginName: 'demo.pin', fullName: 'Jordan Lee' });
  });

  it('demo.nomobile is sent to the mobile page', async () => {
    const response = await passwordStep(new TestClient(context), {
      loginName: 'demo.nomobile',
      password: DEMO_PASSWORD,
    });
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('SEND_PINCODE_NO_MOBILE');
  });

  it('the other demo users still sign in with the password alone', async () => {
    const response = await passwordStep(new TestClient(context), {
      loginName: 'demo.full',
      password: DEMO_PASSWORD,
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().loginName).toBe('demo.full');
  });
});
