import { sql } from 'drizzle-orm';
import { check, integer, jsonb, pgTable, primaryKey, text, timestamp } from 'drizzle-orm/pg-core';

/**
 * One row per scheduled job and period (a day, a month...): the primary key is what makes a job
 * run once per period however many server processes tick at the same moment. A RUNNING row whose
 * lease has passed belongs to a process that died and is taken again; a FAILED row is tried again
 * once its lease (then the back-off) has passed, up to the job's number of attempts.
 */
export const scheduledJobRuns = pgTable(
  'scheduled_job_runs',
  {
    jobName: text('job_name').notNull(),
    periodKey: text('period_key').notNull(),
    /** RUNNING, DONE or FAILED. */
    status: text('status').notNull(),
    attempts: integer('attempts').notNull().default(1),
    /** Which process holds or held the run (host and pid), for the operator's eyes. */
    owner: text('owner').notNull(),
    leaseUntil: timestamp('lease_until', { withTimezone: true }).notNull(),
    startedAt: timestamp('started_at', { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp('finished_at', { withTimezone: true }),
    error: text('error'),
    result: jsonb('result').$type<Record<string, unknown>>(),
  },
  (table) => [
    primaryKey({ columns: [table.jobName, table.periodKey] }),
    check('scheduled_job_runs_status', sql`${table.status} in ('RUNNING', 'DONE', 'FAILED')`),
  ],
);
