import { createHash } from 'node:crypto';
import type { SQL } from 'drizzle-orm';
import { PgDialect } from 'drizzle-orm/pg-core';
import type { Db } from './client';
import type { NamedStatementOption } from './pglite-direct-queries';

/**
 * Statements named so far, by their text. Capped: a connection keeps each named statement until it
 * closes, so past the cap a new text runs unnamed (planned at each call, as queryRows does).
 */
const namesByText = new Map<string, string>();
export const MAX_KEPT_PLAN_STATEMENTS = 256;

const dialect = new PgDialect();

/**
 * Rows of a statement asked again and again with new values only (a grid's first page, say).
 * On PostgreSQL it runs as a named prepared statement, named by its text: each pooled connection
 * parses it once, and after five calls PostgreSQL keeps one generic plan when that plan costs no
 * more than the plans it made for the values. Planning was the larger half of the database's time
 * for a computed grid page (0.88 ms to plan against 0.51 ms to run, issue 15). PGlite keeps it
 * too (pglite-direct-queries.ts), outside a transaction.
 *
 * Only for statements whose generic plan is known to be good for every scope: the grids' plan
 * tests hold their first pages to it (genericPlanOf in test/query-plans.ts).
 */
export async function queryRowsWithKeptPlan<T>(db: Db, query: SQL): Promise<T[]> {
  const built = dialect.sqlToQuery(query);
  const name = statementName(built.sql);
  const prepared = db._.session.prepareQuery(built, undefined, name, false);
  if (name && isPgliteQuery(prepared)) {
    // Drizzle's PGlite driver drops the name: the client is asked for it directly, with the
    // driver's own row options, so that the rows come back as drizzle would give them. Inside a
    // transaction the client is PGlite's transaction, unmarked: planned at each call there.
    const result = await prepared.client.query<T>(built.sql, built.params, {
      ...prepared.rawQueryConfig,
      statementName: name,
    });
    return result.rows;
  }
  const result = (await prepared.execute()) as unknown as { rows: T[] };
  return result.rows;
}

/**
 * Set on a PGlite instance whose query answers named statements (pglite-direct-queries.ts).
 * A mark rather than the driver's type: neither a pg pool (whose query takes a callback third)
 * nor a PGlite transaction (which plans unnamed) has it, and PostgreSQL's starts load no PGlite.
 */
export const ANSWERS_NAMED_STATEMENTS = Symbol.for('settle.answersNamedStatements');

/** Drizzle's prepared query on PGlite, as far as it is used here (its fields are public). */
type PgliteQuery = {
  client: {
    query<T>(text: string, params: unknown[], options: object & NamedStatementOption): Promise<{ rows: T[] }>;
  };
  rawQueryConfig: object;
};

function isPgliteQuery(prepared: object): prepared is PgliteQuery {
  const { client } = prepared as { client?: Record<symbol, unknown> };
  return 'rawQueryConfig' in prepared && client?.[ANSWERS_NAMED_STATEMENTS] === true;
}

function statementName(text: string): string | undefined {
  const known = namesByText.get(text);
  if (known || namesByText.size >= MAX_KEPT_PLAN_STATEMENTS) return known;
  const name = `kept_${createHash('sha256').update(text).digest('hex').slice(0, 32)}`;
  namesByText.set(text, name);
  return name;
}
