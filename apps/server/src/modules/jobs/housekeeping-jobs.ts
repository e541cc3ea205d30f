import type { Services } from '../../services';
import { daily } from './job-periods';
import type { ScheduledJob } from './job-runner';

/** The portal's own upkeep, once a day across all processes (also `npm run admin -- purge-expired-sessions`). */
export function housekeepingJobs(
  services: Pick<Services, 'sessions' | 'pins' | 'idempotency'>,
): ScheduledJob[] {
  return [
    {
      name: 'purge-expired-sessions',
      periodOf: daily(2),
      run: async () => ({
        sessions: await services.sessions.purgeExpired(),
        signInCodes: await services.pins.purgeExpired(),
      }),
    },
    {
      name: 'purge-expired-idempotency-keys',
      periodOf: daily(2),
      run: async () => ({ keys: await services.idempotency.purgeExpired() }),
    },
  ];
}
