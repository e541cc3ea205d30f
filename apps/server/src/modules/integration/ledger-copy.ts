import { pipeline } from 'node:stream/promises';
import type { PGlite } from '@electric-sql/pglite';
import type pg from 'pg';
import type { Db } from '../../db/client';

/** One cell of a COPY text row: null is \N; backslash, tab and line breaks escaped. */
function cell(value: string | number | boolean | null | undefined): string {
  if (value === null || value === undefined) return '\\N';
  const text = String(value);
  return /[\\\t\n\r]/.test(text)
    ? text.replace(/\\/g, '\\\\').replace(/\t/g, '\\t').replace(/\n/g, '\\n').replace(/\r/g, '\\r')
    : text;
}

export function copyLine(values: Array<string | number | boolean | null | undefined>): string {
  return `${values.map(cell).join('\t')}\n`;
}

/**
 * COPY rows (already in COPY text format) into a table of the transaction's own connection:
 * on PostgreSQL streamed through COPY FROM STDIN (pg-copy-streams); on PGlite as COPY FROM
 * '/dev/blob', PGlite's way of feeding COPY. Called per chunk, so memory is one chunk.
 */
export async function copyInto(tx: Db, table: string, columns: string[], lines: string[]) {
  if (lines.length === 0) return;
  const statement = `copy ${table} (${columns.join(', ')}) from`;
  const client = (tx as unknown as { session: { client: unknown } }).session.client;
  if (isPgClient(client)) {
    const { from: copyFrom } = await import('pg-copy-streams');
    const stream = client.query(copyFrom(`${statement} stdin`));
    await pipeline([lines.join('')], stream);
    return;
  }
  await (client as PGlite).query(`${statement} '/dev/blob'`, [], {
    blob: new Blob(lines),
  });
}

function isPgClient(client: unknown): client is pg.PoolClient {
  return typeof (client as { release?: unknown }).release === 'function';
}
