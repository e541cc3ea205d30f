import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../../db/client';
import type { JobRunner } from '../jobs/job-runner';

/**
 * What the metrics report of the work every process shares, read from the database at each scrape
 * (not counted in one process's memory): each process answers the same totals, so that a monitor
 * reads them from any one of them.
 */
export function createOperationsStatsService(db: Db, jobs: Pick<JobRunner, 'due'>) {
  return {
    /** Payments by status (PENDING, SUCCESS, FAILED, CANCELLED...). */
    paymentsByStatus: () =>
      queryRows<{ status: string; count: number }>(
        db,
        sql`select status, count(*)::int as count from payments group by status`,
      ),
    /** Webhook deliveries by status. */
    webhookDeliveriesByStatus: () =>
      queryRows<{ status: string; count: number }>(
        db,
        sql`select status, count(*)::int as count from webhook_deliveries group by status`,
      ),
    /** The pending deliveries already due: the queue waiting for a sender. */
    async webhookQueueDepth(): Promise<number> {
      const [due] = await queryRows<{ count: number }>(
        db,
        sql`select count(*)::int as count from webhook_deliveries where status = 'PENDING' and next_attempt_at <= now()`,
      );
      return due?.count ?? 0;
    },
    /** Scheduled runs by job and status. */
    jobRunsByStatus: () =>
      queryRows<{ job: string; status: string; count: number }>(
        db,
        sql`select job_name as job, status, count(*)::int as count from scheduled_job_runs group by job_name, status`,
      ),
    /** The jobs whose current period has not run yet. */
    jobsDue: () => jobs.due(),
  };
}

export type OperationsStatsService = ReturnType<typeof createOperationsStatsService>;
