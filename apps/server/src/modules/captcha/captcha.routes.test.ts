import { CAPTCHA_ID_HEADER } from '@settle/shared/account-setup';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { captchaChallenges } from '../../db/schema/access';
import { expectError } from '../../test/expect-error';
import { createTestApp, type TestContext } from '../../test/test-app';
import { CAPTCHA_PICTURES_PER_MINUTE } from './captcha.service';

let context: TestContext;
let sequence = 0;

beforeAll(async () => {
  context = await createTestApp();
});
afterAll(() => context.close());

/** A new picture from its own client address (the per-address limit stays out of the way). */
async function newCaptcha(remoteAddress = `10.7.0.${++sequence}`) {
  const response = await context.app.inject({ url: `${context.api}/resource/captcha`, remoteAddress });
  const id = response.headers[CAPTCHA_ID_HEADER] as string;
  return { response, id };
}

async function devAnswer(id: string) {
  const response = await context.app.inject({ url: `${context.api}/dev/captcha/${id}` });
  const body = response.json();
  return {
    statusCode: response.statusCode,
    code: body.code as string | undefined,
    answer: body.answer as string | undefined,
  };
}

async function storedChallenge(id: string) {
  const [row] = await context.database.db
    .select()
    .from(captchaChallenges)
    .where(eq(captchaChallenges.id, id));
  return row;
}

const verify = (id: string, answer: string) => context.app.services.captcha.verify({ id, answer });

describe('GET /resource/captcha', () => {
  it('answers an SVG picture, not cached, with its id in a header, and stores only a hash of the answer', async () => {
    const before = Date.now();
    const { response, id } = await newCaptcha();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('image/svg+xml');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(id).toMatch(/^[\w-]{24}$/);
    expect(response.body).toMatch(/^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg"[^>]*>.*<\/svg>$/s);
    expect(response.body).not.toContain('<text');
    const { answer } = await devAnswer(id);
    expect(answer).toMatch(/^[A-Z2-9]{6}$/);
    expect(response.body).not.toContain(answer);
    const row = await storedChallenge(id);
    expect(row!.answerHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.answerHash).not.toContain(answer!);
    const lifetime = row!.expiresAt.getTime() - before;
    expect(lifetime).toBeGreaterThan(9.9 * 60_000);
    expect(lifetime).toBeLessThanOrEqual(10 * 60_000 + 5_000);
  });

  it('gives a new id and a new picture every time', async () => {
    const first = await newCaptcha();
    const second = await newCaptcha();
    expect(second.id).not.toBe(first.id);
    expect(second.response.body).not.toBe(first.response.body);
  });

  it(`refuses more than ${CAPTCHA_PICTURES_PER_MINUTE} pictures a minute from one address, and only from that one`, async () => {
    const address = '10.9.9.9';
    for (let index = 0; index < CAPTCHA_PICTURES_PER_MINUTE; index += 1) {
      expect((await newCaptcha(address)).response.statusCode).toBe(200);
    }
    const refused = await newCaptcha(address);
    expect(refused.response.statusCode).toBe(429);
    expect(refused.response.json()).toMatchObject({
      code: 'RATE_LIMITED',
      message: 'Too many pictures were asked for. Please wait a minute and try again.',
    });
    expect(refused.id).toBeUndefined();
    expect((await newCaptcha('10.9.9.10')).response.statusCode).toBe(200);
  });
});

/** The numbers a listener hears: groups of beeps (loud runs), told apart by the long pauses. */
function countBeepGroups(wav: Buffer): string {
  expect(wav.toString('ascii', 0, 4)).toBe('RIFF');
  expect(wav.toString('ascii', 8, 12)).toBe('WAVE');
  const rate = wav.readUInt32LE(24);
  const loud: number[] = [];
  for (let offset = 44; offset + 1 < wav.length; offset += 2) {
    if (Math.abs(wav.readInt16LE(offset)) > 0.3 * 32_767) loud.push((offset - 44) / 2);
  }
  const beeps: Array<{ start: number; end: number }> = [];
  for (const index of loud) {
    const last = beeps.at(-1);
    // Zero crossings of the tone last a few samples; a real gap between beeps is 0.14 s or more.
    if (last && index - last.end < 0.05 * rate) last.end = index;
    else beeps.push({ start: index, end: index });
  }
  const groups: number[] = [];
  beeps.forEach((beep, index) => {
    const previous = beeps[index - 1];
    if (previous && beep.start - previous.end < 0.5 * rate) groups[groups.length - 1]! += 1;
    else groups.push(1);
  });
  return groups.join('');
}

async function newAudioCaptcha(remoteAddress = `10.8.0.${++sequence}`) {
  const response = await context.app.inject({ url: `${context.api}/resource/captcha/audio`, remoteAddress });
  const id = response.headers[CAPTCHA_ID_HEADER] as string;
  return { response, id };
}

describe('GET /resource/captcha/audio', () => {
  it('answers a WAV of numbers played as beeps, not cached, with its id, storing only a hash', async () => {
    const { response, id } = await newAudioCaptcha();
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('audio/wav');
    expect(response.headers['cache-control']).toBe('no-store');
    expect(id).toMatch(/^[\w-]{24}$/);
    const { answer } = await devAnswer(id);
    expect(answer).toMatch(/^[1-6]{5}$/);
    // What a listener counts is the answer.
    expect(countBeepGroups(response.rawPayload)).toBe(answer);
    const row = await storedChallenge(id);
    expect(row!.answerHash).toMatch(/^[0-9a-f]{64}$/);
    expect(row!.answerHash).not.toContain(answer!);
  });

  it('is checked by the same rules as a picture: once, and not after it expired', async () => {
    const first = await newAudioCaptcha();
    const { answer } = await devAnswer(first.id);
    expect(await verify(first.id, ` ${answer} `)).toBe(true);
    expect(await verify(first.id, answer!)).toBe(false);

    const wrong = await newAudioCaptcha();
    const wrongAnswer = (await devAnswer(wrong.id)).answer!;
    expect(await verify(wrong.id, '00000')).toBe(false);
    expect(await verify(wrong.id, wrongAnswer)).toBe(false);

    const late = await newAudioCaptcha();
    const lateAnswer = (await devAnswer(late.id)).answer!;
    await context.database.db
      .update(captchaChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(captchaChallenges.id, late.id));
    expect(await verify(late.id, lateAnswer)).toBe(false);
  });

  it('counts in the per-address limit together with the pictures', async () => {
    const address = '10.9.8.1';
    for (let index = 0; index < CAPTCHA_PICTURES_PER_MINUTE; index += 1) {
      const { response } = index % 2 === 0 ? await newCaptcha(address) : await newAudioCaptcha(address);
      expect(response.statusCode).toBe(200);
    }
    const refused = await newAudioCaptcha(address);
    expectError(refused.response, 429, 'RATE_LIMITED');
    expect(refused.id).toBeUndefined();
  });
});

describe('captcha verification', () => {
  it('accepts the right answer once, in any case and with spaces; the challenge is then gone', async () => {
    const { id } = await newCaptcha();
    const { answer } = await devAnswer(id);
    const typed = ` ${answer!.slice(0, 3).toLowerCase()} ${answer!.slice(3)} `;
    expect(await verify(id, typed)).toBe(true);
    expect(await storedChallenge(id)).toBeUndefined();
    expect(await verify(id, answer!)).toBe(false);
    expect(await devAnswer(id)).toEqual({ statusCode: 404, code: 'NOT_FOUND', answer: undefined });
  });

  it('refuses a wrong answer and deletes the challenge, so the right one fails afterwards', async () => {
    const { id } = await newCaptcha();
    const { answer } = await devAnswer(id);
    const wrong = answer!.startsWith('A') ? `B${answer!.slice(1)}` : `A${answer!.slice(1)}`;
    expect(await verify(id, wrong)).toBe(false);
    expect(await storedChallenge(id)).toBeUndefined();
    expect(await verify(id, answer!)).toBe(false);
  });

  it('refuses an expired challenge and an unknown id', async () => {
    const { id } = await newCaptcha();
    const { answer } = await devAnswer(id);
    await context.database.db
      .update(captchaChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(captchaChallenges.id, id));
    expect(await verify(id, answer!)).toBe(false);
    expect(await storedChallenge(id)).toBeUndefined();
    expect(await verify('no-such-picture', 'ABCDEF')).toBe(false);
  });

  it('clears expired challenges when new pictures are made', async () => {
    const { id } = await newCaptcha();
    await context.database.db
      .update(captchaChallenges)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(captchaChallenges.id, id));
    await newCaptcha();
    expect(await storedChallenge(id)).toBeUndefined();
  });

  it('answers 404 on the development route for an unknown id', async () => {
    const response = await context.app.inject({ url: `${context.api}/dev/captcha/unknown` });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'NOT_FOUND', message: 'Captcha was not found.' });
  });
});

describe('without DEV_OUTBOX', () => {
  it('has no development route and keeps no plain answer', async () => {
    const production = await createTestApp({ DEV_OUTBOX: 'false' });
    try {
      const picture = await production.app.inject({ url: `${production.api}/resource/captcha` });
      expect(picture.statusCode).toBe(200);
      const id = picture.headers[CAPTCHA_ID_HEADER] as string;
      expect(production.app.services.captcha.keptAnswer(id)).toBeUndefined();
      const dev = await production.app.inject({ url: `${production.api}/dev/captcha/${id}` });
      expectError(dev, 404, 'NOT_FOUND');
      expect(dev.json().message).toBe(`No such endpoint: GET ${production.api}/dev/captcha/${id}`);
    } finally {
      await production.close();
    }
  });
});
