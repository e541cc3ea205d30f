import { TEXT_TYPES } from '@settle/shared/search/constraints-by-type';
import { SearchMessage, type TDataType, type TSearchMessage } from '@settle/shared/search/criteria-model';
import { type CoercedValue, coerceLiteral } from '@settle/shared/search/filter-coercion';
import type { CompareOp, FilterExpression } from '@settle/shared/search/filter-expression';
import { MAX_RELATIVE_DAYS } from '@settle/shared/search/value-formats';
import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/**
 * Compiles a parsed $filter tree into a drizzle SQL condition, with the meaning that
 * packages/shared/src/search/reference-evaluator.ts states (and the tests check against it).
 *
 * Safety: field names come only from the allow-list (own keys; anything else is 'Invalid
 * property'); every value is a bound parameter; the only raw SQL is this file's constants.
 * Values are coerced to the field's type and checked first, so no value can make the
 * database fail (no bad date, no overflow): a bad one is 'Invalid Criterion'.
 *
 * | tree                          | SQL                                                          |
 * |-------------------------------|--------------------------------------------------------------|
 * | and / or                      | (a and b) / (a or b)                                         |
 * | not(x)                        | ((x) is not true)       -- two-valued: null counts as false  |
 * | f eq null / f ne null         | (col is null) / (col is not null)                            |
 * | f eq '' / f ne '' (text)      | (col is null or col = '') / (col is not null and col <> '')  |
 * | f eq v                        | (col = $1::type)                                             |
 * | f ne v                        | (col is distinct from $1::type) -- rows without value match  |
 * | f gt/ge/lt/le v               | (col > $1::type) ...; text compares with collate "C"         |
 * | substringof('v',f)            | (col ilike ('%' || $1 || '%') escape '\'), % _ \ escaped      |
 * | startswith / endswith         | (col ilike ($1 || '%') escape '\') / ('%' || $1)             |
 * | inrelrange(f,a,b) date        | (col::date between current_date + $lo and current_date + $hi)|
 * | inrelrange(f,a,b) datetime    | (col >= (current_date + $lo)::timestamptz and                |
 * |                               |  col < (current_date + $hi + 1)::timestamptz)                |
 * | infuture(f) / inpast(f)       | date: col::date > / < current_date; datetime: col > / < now()|
 *
 * Types: numbers bind as numeric text (never floats); dates compare as date (col::date, so a
 * timestamp column declared 'date' compares by its day); datetimes as timestamptz; enums as
 * their text (col::text), so a PostgreSQL enum column works too. Text functions need a text
 * or enum field and relative-date functions a date or datetime field ('Invalid Criterion').
 */
export type FilterFieldType = Exclude<TDataType, 'default'>;

export interface FilterField {
  /** A column or an SQL expression of the declared type, e.g. invoices.dueDate or sql.raw('i.due_date'). */
  column: SQLWrapper;
  type: FilterFieldType;
}

export type FilterAllowList = Readonly<Record<string, FilterField>>;

/** A filter the allow-list or the field types refuse; message is the specification's wording. */
export class FilterError extends Error {
  readonly reason: string;
  readonly field?: string;
  /** The offending node, to point at its place in the filter text. */
  readonly node?: FilterExpression;

  constructor(options: { message: TSearchMessage; reason: string; field?: string; node?: FilterExpression }) {
    super(options.message);
    this.name = 'FilterError';
    this.reason = options.reason;
    this.field = options.field;
    this.node = options.node;
  }
}

const ORDER_SQL: Readonly<Record<Exclude<CompareOp, 'ne'>, SQL>> = {
  eq: sql.raw('='),
  gt: sql.raw('>'),
  ge: sql.raw('>='),
  lt: sql.raw('<'),
  le: sql.raw('<='),
};

export function compileFilter(expression: FilterExpression, allowList: FilterAllowList): SQL {
  return new Compiler(allowList).compile(expression);
}

class Compiler {
  constructor(private readonly allowList: FilterAllowList) {}

  compile(node: FilterExpression): SQL {
    switch (node.kind) {
      case 'and':
      case 'or': {
        if (!Array.isArray(node.items) || node.items.length === 0) throw this.invalid(node, 'an empty group');
        const joined = sql.join(
          node.items.map((item) => this.compile(item)),
          node.kind === 'and' ? sql` and ` : sql` or `,
        );
        return sql`(${joined})`;
      }
      case 'not':
        return sql`((${this.compile(node.item)}) is not true)`;
      case 'compare':
        return this.compare(node);
      case 'call':
        return this.call(node);
      default:
        throw new FilterError({
          message: SearchMessage.INVALID_CRITERIA,
          reason: 'unknown expression',
          node,
        });
    }
  }

  private field(name: string, node: FilterExpression): FilterField {
    if (typeof name !== 'string' || !Object.hasOwn(this.allowList, name)) {
      throw new FilterError({
        message: SearchMessage.INVALID_PROPERTY,
        reason: `'${String(name)}' is not a field of this list`,
        field: String(name),
        node,
      });
    }
    return this.allowList[name] as FilterField;
  }

  private compare(node: Extract<FilterExpression, { kind: 'compare' }>): SQL {
    const field = this.field(node.field, node);
    const value = coerceLiteral(node.value, field.type);
    if (!value) throw this.invalid(node, `not a valid ${field.type} value for ${node.field}`);
    const isText = TEXT_TYPES.has(field.type);
    const column = field.type === 'enum' ? sql`(${field.column})::text` : sql`${field.column}`;
    if (value.kind === 'null') {
      if (node.op === 'eq') return sql`(${column} is null)`;
      if (node.op === 'ne') return sql`(${column} is not null)`;
      throw this.invalid(node, `${node.op} needs a value`);
    }
    if (isText && value.kind === 'text' && value.value === '') {
      if (node.op === 'eq') return sql`(${column} is null or ${column} = '')`;
      if (node.op === 'ne') return sql`(${column} is not null and ${column} <> '')`;
    }
    const left = field.type === 'date' ? sql`(${column})::date` : column;
    const right = this.bind(value);
    if (node.op === 'ne') return sql`(${left} is distinct from ${right})`;
    const op = Object.hasOwn(ORDER_SQL, node.op) ? ORDER_SQL[node.op] : undefined;
    if (!op)
      throw new FilterError({ message: SearchMessage.INVALID_OPERATOR, reason: String(node.op), node });
    const ordered = isText && node.op !== 'eq' ? sql`${left} collate "C"` : left;
    return sql`(${ordered} ${op} ${right})`;
  }

  /** A bound parameter cast to the value's type. */
  private bind(value: Exclude<CoercedValue, { kind: 'null' }>): SQL {
    switch (value.kind) {
      case 'text':
        return sql`${value.value}::text`;
      case 'number':
        return sql`${value.value}::numeric`;
      case 'date':
        return sql`${value.value}::date`;
      case 'datetime':
        return sql`${value.value}::timestamptz`;
      case 'boolean':
        return sql`${value.value ? 'true' : 'false'}::boolean`;
    }
  }

  private call(node: Extract<FilterExpression, { kind: 'call' }>): SQL {
    const field = this.field(node.field, node);
    const column = field.type === 'enum' ? sql`(${field.column})::text` : sql`${field.column}`;
    switch (node.fn) {
      case 'substringof':
      case 'startswith':
      case 'endswith': {
        if (!TEXT_TYPES.has(field.type)) throw this.invalid(node, `${node.fn} needs a text field`);
        const needle = node.args[0];
        if (needle?.type !== 'string') throw this.invalid(node, `${node.fn} needs quoted text`);
        const escaped = escapeLike(needle.value);
        const pattern =
          node.fn === 'substringof'
            ? sql`('%' || ${escaped}::text || '%')`
            : node.fn === 'startswith'
              ? sql`(${escaped}::text || '%')`
              : sql`('%' || ${escaped}::text)`;
        return sql`(${column} ilike ${pattern} escape '\\')`;
      }
      case 'inrelrange': {
        this.requireDate(field, node);
        const offsets = node.args.map((arg) => (arg?.type === 'number' ? Number(arg.value) : Number.NaN));
        if (
          offsets.length !== 2 ||
          !offsets.every((n) => Number.isInteger(n) && Math.abs(n) <= MAX_RELATIVE_DAYS)
        ) {
          throw this.invalid(node, `inrelrange needs two whole numbers of days within ±${MAX_RELATIVE_DAYS}`);
        }
        const low = Math.min(...offsets);
        const high = Math.max(...offsets);
        if (field.type === 'date') {
          return sql`((${column})::date between current_date + ${low}::integer and current_date + ${high}::integer)`;
        }
        return sql`(${column} >= (current_date + ${low}::integer)::timestamptz and ${column} < (current_date + ${high}::integer + 1)::timestamptz)`;
      }
      case 'infuture':
      case 'inpast': {
        this.requireDate(field, node);
        const op = node.fn === 'infuture' ? sql.raw('>') : sql.raw('<');
        return field.type === 'date'
          ? sql`((${column})::date ${op} current_date)`
          : sql`(${column} ${op} now())`;
      }
      default:
        throw new FilterError({
          message: SearchMessage.INVALID_CONSTRAINT,
          reason: 'unknown function',
          node,
        });
    }
  }

  private requireDate(field: FilterField, node: FilterExpression & { fn: string }): void {
    if (field.type !== 'date' && field.type !== 'datetime')
      throw this.invalid(node, `${node.fn} needs a date field`);
  }

  private invalid(node: FilterExpression, reason: string): FilterError {
    const field = 'field' in node ? node.field : undefined;
    return new FilterError({ message: SearchMessage.INVALID_CRITERION, reason, field, node });
  }
}

/** LIKE pattern text matching the value literally: \ % _ escaped with a backslash. */
export function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (char) => `\\${char}`);
}
