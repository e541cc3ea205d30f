import { type PGlite, parse, protocol, type QueryOptions, type Results } from '@electric-sql/pglite';
import { ANSWERS_NAMED_STATEMENTS } from './kept-plan-query';
import { readRows } from './pglite-result-reader';

/**
 * The option that asks PGlite's query for a named prepared statement (kept-plan-query.ts). Only
 * the PGlite instance's own query understands it; a transaction's query ignores it and runs the
 * statement unnamed, as before.
 */
export type NamedStatementOption = { statementName?: string };

/** PGlite's own methods used here, which its interface marks as internal to it. */
type ExclusivePGlite = PGlite & {
  _checkReady(): Promise<void>;
  _runExclusiveQuery<T>(fn: () => Promise<T>): Promise<T>;
  _runExclusiveTransaction<T>(fn: () => Promise<T>): Promise<T>;
};

/** PostgreSQL's code for a statement name it does not know (invalid_sql_statement_name). */
const UNKNOWN_STATEMENT = '26000';

/**
 * Lets `query` run a statement by name, so that PGlite, like PostgreSQL, parses it once and keeps
 * its generic plan after five calls. PGlite's query prepares every statement unnamed: a computed
 * grid page spent 2.2 ms of its 4.7 ms planning (EXPLAIN ANALYZE, 2026-11-29), and the page ran in
 * half the time as a named statement. PGlite's query also calls into the database six times per
 * statement (parse, describe, bind, describe, execute, sync); a named statement, once after its
 * first, and its rows are read from the raw answer (pglite-result-reader.ts).
 *
 * Run under PGlite's own two locks, in the order its query takes them: no statement of another
 * caller, nor of an open transaction, runs between the messages.
 */
export function answerNamedStatements(client: PGlite): void {
  const pglite = client as ExclusivePGlite;
  (client as unknown as Record<symbol, boolean>)[ANSWERS_NAMED_STATEMENTS] = true;
  const original = client.query.bind(client);
  /** Each name prepared in this database, with the parameter types PostgreSQL gave it. */
  const parameterTypes = new Map<string, number[]>();

  const prepare = async (name: string, text: string): Promise<number[]> => {
    const known = parameterTypes.get(name);
    if (known) return known;
    const messages = await pglite.execProtocolStream(
      concat(
        protocol.serialize.parse({ name, text }),
        protocol.serialize.describe({ type: 'S', name }),
        protocol.serialize.sync(),
      ),
      { syncToFs: false },
    );
    const types = parse.parseDescribeStatementResults(messages);
    parameterTypes.set(name, types);
    return types;
  };

  const execute = async <T>(name: string, text: string, params: unknown[], options: QueryOptions) => {
    const types = await prepare(name, text);
    const values = params.map((value, index) => {
      if (value === null || value === undefined) return null;
      const type = types[index]!;
      const serializer = options.serializers?.[type] ?? client.serializers[type];
      return serializer ? serializer(value) : String(value);
    });
    // The raw stream: PGlite's other calls parse every message of the answer as it comes, even
    // execProtocolRaw's, and that parse was the larger part of what reading the rows cost.
    const chunks: Uint8Array[] = [];
    await pglite.execProtocolRawStream(
      concat(
        protocol.serialize.bind({ statement: name, values }),
        protocol.serialize.describe({ type: 'P' }),
        protocol.serialize.execute({}),
        protocol.serialize.sync(),
      ),
      // A chunk is a view of PGlite's memory, reused after the call: copied.
      { syncToFs: false, onRawData: (chunk) => chunks.push(Buffer.from(chunk)) },
    );
    const answer = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
    const parserOf = (type: number) => options.parsers?.[type] ?? client.parsers[type];
    return readRows<T>(answer, parserOf) as Results<T>;
  };

  client.query = async function query<T>(
    text: string,
    params?: unknown[],
    options?: QueryOptions & NamedStatementOption,
  ): Promise<Results<T>> {
    const name = options?.statementName;
    if (!name || !options) return original<T>(text, params, options);
    // Refused on a closing or closed database, as PGlite's own query refuses it.
    await pglite._checkReady();
    return pglite._runExclusiveTransaction(() =>
      pglite._runExclusiveQuery(async () => {
        try {
          try {
            return await execute<T>(name, text, params ?? [], options);
          } catch (error) {
            // A name dropped behind our back (DEALLOCATE, DISCARD): prepared again, once.
            if ((error as { code?: string }).code !== UNKNOWN_STATEMENT) throw error;
            parameterTypes.delete(name);
            return await execute<T>(name, text, params ?? [], options);
          }
        } catch (error) {
          // As PGlite's own query tells it: the statement and its values, for the logs.
          throw Object.assign(error as Error, { query: text, params, queryOptions: options });
        }
      }),
    );
  } as PGlite['query'];
}

function concat(...messages: Uint8Array[]): Uint8Array {
  return Buffer.concat(messages);
}
