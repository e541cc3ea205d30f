import type { DatabaseHandle } from '../../db/client';

export type HealthService = ReturnType<typeof createHealthService>;

export type Readiness = { ready: boolean; database: DatabaseHandle['kind'] };

/** A load balancer's probe must get an answer quickly, even from a database that hangs. */
const PING_TIMEOUT_MS = 2_000;

/** Liveness needs only the process; readiness also needs the database to answer. */
export function createHealthService(database: Pick<DatabaseHandle, 'kind' | 'ping'>) {
  return {
    async readiness(): Promise<Readiness> {
      try {
        await Promise.race([
          database.ping(),
          new Promise((_, reject) =>
            setTimeout(() => reject(new Error('ping timed out')), PING_TIMEOUT_MS).unref(),
          ),
        ]);
        return { ready: true, database: database.kind };
      } catch {
        return { ready: false, database: database.kind };
      }
    },
  };
}
