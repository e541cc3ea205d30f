import { type SQL, sql } from 'drizzle-orm';
import { type Db, queryRows } from '../db/client';

/** A node of EXPLAIN's JSON plan, with the fields the grids' plan tests read. */
export type PlanNode = {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  Plans?: PlanNode[];
};

/** The plan the engine the tests run on (PGlite, or PostgreSQL in CI) chooses for a query. */
export async function planOf(db: Db, query: SQL): Promise<PlanNode> {
  const [row] = await queryRows<{ 'QUERY PLAN': unknown }>(db, sql`explain (format json) ${query}`);
  const plan = row!['QUERY PLAN'];
  const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as Array<{ Plan: PlanNode }>;
  return parsed[0]!.Plan;
}

/** A plan's nodes, the root first. */
export function nodes(plan: PlanNode): PlanNode[] {
  return [plan, ...(plan.Plans ?? []).flatMap(nodes)];
}

/** The indexes a plan reads. */
export const indexesOf = (plan: PlanNode) => nodes(plan).flatMap((node) => node['Index Name'] ?? []);
