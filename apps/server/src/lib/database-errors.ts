/**
 * What a failed query may tell the log, and whether the database was unreachable.
 * Drizzle's error message carries the SQL text and its parameters, and PostgreSQL's own
 * message or detail may quote a value ("Key (login_key)=(…)"): neither is written to the
 * log, where anyone able to send a request could otherwise plant or read data.
 */

type WithCause = { cause?: unknown };
type PgLike = {
  code?: unknown;
  constraint?: unknown;
  table?: unknown;
  routine?: unknown;
  severity?: unknown;
};

/** Every error of the chain, outermost first (a DrizzleQueryError wraps the driver's). */
function errorChain(error: unknown): unknown[] {
  const chain: unknown[] = [];
  let current: unknown = error;
  while (current && typeof current === 'object' && chain.length < 5 && !chain.includes(current)) {
    chain.push(current);
    current = (current as WithCause).cause;
  }
  return chain;
}

function isQueryError(error: unknown): boolean {
  return error instanceof Error && 'query' in error && 'params' in error;
}

/** A PostgreSQL error (pg or PGlite): a five-character SQLSTATE and a severity. */
function sqlStateOf(error: unknown): string | undefined {
  const { code, severity } = (error ?? {}) as PgLike;
  return typeof code === 'string' && /^[0-9A-Z]{5}$/.test(code) && severity !== undefined ? code : undefined;
}

export function isDatabaseError(error: unknown): boolean {
  return errorChain(error).some((link) => isQueryError(link) || sqlStateOf(link) !== undefined);
}

/** The log's view of a database error: its kind, SQLSTATE and the constraint or table, never values. */
export function databaseErrorForLog(error: unknown): Record<string, unknown> {
  const chain = errorChain(error);
  const pgError = chain.find((link) => sqlStateOf(link) !== undefined) as PgLike | undefined;
  const frames = (error instanceof Error ? (error.stack ?? '') : '')
    .split('\n')
    .filter((line) => line.trimStart().startsWith('at '));
  return {
    type: 'DatabaseError',
    sqlState: pgError?.code,
    constraint: pgError?.constraint,
    table: pgError?.table,
    routine: pgError?.routine,
    unavailable: isDatabaseUnavailable(error),
    stack: frames.join('\n'),
  };
}

/** Network failures of the connection itself (pg raises them as plain Node errors). */
const NETWORK_CODES = new Set([
  'ECONNREFUSED',
  'ECONNRESET',
  'ETIMEDOUT',
  'EHOSTUNREACH',
  'ENETUNREACH',
  'ENOTFOUND',
  'EPIPE',
  'EAI_AGAIN',
]);

/** 08xxx connection exceptions, the server shutting down or refusing, too many connections. */
function isUnavailableSqlState(state: string): boolean {
  return state.startsWith('08') || ['57P01', '57P02', '57P03', '53300'].includes(state);
}

/** pg's own words when the socket closes under it or the pool cannot hand out a connection. */
const UNAVAILABLE_MESSAGES = [
  'Connection terminated',
  'connection error',
  'timeout exceeded when trying to connect',
  'Cannot use a pool after calling end',
];

/** The database could not be reached (down, restarting, a connection cut): the call may be tried again. */
export function isDatabaseUnavailable(error: unknown): boolean {
  return errorChain(error).some((link) => {
    const state = sqlStateOf(link);
    if (state) return isUnavailableSqlState(state);
    const { code } = link as { code?: unknown };
    if (typeof code === 'string' && NETWORK_CODES.has(code)) return true;
    const message = link instanceof Error ? link.message : '';
    return !isQueryError(link) && UNAVAILABLE_MESSAGES.some((words) => message.includes(words));
  });
}
