import { hostname } from 'node:os';
import { sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { type Db, queryRows } from '../../db/client';
import { type Clock, systemClock } from '../../lib/clock';
import type { PeriodOf } from './job-periods';

export type JobContext = {
  /** The period being run (the key periodOf answered). */
  period: string;
  /** The runner's now when the run was claimed. */
  now: Date;
  /** 1 on the first try of the period, 2 on the next... */
  attempt: number;
};

export type ScheduledJob = {
  name: string;
  periodOf: PeriodOf;
  /**
   * The work of one period. A retry after a failure runs it again for the same period, so the
   * work must be safe to repeat (each item it handles keeps its own once-only mark, for example
   * a unique key on the user and the period).
   */
  run(context: JobContext): Promise<Record<string, unknown> | undefined>;
  /** Tries per period before it stays FAILED; 3 unless said. */
  maxAttempts?: number;
  /** How long a run may take before another process takes it as abandoned; 10 minutes unless said. */
  leaseSeconds?: number;
  /**
   * Whether a run's result says it found nothing to do (logged at debug, not info). Unless said,
   * a result whose numbers are all 0 (or no result) is nothing.
   */
  didNothing?: (result: Record<string, unknown> | undefined) => boolean;
};

export type JobRunOutcome = {
  job: string;
  period: string;
  status: 'DONE' | 'FAILED';
  attempt: number;
  result?: Record<string, unknown>;
  error?: string;
};

export type JobRunRow = {
  job_name: string;
  period_key: string;
  status: string;
  attempts: number;
  owner: string;
  started_at: string;
  finished_at: string | null;
  error: string | null;
  result: Record<string, unknown> | null;
};

type RunnerLogger = Pick<FastifyBaseLogger, 'debug' | 'info' | 'warn' | 'error'>;
export type RunLogLevel = 'debug' | 'info' | 'warn' | 'error';

/** A result that counts things, each of them 0: the run looked and found nothing. */
export function countsNothing(result: Record<string, unknown> | undefined): boolean {
  return Object.values(result ?? {}).every((value) => typeof value !== 'number' || value === 0);
}

/**
 * The level of a run's log line. Jobs run every few minutes in every portal, so a run that found
 * nothing to do is routine (debug); one that did something is info; a failed try that will be
 * tried again is a warning, and the last try's failure an error.
 */
export function runLogLevel(job: ScheduledJob, outcome: JobRunOutcome): RunLogLevel {
  if (outcome.status === 'FAILED') return outcome.attempt < (job.maxAttempts ?? 3) ? 'warn' : 'error';
  return (job.didNothing ?? countsNothing)(outcome.result) ? 'debug' : 'info';
}

const RETRY_BACKOFF_SECONDS = 300;

/**
 * The one runner of scheduled jobs, in every server process. Each tick asks every job for its
 * current period and claims the (job, period) row with one INSERT ... ON CONFLICT: the primary key
 * lets exactly one process win, on PGlite and on PostgreSQL alike, and no transaction stays open
 * while the job works (PGlite has a single connection). pg-boss and graphile-worker need a real
 * PostgreSQL server (LISTEN, a pg Pool), so they cannot serve the embedded default database.
 */
export function createJobRunner(
  db: Db,
  options: { logger: RunnerLogger; clock?: Clock; pollMs?: number; owner?: string },
) {
  const clock = options.clock ?? systemClock;
  const owner = options.owner ?? `${hostname()}:${process.pid}`;
  const jobs = new Map<string, ScheduledJob>();
  let timer: NodeJS.Timeout | undefined;
  let running: Promise<unknown> | undefined;
  let stopped = true;

  async function claim(job: ScheduledJob, period: string): Promise<number | null> {
    const lease = job.leaseSeconds ?? 600;
    const maxAttempts = job.maxAttempts ?? 3;
    const [claimed] = await queryRows<{ attempts: number }>(
      db,
      sql`insert into scheduled_job_runs (job_name, period_key, status, attempts, owner, lease_until)
          values (${job.name}, ${period}, 'RUNNING', 1, ${owner}, now() + make_interval(secs => ${lease}))
          on conflict (job_name, period_key) do update
            set status = 'RUNNING', attempts = scheduled_job_runs.attempts + 1, owner = excluded.owner,
                lease_until = excluded.lease_until, started_at = now(), finished_at = null, error = null
            where scheduled_job_runs.lease_until < now()
              and (scheduled_job_runs.status = 'RUNNING'
                or (scheduled_job_runs.status = 'FAILED' and scheduled_job_runs.attempts < ${maxAttempts}))
          returning attempts`,
    );
    return claimed ? claimed.attempts : null;
  }

  async function finish(job: ScheduledJob, period: string, outcome: JobRunOutcome) {
    const backoff = RETRY_BACKOFF_SECONDS * outcome.attempt;
    await db.execute(
      sql`update scheduled_job_runs set status = ${outcome.status}, finished_at = now(),
            error = ${outcome.error ?? null}, result = ${outcome.result ? JSON.stringify(outcome.result) : null}::jsonb,
            lease_until = ${outcome.status === 'FAILED' ? sql`now() + make_interval(secs => ${backoff})` : sql`lease_until`}
          where job_name = ${job.name} and period_key = ${period} and owner = ${owner}`,
    );
  }

  async function runJob(job: ScheduledJob, now: Date): Promise<JobRunOutcome | null> {
    const period = job.periodOf(now);
    if (period === null) return null;
    const attempt = await claim(job, period);
    if (attempt === null) return null;
    let outcome: JobRunOutcome;
    let message: string;
    try {
      const result = await job.run({ period, now, attempt });
      outcome = { job: job.name, period, status: 'DONE', attempt, ...(result ? { result } : {}) };
      message = `job ${job.name} ran for ${period}${result ? `: ${JSON.stringify(result)}` : ''}`;
    } catch (error) {
      outcome = { job: job.name, period, status: 'FAILED', attempt, error: (error as Error).message };
      message = `job ${job.name} failed for ${period} (try ${attempt}): ${outcome.error}`;
    }
    options.logger[runLogLevel(job, outcome)](message);
    await finish(job, period, outcome);
    return outcome;
  }

  /** One pass over every job: the runs this process claimed and their outcomes. */
  async function runDue(now: Date = clock.now()): Promise<JobRunOutcome[]> {
    const outcomes: JobRunOutcome[] = [];
    // One job after the other: jobs share the database and the mail courier, and a pass is rare.
    for (const job of jobs.values()) {
      const outcome = await runJob(job, now).catch((error: Error) => {
        options.logger.error(`job ${job.name} could not be claimed: ${error.message}`);
        return null;
      });
      if (outcome) outcomes.push(outcome);
    }
    return outcomes;
  }

  function tick() {
    if (stopped) return;
    running = runDue().finally(() => {
      running = undefined;
      if (!stopped) timer = setTimeout(tick, options.pollMs ?? 60_000);
    });
  }

  return {
    register(job: ScheduledJob) {
      if (jobs.has(job.name)) throw new Error(`job ${job.name} is already registered`);
      jobs.set(job.name, job);
    },
    names: () => [...jobs.keys()],
    runDue,
    history: (limit?: number) => listJobRuns(db, limit),
    /** The jobs whose current period has no finished or running run yet (the metrics' jobs due). */
    async due(now: Date = clock.now()): Promise<number> {
      const current = [...jobs.values()]
        .map((job) => ({ name: job.name, period: job.periodOf(now) }))
        .filter((job): job is { name: string; period: string } => job.period !== null);
      if (current.length === 0) return 0;
      const pairs = sql.join(
        current.map((job) => sql`(${job.name}, ${job.period})`),
        sql`, `,
      );
      const [row] = await queryRows<{ due: number }>(
        db,
        sql`select count(*)::int as due from (values ${pairs}) as current_period(job_name, period_key)
            where not exists (select 1 from scheduled_job_runs r
              where r.job_name = current_period.job_name and r.period_key = current_period.period_key
                and (r.status = 'DONE' or r.lease_until >= now()))`,
      );
      return row?.due ?? 0;
    },
    /** Ticks from now on; the first pass after `delayMs` when given (stop() cancels it). */
    start(options: { delayMs?: number } = {}) {
      if (!stopped) return;
      stopped = false;
      if (options.delayMs) timer = setTimeout(tick, options.delayMs);
      else tick();
    },
    /** Stops ticking and waits for the pass in progress: a job stops at the end of its run. */
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await running;
    },
  };
}

export type JobRunner = ReturnType<typeof createJobRunner>;

/** The latest runs, newest first, for the operator command and the metrics. */
export function listJobRuns(db: Db, limit = 20): Promise<JobRunRow[]> {
  return queryRows<JobRunRow>(
    db,
    sql`select job_name, period_key, status, attempts, owner,
          to_char(started_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as started_at,
          to_char(finished_at at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS"Z"') as finished_at, error, result
        from scheduled_job_runs order by started_at desc limit ${limit}`,
  );
}
