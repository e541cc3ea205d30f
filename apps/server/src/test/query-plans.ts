import { type SQL, sql } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import { type Db, queryRows } from '../db/client';

/** A node of EXPLAIN's JSON plan, with the fields the grids' plan tests read. */
export type PlanNode = {
  'Node Type': string;
  'Relation Name'?: string;
  'Index Name'?: string;
  'Index Cond'?: string;
  'Parent Relationship'?: string;
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

/**
 * What a node reads its rows from: its outer child, through a Result that only checks a one-time
 * condition (a generic plan's check of a value known at run time, such as the payment log's tenant).
 */
export function rowSourceOf(node: PlanNode): PlanNode | undefined {
  let source = node.Plans?.find((child) => child['Parent Relationship'] === 'Outer');
  while (source?.['Node Type'] === 'Result') {
    source = source.Plans?.find((child) => child['Parent Relationship'] === 'Outer');
  }
  return source;
}

/** Whether an index scan of the plan starts at a keyset position (a row comparison in its condition). */
export const seeksKeyset = (plan: PlanNode) =>
  nodes(plan).some((node) => /ROW\(/.test(node['Index Cond'] ?? ''));

/** The indexes a plan reads. */
export const indexesOf = (plan: PlanNode) => nodes(plan).flatMap((node) => node['Index Name'] ?? []);

/**
 * The plan PostgreSQL keeps for a statement run by queryRowsWithKeptPlan (db/kept-plan-query.ts):
 * the generic plan, made without the values, as a statement prepared with its parameters and
 * explained while plan_cache_mode forces the generic plan.
 */
export async function genericPlanOf(db: Db, query: SQL): Promise<PlanNode> {
  const { sql: text, params } = new PgDialect().sqlToQuery(query);
  // A statement prepared stays with its connection after the transaction: each gets a name of its own.
  probes += 1;
  const name = `generic_plan_probe_${probes}`;
  return db.transaction(async (tx) => {
    await tx.execute(sql`set local plan_cache_mode = force_generic_plan`);
    await tx.execute(sql.raw(`prepare ${name} as ${text}`));
    const values = params.map(literalOf).join(', ');
    const [row] = await queryRows<{ 'QUERY PLAN': unknown }>(
      tx,
      sql.raw(`explain (format json) execute ${name}${values ? `(${values})` : ''}`),
    );
    await tx.execute(sql.raw(`deallocate ${name}`));
    const plan = row!['QUERY PLAN'];
    const parsed = (typeof plan === 'string' ? JSON.parse(plan) : plan) as Array<{ Plan: PlanNode }>;
    return parsed[0]!.Plan;
  });
}

let probes = 0;

function literalOf(value: unknown): string {
  if (typeof value === 'number' || typeof value === 'boolean') return String(value);
  if (typeof value === 'string') return `'${value.replaceAll("'", "''")}'`;
  throw new Error(`no literal for ${typeof value}`);
}
