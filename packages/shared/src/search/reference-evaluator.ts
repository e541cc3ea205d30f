import { addDays, toEpochDay } from '../calendar-date';
import { TEXT_TYPES } from './constraints-by-type';
import type { TDataType } from './criteria-model';
import { type CoercedValue, coerceLiteral } from './filter-coercion';
import type { CompareOp, FilterExpression } from './filter-expression';
import { compareDecimal, MAX_RELATIVE_DAYS } from './value-formats';

/**
 * The meaning of a filter tree over one in-memory row: the executable specification that
 * the server's SQL is tested against, usable for filtering rows already on the client.
 *
 * - Two-valued logic: a comparison or call on a field without value (null) is false, except
 *   ne, which is true (null is distinct from any value); not(x) is the negation of x.
 * - eq/ne null test for no value; eq/ne '' on text types mean "no value or empty text".
 * - Text: eq/ne exact; ordering by code point; substringof/startswith/endswith ignore case.
 * - Numbers compare as exact decimals, dates as calendar dates, datetimes as instants (a
 *   datetime without zone is read as UTC, the database session's zone), booleans false < true.
 * - inrelrange(f,a,b): today+min(a,b) .. today+max(a,b) days, inclusive (for datetimes from
 *   the start of the first day to the end of the last); infuture/inpast: after/before today
 *   for dates, after/before now for datetimes.
 * Throws on an unknown field or a value the field's type does not take (the server refuses those).
 */
export type ReferenceRow = Readonly<Record<string, string | boolean | null>>;

export interface ReferenceContext {
  fields: Readonly<Record<string, TDataType>>;
  /** 'yyyy-mm-dd' */
  today: string;
  /** ISO instant, e.g. '2026-01-31T10:00:00.000Z' */
  now: string;
}

export function evaluateFilter(
  expression: FilterExpression,
  row: ReferenceRow,
  context: ReferenceContext,
): boolean {
  switch (expression.kind) {
    case 'and':
      return expression.items.every((item) => evaluateFilter(item, row, context));
    case 'or':
      return expression.items.some((item) => evaluateFilter(item, row, context));
    case 'not':
      return !evaluateFilter(expression.item, row, context);
    case 'compare': {
      const type = fieldType(expression.field, context);
      const value = coerceLiteral(expression.value, type);
      if (!value) throw new Error(`value not valid for ${expression.field}`);
      return compare(expression.op, type, row[expression.field] ?? null, value);
    }
    case 'call': {
      const type = fieldType(expression.field, context);
      const cell = row[expression.field] ?? null;
      if (expression.fn === 'substringof' || expression.fn === 'startswith' || expression.fn === 'endswith') {
        if (!TEXT_TYPES.has(type)) throw new Error('text function on a non-text field');
        if (typeof cell !== 'string') return false;
        const text = cell.toLowerCase();
        const needle = expression.args[0].value.toLowerCase();
        if (expression.fn === 'substringof') return text.includes(needle);
        return expression.fn === 'startswith' ? text.startsWith(needle) : text.endsWith(needle);
      }
      if (type !== 'date' && type !== 'datetime') throw new Error('date function on a non-date field');
      if (typeof cell !== 'string') return false;
      if (expression.fn === 'inrelrange') {
        const [a, b] = expression.args.map((arg) => Number(arg.value)) as [number, number];
        if (Math.abs(a) > MAX_RELATIVE_DAYS || Math.abs(b) > MAX_RELATIVE_DAYS)
          throw new Error('offset out of range');
        const first = addDays(context.today, Math.min(a, b));
        const last = addDays(context.today, Math.max(a, b));
        if (type === 'date') return cell >= first && cell <= last;
        const at = instant(cell);
        return at >= instant(`${first}T00:00:00Z`) && at < instant(`${addDays(last, 1)}T00:00:00Z`);
      }
      const sign =
        type === 'date' ? compareText(cell, context.today) : cmp(instant(cell), instant(context.now));
      return expression.fn === 'infuture' ? sign > 0 : sign < 0;
    }
  }
}

function fieldType(field: string, context: ReferenceContext): TDataType {
  if (!Object.hasOwn(context.fields, field)) throw new Error(`unknown field ${field}`);
  return context.fields[field] as TDataType;
}

function compare(
  op: CompareOp,
  type: TDataType,
  cell: string | boolean | null,
  value: CoercedValue,
): boolean {
  if (value.kind === 'null') {
    if (op === 'eq') return cell === null;
    if (op === 'ne') return cell !== null;
    throw new Error('ordering against null');
  }
  if (value.kind === 'text' && value.value === '' && (op === 'eq' || op === 'ne')) {
    const empty = cell === null || cell === '';
    return op === 'eq' ? empty : !empty;
  }
  if (cell === null) return op === 'ne';
  const sign = compareCell(type, cell, value);
  switch (op) {
    case 'eq':
      return sign === 0;
    case 'ne':
      return sign !== 0;
    case 'gt':
      return sign > 0;
    case 'ge':
      return sign >= 0;
    case 'lt':
      return sign < 0;
    case 'le':
      return sign <= 0;
  }
}

function compareCell(
  type: TDataType,
  cell: string | boolean,
  value: Exclude<CoercedValue, { kind: 'null' }>,
): number {
  switch (value.kind) {
    case 'text':
      return compareText(String(cell), value.value);
    case 'number':
      return compareDecimal(String(cell), value.value);
    case 'date':
      return compareText(String(cell).slice(0, 10), value.value);
    case 'datetime':
      return cmp(instant(String(cell)), instant(value.value));
    case 'boolean':
      return Number(cell === true || cell === 'true') - Number(value.value);
  }
  throw new Error(`cannot compare ${type}`);
}

/** Code-point order, as the database's "C" collation orders text. */
function compareText(a: string, b: string): number {
  const x = Array.from(a);
  const y = Array.from(b);
  for (let i = 0; i < Math.min(x.length, y.length); i += 1) {
    const d = (x[i]?.codePointAt(0) ?? 0) - (y[i]?.codePointAt(0) ?? 0);
    if (d !== 0) return d < 0 ? -1 : 1;
  }
  return cmp(x.length, y.length);
}

function cmp(a: number | bigint, b: number | bigint): number {
  return a < b ? -1 : a > b ? 1 : 0;
}

/** Microseconds since the epoch of an ISO datetime; no zone means UTC. */
function instant(text: string): bigint {
  const match =
    /^(\d{4})-(\d{2})-(\d{2})(?:T(\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,6}))?)?)?(Z|[+-]\d{2}:\d{2})?$/.exec(
      text,
    );
  if (!match) throw new Error(`not a datetime: ${text}`);
  const [, y, mo, d, h = '0', mi = '0', s = '0', fraction = '', zone = 'Z'] = match;
  const seconds =
    BigInt(toEpochDay(`${y}-${mo}-${d}`)) * 86_400n + BigInt(Number(h) * 3600 + Number(mi) * 60 + Number(s));
  let micros = seconds * 1_000_000n + BigInt(fraction.padEnd(6, '0'));
  if (zone !== 'Z') {
    const offset = (Number(zone.slice(1, 3)) * 60 + Number(zone.slice(4, 6))) * 60_000_000;
    micros -= BigInt(zone.startsWith('-') ? -offset : offset);
  }
  return micros;
}
