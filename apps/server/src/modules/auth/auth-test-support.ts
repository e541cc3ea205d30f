import { and, desc, eq } from 'drizzle-orm';
import type { InjectOptions } from 'fastify';
import { type BuildAppOptions, buildApp } from '../../app';
import { loadConfig } from '../../config';
import { courierMessages } from '../../db/schema/access';
import { sessions } from '../../db/schema/sessions';
import { TEST_PASSWORD } from '../../test/factories';
import { type TestClient, type TestContext, UNTHROTTLED } from '../../test/test-app';
import { openTestDatabase } from '../../test/test-database';
import { createBackgroundTasks } from './background-tasks';
import { hashToken } from './session.service';

export type AuthTestContext = TestContext & {
  /** Every brute-force delay asked for, in ms; nothing actually waits. */
  sleeps: number[];
  /** Runs the background work (recovery emails) held since the last call. */
  drain: () => Promise<void>;
};

/**
 * createTestApp with the sign-in steps' test doubles: a recorded, instant brute-force delay
 * and background work held until drain(), so that a test sees a request's own work alone.
 */
export async function createAuthTestApp(
  environment: Record<string, string> = {},
  options: Pick<BuildAppOptions, 'services'> = {},
): Promise<AuthTestContext> {
  const config = loadConfig({
    DATA_DIR: 'memory://',
    LOG_LEVEL: 'silent',
    NODE_ENV: 'test',
    ...UNTHROTTLED,
    ...environment,
  });
  const database = await openTestDatabase();
  const sleeps: number[] = [];
  const background = createBackgroundTasks(
    { info: () => {}, warn: () => {}, error: () => {} },
    { start: 'manual' },
  );
  const app = await buildApp(config, {
    database,
    logger: false,
    services: {
      sleep: async (ms) => {
        sleeps.push(ms);
      },
      background,
      ...options.services,
    },
  });
  return {
    app,
    database,
    config,
    api: config.apiBase,
    sleeps,
    drain: () => background.drain(),
    close: async () => {
      await app.close();
      await database.close();
    },
  };
}

/** The code of the newest text message to a number, read where the outbox keeps it. */
export async function latestSmsCode(context: TestContext, recipient: string): Promise<string> {
  const [message] = await context.database.db
    .select({ body: courierMessages.body })
    .from(courierMessages)
    .where(and(eq(courierMessages.channel, 'sms'), eq(courierMessages.recipient, recipient)))
    .orderBy(desc(courierMessages.id))
    .limit(1);
  const code = /\b(\d{6})\b/.exec(message?.body ?? '')?.[1];
  if (!code) throw new Error(`no code was sent to ${recipient}`);
  return code;
}

export async function sessionRow(context: TestContext, token: string | undefined) {
  if (!token) return undefined;
  const [row] = await context.database.db
    .select()
    .from(sessions)
    .where(eq(sessions.tokenHash, hashToken(token)));
  return row;
}

/** The password step from a given client address (brute-force counters are per address). */
export async function passwordStep(
  client: TestClient,
  options: { loginName: string; password?: string; pinCode?: string; remoteAddress?: string },
) {
  if (!client.cookies.has('XSRF-TOKEN')) await client.get('/config.js');
  return client.request({
    method: 'POST',
    url: '/auth/login',
    payload: {
      loginName: options.loginName,
      password: options.password ?? TEST_PASSWORD,
      ...(options.pinCode === undefined ? {} : { pinCode: options.pinCode }),
    },
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  } as InjectOptions);
}

/**
 * The SQL statements a piece of work sends, in order (parameters left out): how a test
 * compares the work of two code paths without timing them.
 */
export async function recordQueries(context: TestContext, work: () => Promise<unknown>): Promise<string[]> {
  const client = (context.database.db as unknown as { $client: { query: (...args: unknown[]) => unknown } })
    .$client;
  const original = client.query;
  const statements: string[] = [];
  client.query = function (this: unknown, ...args: unknown[]) {
    const [first] = args;
    statements.push(typeof first === 'string' ? first : String((first as { text?: string }).text));
    return original.apply(this, args);
  };
  try {
    await work();
  } finally {
    client.query = original;
  }
  return statements;
}
