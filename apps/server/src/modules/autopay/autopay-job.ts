import { every } from '../jobs/job-periods';
import type { ScheduledJob } from '../jobs/job-runner';
import type { AutopayRunService } from './autopay-run.service';

/** How often the runner looks for rules to pay; each rule still pays at most once per UTC day. */
export const AUTOPAY_EVERY_MINUTES = 15;

/**
 * Autopay on the one job runner: every 15 minutes (so that a rule saved or an invoice loaded during
 * the day is paid that day), each rule paying at most once a day by its own row in autopay_runs.
 */
export function autopayJob(run: Pick<AutopayRunService, 'runDay'>): ScheduledJob {
  return {
    name: 'autopay',
    periodOf: every(AUTOPAY_EVERY_MINUTES),
    leaseSeconds: 600,
    run: ({ now }) => run.runDay(now),
    // Rules looked at and found paid already or with nothing due are the common case, every 15 minutes.
    didNothing: (result) => ['PAID', 'PENDING', 'FAILED', 'ERROR'].every((outcome) => !result?.[outcome]),
  };
}
