import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { queryRows } from '../db/client';
import { every } from '../modules/jobs/job-periods';
import { createTestApp, type TestContext } from '../test/test-app';
import { SHUTTING_DOWN_MESSAGE } from './graceful-shutdown';

let context: TestContext;
let baseURL = '';
let markJobStarted: () => void = () => {};
const jobStarted = new Promise<void>((resolve) => {
  markJobStarted = resolve;
});
let jobFinished = false;

beforeAll(async () => {
  // Not NODE_ENV=test: the app runs its webhook sender and job runner, as the server does.
  context = await createTestApp({ NODE_ENV: 'development' });
  context.app.get(`${context.api}/test-slow`, async () => {
    await new Promise((resolve) => setTimeout(resolve, 1_500));
    return { done: true };
  });
  context.app.services.jobs.register({
    name: 'test-slow-job',
    periodOf: every(1),
    run: async () => {
      markJobStarted();
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      jobFinished = true;
      return { finished: true };
    },
  });
  baseURL = await context.app.listen({ port: 0, host: '127.0.0.1' });
});
afterAll(() => context.database.close());

describe('graceful shutdown (what SIGTERM does in server.ts)', () => {
  it('lets the request in flight finish, refuses new ones with 503 and Connection: close, stops the job runner at the end of its run', async () => {
    await jobStarted;
    const slow = fetch(`${baseURL}${context.api}/test-slow`);
    // The slow call has reached its handler.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const stopped = context.app.shutdown();

    const refused = await fetch(`${baseURL}${context.api}/config.js`);
    expect(refused.status).toBe(503);
    expect(refused.headers.get('connection')).toBe('close');
    expect(refused.headers.get('retry-after')).toBe('5');
    expect(await refused.json()).toMatchObject({
      code: 'SERVICE_UNAVAILABLE',
      message: SHUTTING_DOWN_MESSAGE,
    });
    const readiness = await fetch(`${baseURL}/readyz`);
    expect(readiness.status).toBe(503);

    const finished = await slow;
    expect(finished.status).toBe(200);
    expect(await finished.json()).toEqual({ done: true });
    await stopped;
    // The job was not cut: it ran to its end and its run is recorded as done.
    expect(jobFinished).toBe(true);
    const runs = await queryRows<{ status: string }>(
      context.database.db,
      sql`select status from scheduled_job_runs where job_name = 'test-slow-job'`,
    );
    expect(runs).toEqual([{ status: 'DONE' }]);
    await expect(fetch(`${baseURL}${context.api}/config.js`)).rejects.toThrow();
  });
});
