import { sql } from 'drizzle-orm';
import type { FileStorage } from '../../adapters/file-storage/file-storage';
import { type Db, queryRows } from '../client';
import { type SeedResult, seedDemo } from './seed-demo';

export const DEFAULT_DEMO_INVOICES = 3000;
export const DEFAULT_DEMO_SEED = 20261122;

export async function isDatabaseEmpty(db: Db): Promise<boolean> {
  const [row] = await queryRows<{ count: number }>(db, sql`select count(*)::int as count from tenants`);
  return (row?.count ?? 0) === 0;
}

/** The start command's first-run step: demo data only into an empty database. */
export async function seedDemoDataIfEmpty(
  db: Db,
  options: { log: (line: string) => void; storage?: FileStorage },
): Promise<SeedResult | null> {
  if (!(await isDatabaseEmpty(db))) return null;
  options.log('empty database: generating demo data');
  return seedDemo(db, {
    invoices: DEFAULT_DEMO_INVOICES,
    seed: DEFAULT_DEMO_SEED,
    today: new Date(),
    log: options.log,
    storage: options.storage,
  });
}
