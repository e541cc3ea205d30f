import { every } from '../jobs/job-periods';
import type { ScheduledJob } from '../jobs/job-runner';

type Settlement = { recoverPending(): Promise<{ checked: number; settled: number }> };

/**
 * Every 5 minutes, in one process of all: payments still PENDING are asked about at the provider,
 * so that one whose notification was lost (a process killed while it arrived, a provider that gave
 * up) is settled without a restart. Settling is once-only by itself (payment-settlement.service).
 */
export function paymentRecoveryJob(settlement: Settlement): ScheduledJob {
  return {
    name: 'recover-pending-payments',
    periodOf: every(5),
    leaseSeconds: 240,
    run: async () => settlement.recoverPending(),
  };
}
