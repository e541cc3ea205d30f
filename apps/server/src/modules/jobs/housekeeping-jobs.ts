import type { FileStorage } from '../../adapters/file-storage/file-storage';
import type { Services } from '../../services';
import { daily } from './job-periods';
import type { ScheduledJob } from './job-runner';

/** The portal's own upkeep, once a day across all processes (also `npm run admin -- purge-expired-sessions`). */
export function housekeepingJobs(
  services: Pick<Services, 'sessions' | 'pins' | 'idempotency'> & { fileStorage: FileStorage },
): ScheduledJob[] {
  return [
    {
      // Uploads cut short by a killed process: untouched for an hour, they are nobody's.
      name: 'purge-abandoned-uploads',
      periodOf: daily(2),
      run: async () => ({ files: await services.fileStorage.removeAbandoned(3_600_000) }),
    },
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
