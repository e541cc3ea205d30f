import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { recordCourierMessage } from '../../adapters/courier-messages';
import { createTestApp, type TestContext } from '../../test/test-app';

describe('GET /dev/outbox outside production', () => {
  let context: TestContext;
  beforeAll(async () => {
    context = await createTestApp();
    const { db } = context.database;
    for (let index = 1; index <= 55; index += 1) {
      await recordCourierMessage(db, {
        channel: 'sms',
        recipient: index % 2 === 0 ? '+15550100042' : '+33612345678',
        body: `message ${index}`,
        transport: 'outbox',
        status: 'sent',
      });
    }
    await recordCourierMessage(db, {
      channel: 'email',
      recipient: 'Pat@Example.com',
      subject: 'Hello',
      body: 'email body',
      transport: 'outbox',
      status: 'sent',
    });
  });
  afterAll(() => context.close());

  it('lists the latest 50 messages, newest first, in the documented shape', async () => {
    const response = await context.app.inject({ url: `${context.api}/dev/outbox` });
    expect(response.statusCode).toBe(200);
    const messages = response.json();
    expect(messages).toHaveLength(50);
    expect(messages[0]).toEqual({
      channel: 'email',
      recipient: 'Pat@Example.com',
      subject: 'Hello',
      body: 'email body',
      createdAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    expect(messages[1].body).toBe('message 55');
  });

  it('filters by recipient, matching any part of it regardless of case', async () => {
    const sms = (await context.app.inject({ url: `${context.api}/dev/outbox?recipient=5550100042` })).json();
    expect(sms).toHaveLength(27);
    expect(sms.every((message: { recipient: string }) => message.recipient === '+15550100042')).toBe(true);
    const email = (
      await context.app.inject({ url: `${context.api}/dev/outbox?recipient=pat%40example` })
    ).json();
    expect(email.map((message: { body: string }) => message.body)).toEqual(['email body']);
    const wildcard = (await context.app.inject({ url: `${context.api}/dev/outbox?recipient=%25` })).json();
    expect(wildcard).toEqual([]);
  });
});

describe('GET /dev/outbox in production', () => {
  it('does not exist unless DEV_OUTBOX=true', async () => {
    const hidden = await createTestApp({ NODE_ENV: 'production' });
    try {
      const response = await hidden.app.inject({ url: `${hidden.api}/dev/outbox` });
      expect(response.statusCode).toBe(404);
      expect(response.json().code).toBe('NOT_FOUND');
    } finally {
      await hidden.close();
    }
    const demo = await createTestApp({ NODE_ENV: 'production', DEV_OUTBOX: 'true' });
    try {
      expect((await demo.app.inject({ url: `${demo.api}/dev/outbox` })).statusCode).toBe(200);
    } finally {
      await demo.close();
    }
  });
});
