import { sql } from 'drizzle-orm';
import { type Db, queryRows } from '../client';

/**
 * Set-based loading for large seeds: whole columns bound as one array parameter each and
 * unnested by the database (one statement for thousands of rows, the same on PostgreSQL and
 * PGlite), ids reserved up front so that children can point at their parents without reading
 * anything back (secondary indexes and foreign keys are deferred by ../deferred-constraints.ts).
 */
export type Column = { name: string; type: string; values: ReadonlyArray<string | number | boolean | null> };

/** An array literal of PostgreSQL's text form: every element quoted, NULL unquoted. */
function arrayLiteral(values: Column['values']): string {
  const items = values.map((value) =>
    value === null ? 'NULL' : `"${String(value).replaceAll('\\', '\\\\').replaceAll('"', '\\"')}"`,
  );
  return `{${items.join(',')}}`;
}

export async function insertColumns(db: Db, table: string, columns: readonly Column[]): Promise<void> {
  if (columns.length === 0 || columns[0]!.values.length === 0) return;
  const names = sql.raw(columns.map((column) => `"${column.name}"`).join(', '));
  const arrays = sql.join(
    columns.map((column) => sql`${arrayLiteral(column.values)}::${sql.raw(`${column.type}[]`)}`),
    sql`, `,
  );
  await db.execute(sql`insert into ${sql.raw(`"${table}"`)} (${names}) select * from unnest(${arrays})`);
}

/** Reserves `count` ids of a serial column: the first one; the others follow it. */
export async function reserveIds(db: Db, table: string, count: number): Promise<number> {
  const sequence = sql`pg_get_serial_sequence(${table}, 'id')`;
  const [row] = await queryRows<{ first: string }>(
    db,
    sql`select (setval(${sequence}, nextval(${sequence}) + ${count}::bigint - 1) - ${count}::bigint + 1)::text as first`,
  );
  return Number(row!.first);
}
