import type { DatabaseHandle } from '../../db/client';

export type HealthService = ReturnType<typeof createHealthService>;

export type Readiness = { ready: boolean; database: DatabaseHandle['kind'] };

/** Liveness needs only the process; readiness also needs the database to answer. */
export function createHealthService(database: Pick<DatabaseHandle, 'kind' | 'ping'>) {
  return {
    async readiness(): Promise<Readiness> {
      try {
        await database.ping();
        return { ready: true, database: database.kind };
      } catch {
        return { ready: false, database: database.kind };
      }
    },
  };
}
