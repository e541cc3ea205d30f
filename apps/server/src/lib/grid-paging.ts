import { type SQL, sql } from 'drizzle-orm';
import { decodeCursor, encodeCursor, listDigest } from './grid-cursor';

/**
 * The paging strategy of every server-paged grid (invoices, disputes, payment logs), cheapest first:
 * 1. keyset: the request carries the previous page's nextCursor, so the page starts with a seek
 *    to the row after that page's last one (as fast as page 1, however deep);
 * 2. from the nearer end: without a cursor, when the list's size is known for nothing (unfiltered
 *    lists, from the aggregates) and the page lies in the second half, the same order is walked
 *    backwards, so page 1,001 of 1,352 skips 17,550 entries rather than 50,000;
 * 3. otherwise OFFSET on the page's ids alone (each grid's page query chooses ids from its index,
 *    then reads the page's rows): the skipped entries are index entries, never table rows nor a sort.
 * The far jump is therefore bounded by half the list's index entries, and the pager's next and
 * previous steps (the common case) are keyset.
 */

/** How one page is read: after a keyset position, or at an offset from the start or from the end. */
export type GridWalk = {
  after?: SQL;
  offset: number;
  limit: number;
  /** Walk the order backwards (offset counted from the end); rows still come back in the grid's order. */
  fromEnd: boolean;
  /** Whether the list's size was read before the page (a jump): the page need not bring it. */
  countKnown: boolean;
};

/** What each grid's page query takes: its scope, the filter, the sort and the walk's window. */
export type GridPageOptions<Scope> = {
  scope: Scope;
  filter?: SQL;
  /** A keyset page's start: the rows after this position in the list's order (keysetAfter). */
  after?: SQL;
  sort: string;
  dir: 'asc' | 'desc';
  limit: number;
  offset: number;
  /** Walk the order backwards (a page nearer the end); the rows still come back in the grid's order. */
  fromEnd?: boolean;
};

/** The direction an index is walked for a page: the grid's, reversed when walking from the end. */
export function walkDirection(options: Pick<GridPageOptions<unknown>, 'dir' | 'fromEnd'>): 'asc' | 'desc' {
  return (options.dir === 'desc') !== Boolean(options.fromEnd) ? 'desc' : 'asc';
}

/**
 * The page sizes whose statements keep a plan: the web's (its dashboard widget's 10, the grids' 25, 50
 * and 100), the largest a call may ask (200) and an export's batch (EXPORT_BATCH_SIZE, 2,000). Any
 * other limit (a last page cut short, an export's odd remainder, a page size typed into the address)
 * is planned at each call: names are few and never freed, so they go to the sizes asked again and again.
 */
export const KEPT_PLAN_LIMITS: ReadonlySet<number> = new Set([10, 25, 50, 100, 200, 2000]);

/**
 * Whether a page statement can keep one plan for every scope (queryRowsWithKeptPlan): an unfiltered
 * page without offset (the first, or one after a keyset position), walked in the grid's own
 * direction, of a usual size (KEPT_PLAN_LIMITS), sorted by a field that an index of the scope gives
 * in order. Its generic plan is then that walk, good for an account of ten rows as of a million, and
 * its text differs only by sort, direction and page size. A filter's text varies without bound, its
 * generic plan cannot know how rare its values are, and a sort no index gives in order could be
 * planned as a read of every account's rows.
 */
export function keepsPagePlan(
  options: Pick<GridPageOptions<unknown>, 'filter' | 'offset' | 'limit' | 'sort' | 'fromEnd'>,
  sortsWalkingAnIndex: ReadonlySet<string>,
): boolean {
  return (
    !options.filter &&
    options.offset === 0 &&
    !options.fromEnd &&
    KEPT_PLAN_LIMITS.has(options.limit) &&
    sortsWalkingAnIndex.has(options.sort)
  );
}

/** A page's filter and keyset start as one condition (undefined when it has neither). */
export function pageCondition(options: Pick<GridPageOptions<unknown>, 'filter' | 'after'>): SQL | undefined {
  const { filter, after } = options;
  return filter && after ? sql`(${filter}) and ${after}` : (filter ?? after);
}

/**
 * A page's LIMIT and OFFSET. A page that keeps its plan has its limit written into the statement:
 * given as a value, the limit makes PostgreSQL's generic plan assume a tenth of the scope's rows,
 * which costs more than the plans made for the values, so the generic plan was never kept.
 */
export function pageWindow(
  options: Pick<GridPageOptions<unknown>, 'offset' | 'limit'>,
  keepsPlan: boolean,
): SQL {
  if (keepsPlan) return sql.raw(`limit ${options.limit}`);
  return sql`limit ${options.limit} offset ${options.offset}`;
}

export type GridPaging<R> = {
  /** What makes the list the list: grid, scope, filter, sort, page size (a cursor only seeks in its own). */
  list: ReadonlyArray<string | number | undefined>;
  page: number;
  pageSize: number;
  cursor?: string;
  /** The condition "after this position" in the list's order; undefined when the value cannot be one. */
  after(value: unknown, id: number): SQL | undefined;
  /** A record's position in the list's order, as `after` takes it. */
  positionOf(record: R): { value: unknown; id: number };
  read(walk: GridWalk): Promise<R[]>;
  /** The list's size when it costs nothing (aggregates): read before a jump, to walk from the nearer end. */
  countBeforeJump?(): Promise<number>;
  /** The list's size once the page is read, when the page brought it (or undefined when unknown). */
  countAfterPage?(records: R[]): Promise<number | undefined>;
};

export async function findGridPage<R>(
  paging: GridPaging<R>,
): Promise<{ records: R[]; nextCursor: string | null; count: number | undefined }> {
  const { page, pageSize } = paging;
  const list = listDigest(paging.list);
  const offset = (page - 1) * pageSize;
  const cursor = decodeCursor(paging.cursor, list, page);
  const after = cursor && paging.after(cursor.value, cursor.id);
  const jump = !after && offset > 0;
  let count = jump && paging.countBeforeJump ? await paging.countBeforeJump() : undefined;
  const countKnown = count !== undefined;
  let records: R[];
  if (after) {
    records = await paging.read({ after, offset: 0, limit: pageSize, fromEnd: false, countKnown });
  } else if (count !== undefined && offset * 2 > count) {
    const fromEnd = count - offset - pageSize;
    const limit = pageSize + Math.min(0, fromEnd);
    records =
      limit > 0 ? await paging.read({ offset: Math.max(0, fromEnd), limit, fromEnd: true, countKnown }) : [];
  } else {
    records = await paging.read({ offset, limit: pageSize, fromEnd: false, countKnown });
  }
  if (count === undefined && paging.countAfterPage) count = await paging.countAfterPage(records);
  const last = records.at(-1);
  const more = records.length === pageSize && (count === undefined || offset + records.length < count);
  const position = last && paging.positionOf(last);
  const value = position?.value;
  const nextCursor =
    more && position && (typeof value === 'string' || typeof value === 'number' || value === null)
      ? encodeCursor(list, { page: page + 1, value, id: position.id })
      : null;
  return { records, nextCursor, count };
}

/** The SQL types a sort value is compared as in a keyset condition. */
export type KeysetCast = 'text' | 'date' | 'timestamptz' | 'numeric' | 'integer';

/** What a keyset value must look like for its cast, so that a forged cursor cannot make the cast fail. */
const KEYSET_VALUE: Record<KeysetCast, (value: string) => boolean> = {
  text: () => true,
  date: (value) => /^\d{4}-\d{2}-\d{2}$/.test(value) && !Number.isNaN(Date.parse(value)),
  timestamptz: (value) =>
    /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{6}Z$/.test(value) && !Number.isNaN(Date.parse(value)),
  numeric: (value) => /^-?\d{1,15}(\.\d{1,4})?$/.test(value),
  integer: (value) => /^-?\d{1,9}$/.test(value),
};

/** A sort key of a grid: its column, how its values compare, and whether it can be empty. */
export type KeysetKey = { column: SQL; cast: KeysetCast; nullable?: boolean };

/**
 * "After this row" in an order by the key and then by id, both in `dir`, empty values first
 * ascending and last descending (the grids' `nulls first`/`nulls last`): a condition the index
 * can seek to, instead of an OFFSET that rereads every earlier row. Undefined when the value
 * cannot be compared that way (then the page is found by its number).
 */
export function keysetAfter(
  key: KeysetKey,
  idColumn: SQL,
  dir: 'asc' | 'desc',
  value: unknown,
  id: number,
): SQL | undefined {
  const { column } = key;
  if (value === null) {
    if (!key.nullable) return undefined;
    return dir === 'desc'
      ? sql`(${column} is null and ${idColumn} < ${id})`
      : sql`((${column} is null and ${idColumn} > ${id}) or ${column} is not null)`;
  }
  if (typeof value !== 'string' && typeof value !== 'number') return undefined;
  if (!KEYSET_VALUE[key.cast](String(value))) return undefined;
  const comparison = sql.raw(dir === 'desc' ? '<' : '>');
  const after = sql`(${column}, ${idColumn}) ${comparison} (cast(${String(value)} as ${sql.raw(key.cast)}), ${id})`;
  // Descending, the empty values come after every other one.
  return key.nullable && dir === 'desc' ? sql`(${after} or ${column} is null)` : after;
}

/**
 * A key's value as text that casts back to exactly the same value: a page query selects it for
 * its last row's cursor (a timestamp shown to the minute or the millisecond would not).
 */
export function keysetText(key: KeysetKey): SQL {
  return key.cast === 'timestamptz'
    ? sql`to_char(${key.column} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.US"Z"')`
    : sql`(${key.column})::text`;
}

/** The order of a grid by a key and then by id, empty values first ascending and last descending. */
export function keysetOrder(key: KeysetKey, idColumn: SQL, dir: 'asc' | 'desc'): SQL {
  const direction = sql.raw(dir === 'desc' ? 'desc' : 'asc');
  // Said only for keys that can be empty: on the others it changes no order but keeps the
  // grid's indexes (ascending, nulls last) from giving the order, so the account is sorted.
  const nulls = sql.raw(key.nullable ? (dir === 'desc' ? 'nulls last' : 'nulls first') : '');
  return sql`${key.column} ${direction} ${nulls}, ${idColumn} ${direction}`;
}
