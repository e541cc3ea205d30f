import { createInterface } from 'node:readline';
import type { Readable } from 'node:stream';

/** One row of a load as it arrived: its line in the body, and its value or why it could not be read. */
export type SourceRow = { line: number; value?: unknown; error?: string };

/** A JSON batch: an array of rows, numbered from 1. */
export async function* jsonRows(body: unknown): AsyncGenerator<SourceRow> {
  if (!Array.isArray(body)) {
    yield { line: 1, error: 'A JSON batch is an array of rows' };
    return;
  }
  for (const [index, value] of body.entries()) yield { line: index + 1, value };
}

/** NDJSON: one JSON object per line, read as it streams in; blank lines are skipped. */
export async function* ndjsonRows(stream: Readable): AsyncGenerator<SourceRow> {
  let line = 0;
  for await (const text of createInterface({ input: stream, crlfDelay: Number.POSITIVE_INFINITY })) {
    line += 1;
    if (text.trim() === '') continue;
    try {
      yield { line, value: JSON.parse(text) };
    } catch {
      yield { line, error: 'Not valid JSON' };
    }
  }
}

/**
 * CSV with a header line, through csv-parse as it streams in. Empty cells are left out (an optional
 * field keeps its stored value); the list columns (`currencies`, and a user's `roles`, `custNos` and
 * `approverCustNos`) hold values separated by ; or |; `lines` is not a CSV column (load lines as
 * NDJSON or JSON).
 */
export async function* csvRows(stream: Readable): AsyncGenerator<SourceRow> {
  // The CSV parser is loaded by the first CSV load, not at start.
  const { parse } = await import('csv-parse');
  const skipped: SourceRow[] = [];
  const parser = stream.pipe(
    parse({
      columns: (header: string[]) => header.map((name) => name.trim()),
      bom: true,
      trim: true,
      info: true,
      skip_empty_lines: true,
      skip_records_with_error: true,
    }),
  );
  // The parser reports a skipped row as soon as it reads it, ahead of the records still buffered:
  // each is held until the records before it are out, so the rows come in file order.
  parser.on('skip', (error: Error & { lines?: number }) => {
    const line = error.lines ?? 0;
    if (skipped.some((row) => row.line === line)) return;
    skipped.push({ line, error: `Not a valid CSV row: ${error.message}` });
  });
  for await (const { record, info } of parser as AsyncIterable<{
    record: Record<string, string>;
    info: { lines: number };
  }>) {
    while (skipped.length > 0 && skipped[0]!.line < info.lines) yield skipped.shift()!;
    yield { line: info.lines, value: fromCsv(record) };
  }
  while (skipped.length > 0) yield skipped.shift()!;
}

const LIST_COLUMNS = new Set(['currencies', 'roles', 'custNos', 'approverCustNos']);

function fromCsv(record: Record<string, string>): Record<string, unknown> {
  const value: Record<string, unknown> = {};
  for (const [name, cell] of Object.entries(record)) {
    if (cell === '') continue;
    value[name] = LIST_COLUMNS.has(name)
      ? cell
          .split(/[;|]/)
          .map((item) => item.trim())
          .filter((item) => item !== '')
      : cell;
  }
  return value;
}
