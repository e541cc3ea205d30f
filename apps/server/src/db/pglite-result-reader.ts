import { protocol } from '@electric-sql/pglite';

type FieldParser = (value: string, type: number) => unknown;

/** A read's result as PGlite's own query answers it. */
export type ReadResult<T> = {
  rows: T[];
  fields: Array<{ name: string; dataTypeID: number }>;
  affectedRows: number;
  command?: string;
  rowCount?: number;
  /** The statement's parameter types, when the exchange described it. */
  parameterTypes?: number[];
};

/**
 * Reads the rows of one extended-protocol exchange ([parse,] bind, describe, execute, sync) from
 * the raw bytes PGlite answered, as objects or (rowMode 'array', as drizzle asks) as arrays. PGlite's own parser copies every field into a new ArrayBuffer before
 * decoding it: under load that copy and its decoding were half of a named grid statement's time
 * (a V8 profile of the built server, 2026-11-29). Here each text field is decoded from the answer
 * in place, then given to the parser PGlite would give it (the caller's, else the client's).
 *
 * An answer holding an error is read by PGlite's parser, so that the error thrown is the one its
 * query would throw.
 */
export function readRows<T>(
  answer: Uint8Array,
  parserOf: (type: number) => FieldParser | undefined,
  rowMode: 'object' | 'array' = 'object',
): ReadResult<T> {
  const bytes = Buffer.from(answer.buffer, answer.byteOffset, answer.byteLength);
  const fields: Array<{ name: string; dataTypeID: number }> = [];
  let parsers: Array<FieldParser | undefined> = [];
  const rows: T[] = [];
  const result: ReadResult<T> = { rows, fields, affectedRows: 0 };
  let at = 0;
  while (at < bytes.length) {
    const kind = bytes[at]!;
    const length = bytes.readInt32BE(at + 1);
    const body = at + 5;
    at += 1 + length;
    if (kind === ROW_DESCRIPTION) {
      // A statement described before its portal: the same fields twice, the last kept.
      fields.length = 0;
      let cursor = body + 2;
      for (let column = bytes.readInt16BE(body); column > 0; column--) {
        const end = bytes.indexOf(0, cursor);
        const name = bytes.toString('utf8', cursor, end);
        const dataTypeID = bytes.readInt32BE(end + 7);
        fields.push({ name, dataTypeID });
        cursor = end + 19;
      }
      parsers = fields.map((field) => parserOf(field.dataTypeID));
    } else if (kind === DATA_ROW) {
      // Objects are filled as the fields come (no array between): the grids' reads are objects.
      const count = bytes.readInt16BE(body);
      const row: Record<string, unknown> | unknown[] = rowMode === 'array' ? new Array<unknown>(count) : {};
      let cursor = body + 2;
      for (let column = 0; column < count; column++) {
        const size = bytes.readInt32BE(cursor);
        cursor += 4;
        const key = rowMode === 'array' ? column : fields[column]!.name;
        if (size < 0) {
          (row as Record<string | number, unknown>)[key] = null;
          continue;
        }
        const text = bytes.toString('utf8', cursor, cursor + size);
        cursor += size;
        const parse = parsers[column];
        (row as Record<string | number, unknown>)[key] = parse
          ? parse(text, fields[column]!.dataTypeID)
          : text;
      }
      rows.push(row as T);
    } else if (kind === PARAMETER_DESCRIPTION) {
      const count = bytes.readInt16BE(body);
      result.parameterTypes = Array.from({ length: count }, (_, i) => bytes.readInt32BE(body + 2 + 4 * i));
    } else if (kind === COMMAND_COMPLETE) {
      // "SELECT 50": the command, and the count PGlite gives as rowCount.
      const tag = bytes.toString('utf8', body, bytes.indexOf(0, body)).split(' ');
      result.command = tag[0];
      const counted = Number.parseInt(tag[tag.length - 1]!, 10);
      if (!Number.isNaN(counted)) result.rowCount = counted;
    } else if (kind === ERROR_RESPONSE) {
      throw errorIn(answer);
    }
  }
  return result;
}

const ROW_DESCRIPTION = 0x54; // 'T'
const DATA_ROW = 0x44; // 'D'
const ERROR_RESPONSE = 0x45; // 'E'
const COMMAND_COMPLETE = 0x43; // 'C'
const PARAMETER_DESCRIPTION = 0x74; // 't'

function errorIn(answer: Uint8Array): Error {
  let error: Error | undefined;
  new protocol.Parser().parse(answer, (message) => {
    if (!error && message.name === 'error') error = message as unknown as Error;
  });
  return error ?? new Error('PGlite answered an error that could not be read');
}
