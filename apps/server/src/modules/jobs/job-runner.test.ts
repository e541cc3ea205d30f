import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type DatabaseHandle, queryRows } from '../../db/client';
import { openTestDatabase } from '../../test/test-database';
import { autopayJob } from '../autopay/autopay-job';
import { daily, every, monthly } from './job-periods';
import { createJobRunner, type RunLogLevel, type ScheduledJob } from './job-runner';

const quiet = { debug: () => {}, info: () => {}, warn: () => {}, error: () => {} };
let database: DatabaseHandle;

beforeAll(async () => {
  database = await openTestDatabase();
});
afterAll(() => database.close());
beforeEach(() => database.db.execute(sql`delete from scheduled_job_runs`));

function runnerAs(owner: string) {
  return createJobRunner(database.db, { logger: quiet, owner });
}

async function runRow(job: string, period: string) {
  const [row] = await queryRows<{ status: string; attempts: number; owner: string; error: string | null }>(
    database.db,
    sql`select status, attempts, owner, error from scheduled_job_runs where job_name = ${job} and period_key = ${period}`,
  );
  return row;
}

describe('job periods (UTC)', () => {
  it('names a day from its hour on, a month from its day and hour on, and slices of minutes', () => {
    expect(daily(2)(new Date('2026-11-25T01:59:59Z'))).toBeNull();
    expect(daily(2)(new Date('2026-11-25T02:00:00Z'))).toBe('2026-11-25');
    expect(monthly(1, 6)(new Date('2026-12-01T05:59:00Z'))).toBeNull();
    expect(monthly(1, 6)(new Date('2026-12-01T06:00:00Z'))).toBe('2026-12');
    expect(monthly(1, 6)(new Date('2026-12-02T00:00:00Z'))).toBe('2026-12');
    expect(every(15)(new Date('2026-11-25T10:14:59Z'))).toBe('2026-11-25T10:00');
    expect(every(15)(new Date('2026-11-25T10:15:00Z'))).toBe('2026-11-25T10:15');
    expect(() => every(0)).toThrow(RangeError);
  });
});

describe('the job runner', () => {
  it('runs a job once per period when several processes tick at the same moment', async () => {
    let runs = 0;
    const job: ScheduledJob = {
      name: 'count',
      periodOf: daily(),
      run: async () => {
        runs += 1;
        return { runs };
      },
    };
    const runners = ['host:1', 'host:2', 'host:3', 'host:4'].map(runnerAs);
    for (const runner of runners) runner.register(job);
    const now = new Date('2026-11-25T08:00:00Z');
    const outcomes = (await Promise.all(runners.map((runner) => runner.runDue(now)))).flat();
    expect(runs).toBe(1);
    expect(outcomes).toEqual([
      { job: 'count', period: '2026-11-25', status: 'DONE', attempt: 1, result: { runs: 1 } },
    ]);
    expect((await runRow('count', '2026-11-25'))?.status).toBe('DONE');

    // The same day again does nothing; the next day runs.
    await Promise.all(runners.map((runner) => runner.runDue(new Date('2026-11-25T23:59:00Z'))));
    expect(runs).toBe(1);
    await runners[1]!.runDue(new Date('2026-11-26T00:00:00Z'));
    expect(runs).toBe(2);
    expect((await runRow('count', '2026-11-26'))?.owner).toBe('host:2');
  });

  it('does not run a job before its period is due', async () => {
    const runner = runnerAs('host:1');
    let runs = 0;
    runner.register({
      name: 'monthly',
      periodOf: monthly(1, 6),
      run: async () => {
        runs += 1;
        return undefined;
      },
    });
    expect(await runner.runDue(new Date('2026-12-01T05:00:00Z'))).toEqual([]);
    expect(runs).toBe(0);
  });

  it('retries a failed period after its back-off, up to the attempts allowed, then leaves it FAILED', async () => {
    let tries = 0;
    const runner = runnerAs('host:1');
    runner.register({
      name: 'flaky',
      periodOf: daily(),
      maxAttempts: 2,
      run: async () => {
        tries += 1;
        throw new Error(`mail server down (${tries})`);
      },
    });
    const now = new Date('2026-11-25T08:00:00Z');
    expect(await runner.runDue(now)).toMatchObject([{ status: 'FAILED', attempt: 1 }]);
    expect(await runRow('flaky', '2026-11-25')).toMatchObject({
      status: 'FAILED',
      error: 'mail server down (1)',
    });

    // Within the back-off nothing is tried again.
    expect(await runner.runDue(now)).toEqual([]);
    await database.db.execute(sql`update scheduled_job_runs set lease_until = now() - interval '1 second'`);
    expect(await runner.runDue(now)).toMatchObject([{ status: 'FAILED', attempt: 2 }]);

    await database.db.execute(sql`update scheduled_job_runs set lease_until = now() - interval '1 second'`);
    expect(await runner.runDue(now)).toEqual([]);
    expect(tries).toBe(2);
    expect(await runRow('flaky', '2026-11-25')).toMatchObject({ status: 'FAILED', attempts: 2 });
  });

  it('takes over a run whose process died once its lease has passed, and not before', async () => {
    await database.db.execute(
      sql`insert into scheduled_job_runs (job_name, period_key, status, owner, lease_until)
          values ('report', '2026-11-25', 'RUNNING', 'dead:1', now() + interval '1 hour')`,
    );
    let runs = 0;
    const runner = runnerAs('host:2');
    runner.register({
      name: 'report',
      periodOf: daily(),
      run: async () => {
        runs += 1;
        return undefined;
      },
    });
    const now = new Date('2026-11-25T08:00:00Z');
    expect(await runner.runDue(now)).toEqual([]);
    await database.db.execute(sql`update scheduled_job_runs set lease_until = now() - interval '1 second'`);
    expect(await runner.runDue(now)).toMatchObject([{ status: 'DONE', attempt: 2 }]);
    expect(runs).toBe(1);
    expect(await runRow('report', '2026-11-25')).toMatchObject({ status: 'DONE', owner: 'host:2' });
  });

  it('refuses a second job of the same name and lists the runs newest first', async () => {
    const runner = runnerAs('host:1');
    const job: ScheduledJob = { name: 'once', periodOf: daily(), run: async () => ({ sent: 3 }) };
    runner.register(job);
    expect(() => runner.register(job)).toThrow(/already registered/);
    await runner.runDue(new Date('2026-11-25T08:00:00Z'));
    expect(await runner.history()).toMatchObject([
      { job_name: 'once', period_key: '2026-11-25', status: 'DONE', result: { sent: 3 } },
    ]);
  });

  it('stops at the end of the pass in progress', async () => {
    const runner = createJobRunner(database.db, { logger: quiet, owner: 'host:1', pollMs: 10 });
    let release: () => void = () => {};
    let finished = false;
    // The claim's row is visible before the job's run begins: the test waits for the run itself,
    // or a release sent in between would reach nobody and the pass would never end.
    const started = new Promise<void>((runBegan) => {
      runner.register({
        name: 'slow',
        periodOf: every(1),
        run: () =>
          new Promise((resolve) => {
            release = () => {
              finished = true;
              resolve(undefined);
            };
            runBegan();
          }),
      });
    });
    runner.start();
    await started;
    const stopping = runner.stop();
    let stopped = false;
    void stopping.then(() => {
      stopped = true;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(stopped).toBe(false);
    release();
    await stopping;
    expect(finished).toBe(true);
    const [row] = await queryRows<{ status: string }>(
      database.db,
      sql`select status from scheduled_job_runs`,
    );
    expect(row?.status).toBe('DONE');
  });
});

/** A logger that keeps each line with its level. */
function recordingLogger() {
  const lines: Array<{ level: RunLogLevel; message: string }> = [];
  const at = (level: RunLogLevel) => (message: string) => void lines.push({ level, message });
  return { lines, logger: { debug: at('debug'), info: at('info'), warn: at('warn'), error: at('error') } };
}

describe("the job runner's log levels", () => {
  const now = new Date('2026-11-25T08:00:00Z');

  it('logs a run that found nothing to do at debug and one that did something at info', async () => {
    const { lines, logger } = recordingLogger();
    const runner = createJobRunner(database.db, { logger, owner: 'host:1' });
    runner.register({ name: 'idle', periodOf: daily(), run: async () => ({ day: '2026-11-25', sent: 0 }) });
    runner.register({ name: 'silent', periodOf: daily(), run: async () => undefined });
    runner.register({ name: 'busy', periodOf: daily(), run: async () => ({ day: '2026-11-25', sent: 2 }) });
    await runner.runDue(now);
    expect(lines).toEqual([
      { level: 'debug', message: 'job idle ran for 2026-11-25: {"day":"2026-11-25","sent":0}' },
      { level: 'debug', message: 'job silent ran for 2026-11-25' },
      { level: 'info', message: 'job busy ran for 2026-11-25: {"day":"2026-11-25","sent":2}' },
    ]);
  });

  it('warns of a failed try that will be tried again, and logs the last one as an error', async () => {
    const { lines, logger } = recordingLogger();
    const runner = createJobRunner(database.db, { logger, owner: 'host:1' });
    runner.register({
      name: 'flaky',
      periodOf: daily(),
      maxAttempts: 2,
      run: async () => {
        throw new Error('mail server down');
      },
    });
    await runner.runDue(now);
    await database.db.execute(sql`update scheduled_job_runs set lease_until = now() - interval '1 second'`);
    await runner.runDue(now);
    expect(lines).toEqual([
      { level: 'warn', message: 'job flaky failed for 2026-11-25 (try 1): mail server down' },
      { level: 'error', message: 'job flaky failed for 2026-11-25 (try 2): mail server down' },
    ]);
  });

  it('logs an autopay pass whose rules were all paid already or owed nothing at debug, a payment at info', async () => {
    const counts = { PAID: 0, PENDING: 0, FAILED: 0, NOTHING_DUE: 3, ALREADY_RAN: 2, ERROR: 0 };
    const { lines, logger } = recordingLogger();
    const runner = createJobRunner(database.db, { logger, owner: 'host:1' });
    runner.register(autopayJob({ runDay: async () => ({ day: '2026-11-25', ...counts }) }));
    await runner.runDue(now);
    counts.PAID = 1;
    await runner.runDue(new Date('2026-11-25T08:15:00Z'));
    expect(lines.map((line) => line.level)).toEqual(['debug', 'info']);
    expect(lines[1]?.message).toContain('"PAID":1');
  });
});
