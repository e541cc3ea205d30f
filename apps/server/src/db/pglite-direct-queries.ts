import { type PGlite, parse, protocol, type QueryOptions, type Results } from '@electric-sql/pglite';
import { ANSWERS_NAMED_STATEMENTS } from './kept-plan-query';
import { type ReadResult, readRows } from './pglite-result-reader';
import { isPlainRead } from './plain-read';

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

/** The unnamed statement's parameter types by text, kept for so many texts at most. */
const MAX_KNOWN_TEXTS = 2_000;

/**
 * Lets the PGlite instance's `query` answer the grids' statements and every plain read more
 * directly than PGlite's own query does (issue 15). PGlite's query prepares every statement
 * unnamed, calls into the database six times for it (parse, describe, bind, describe, execute,
 * sync), and its parser copies every field of the answer into a new ArrayBuffer before decoding
 * it: under load that parse was half of a grid statement's time (a V8 profile of the built server,
 * 2026-11-29).
 *
 * - A statement asked by name (kept-plan-query.ts) is parsed once per database, so that PGlite,
 *   like PostgreSQL, keeps its generic plan after five calls: a computed grid page spent 2.2 ms of
 *   its 4.7 ms planning (EXPLAIN ANALYZE). Each call is then one trip into the database.
 * - A plain read (plain-read.ts) outside a transaction is one trip too, once its text's parameter
 *   types are known (the first call of a text asks them, as PGlite does at every call; later calls
 *   ask them again in the same trip, and run again if they changed).
 * - Both read their rows from the raw answer (pglite-result-reader.ts). Anything else (a write,
 *   named or not, a statement with a blob or a notice listener) goes to PGlite's own query.
 *
 * Run under PGlite's own two locks, in the order its query takes them: no statement of another
 * caller, nor of an open transaction, runs between the messages.
 */
export function answerQueriesDirectly(client: PGlite): void {
  const pglite = client as ExclusivePGlite;
  (client as unknown as Record<symbol, boolean>)[ANSWERS_NAMED_STATEMENTS] = true;
  const original = client.query.bind(client);
  /** Each name prepared in this database, with the parameter types PostgreSQL gave it. */
  const namedTypes = new Map<string, number[]>();
  /** The parameter types of texts run unnamed. */
  const unnamedTypes = new Map<string, number[]>();

  /** Parses a statement and answers its parameter types. */
  const describe = async (name: string, text: string, options: QueryOptions): Promise<number[]> => {
    const messages = await pglite.execProtocolStream(
      concat(
        protocol.serialize.parse({ name, text, types: options.paramTypes }),
        protocol.serialize.describe({ type: 'S', name }),
        protocol.serialize.sync(),
      ),
      { syncToFs: false },
    );
    return parse.parseDescribeStatementResults(messages);
  };

  const valuesOf = (params: unknown[], types: number[], options: QueryOptions) =>
    params.map((value, index) => {
      if (value === null || value === undefined) return null;
      const type = types[index]!;
      const serializer = options.serializers?.[type] ?? client.serializers[type];
      return serializer ? serializer(value) : String(value);
    });

  /** One trip: the messages, then the rows read from the raw answer. */
  const run = async <T>(messages: Uint8Array[], options: QueryOptions): Promise<ReadResult<T>> => {
    // The raw stream: PGlite's other calls parse every message of the answer as it comes, even
    // execProtocolRaw's.
    const chunks: Uint8Array[] = [];
    await pglite.execProtocolRawStream(
      concat(
        ...messages,
        protocol.serialize.describe({ type: 'P' }),
        protocol.serialize.execute({}),
        protocol.serialize.sync(),
      ),
      // A chunk is a view of PGlite's memory, reused after the call: copied.
      { syncToFs: false, onRawData: (chunk) => chunks.push(Buffer.from(chunk)) },
    );
    const answer = chunks.length === 1 ? chunks[0]! : Buffer.concat(chunks);
    const parserOf = (type: number) => options.parsers?.[type] ?? client.parsers[type];
    return readRows<T>(answer, parserOf, options.rowMode);
  };

  const runNamed = async <T>(name: string, text: string, params: unknown[], options: QueryOptions) => {
    let types = namedTypes.get(name);
    if (!types) {
      types = await describe(name, text, options);
      namedTypes.set(name, types);
    }
    const bind = protocol.serialize.bind({ statement: name, values: valuesOf(params, types, options) });
    return run<T>([bind], options);
  };

  const runUnnamed = async <T>(text: string, params: unknown[], options: QueryOptions) => {
    const key = options.paramTypes ? `${text}\u0000${options.paramTypes.join(',')}` : text;
    const known = unnamedTypes.get(key);
    if (known) {
      // The types are asked again in the same trip: values serialized for types that changed
      // since (a table altered) are run again with the new ones. A read runs twice at most.
      try {
        const result = await run<T>(
          [
            protocol.serialize.parse({ text, types: options.paramTypes }),
            protocol.serialize.describe({ type: 'S' }),
            protocol.serialize.bind({ values: valuesOf(params, known, options) }),
          ],
          options,
        );
        if (sameTypes(result.parameterTypes, known)) return result;
      } catch {
        // Described again below: an error that was not the stale types comes back from there.
      }
      unnamedTypes.delete(key);
    }
    // The unnamed statement stays after the sync, until the next parse.
    const types = await describe('', text, options);
    if (unnamedTypes.size >= MAX_KNOWN_TEXTS) unnamedTypes.clear();
    unnamedTypes.set(key, types);
    return run<T>([protocol.serialize.bind({ values: valuesOf(params, types, options) })], options);
  };

  const direct = <T>(text: string, params: unknown[], options: QueryOptions, name?: string) =>
    pglite._runExclusiveTransaction(() =>
      pglite._runExclusiveQuery(async () => {
        try {
          if (!name) return await runUnnamed<T>(text, params, options);
          try {
            return await runNamed<T>(name, text, params, options);
          } catch (error) {
            // A name dropped behind our back (DEALLOCATE, DISCARD): prepared again, once.
            if ((error as { code?: string }).code !== UNKNOWN_STATEMENT) throw error;
            namedTypes.delete(name);
            return await runNamed<T>(name, text, params, options);
          }
        } catch (error) {
          // As PGlite's own query tells it: the statement and its values, for the logs.
          throw Object.assign(error as Error, { query: text, params, queryOptions: options });
        }
      }),
    );

  client.query = async function query<T>(
    text: string,
    params?: unknown[],
    options?: QueryOptions & NamedStatementOption,
  ): Promise<Results<T>> {
    // Only plain reads are answered directly, named or not: a write's counts, a blob and notices
    // are PGlite's to give.
    if (!isPlainRead(text) || options?.blob || options?.onNotice) return original<T>(text, params, options);
    const name = options?.statementName;
    // Refused on a closing or closed database, as PGlite's own query refuses it.
    await pglite._checkReady();
    return (await direct<T>(text, params ?? [], options ?? {}, name)) as Results<T>;
  } as PGlite['query'];
}

function sameTypes(asked: number[] | undefined, known: number[]): boolean {
  return asked !== undefined && asked.length === known.length && asked.every((type, i) => type === known[i]);
}

function concat(...messages: Uint8Array[]): Uint8Array {
  return Buffer.concat(messages);
}
