import type { TConstraint, TCriterionValue, TDataType } from './criteria-model';
import {
  normalizeBoolean,
  normalizeDate,
  normalizeDateTime,
  normalizeDecimal,
  normalizeInteger,
} from './value-formats';

/** Constraints the panel offers per data type, in the specification's order (000 §5). */
export const CONSTRAINTS_BY_TYPE: Readonly<Record<TDataType, readonly TConstraint[]>> = {
  string: ['eq', 'contains', 'startswith', 'endswith'],
  integer: ['eq', 'is_between', 'gt', 'ge', 'lt', 'le'],
  currency: ['eq', 'is_between', 'gt', 'ge', 'lt', 'le'],
  percentage: ['eq', 'is_between', 'gt', 'ge', 'lt', 'le'],
  number: ['eq', 'is_between', 'gt', 'ge', 'lt', 'le'],
  date: ['eq', 'is_between', 'gt', 'ge', 'lt', 'le'],
  datetime: ['eq', 'is_between', 'gt', 'ge', 'lt', 'le'],
  enum: ['eq'],
  boolean: ['eq', 'ne'],
  default: ['eq'],
};

/** The offered constraints of a type; an unknown type is offered what the default type is. */
export function constraintsForType(type: string | undefined): readonly TConstraint[] {
  return (
    (type && Object.hasOwn(CONSTRAINTS_BY_TYPE, type) ? CONSTRAINTS_BY_TYPE[type as TDataType] : undefined) ??
    CONSTRAINTS_BY_TYPE.default
  );
}

/** i18n key and English label of every constraint (the offered ones use the spec's words). */
export const CONSTRAINT_LABELS: Readonly<Record<TConstraint, { key: string; en: string }>> = {
  eq: { key: 'search.constraint.eq', en: 'is' },
  ne: { key: 'search.constraint.ne', en: 'is not' },
  contains: { key: 'search.constraint.contains', en: 'contains' },
  not_contains: { key: 'search.constraint.not_contains', en: 'does not contain' },
  startswith: { key: 'search.constraint.startswith', en: 'starts with' },
  not_startswith: { key: 'search.constraint.not_startswith', en: 'does not start with' },
  endswith: { key: 'search.constraint.endswith', en: 'ends with' },
  not_endswith: { key: 'search.constraint.not_endswith', en: 'does not end with' },
  gt: { key: 'search.constraint.gt', en: 'greater than' },
  ge: { key: 'search.constraint.ge', en: 'greater than or equal to' },
  lt: { key: 'search.constraint.lt', en: 'less than' },
  le: { key: 'search.constraint.le', en: 'less than or equal to' },
  is_between: { key: 'search.constraint.is_between', en: 'between' },
  not_is_between: { key: 'search.constraint.not_is_between', en: 'not between' },
  is_null: { key: 'search.constraint.is_null', en: 'has no value' },
  not_null: { key: 'search.constraint.not_null', en: 'has a value' },
  is_empty: { key: 'search.constraint.is_empty', en: 'is empty' },
  not_empty: { key: 'search.constraint.not_empty', en: 'is not empty' },
  in: { key: 'search.constraint.in', en: 'is one of' },
  not_in: { key: 'search.constraint.not_in', en: 'is not one of' },
  in_rel_range: { key: 'search.constraint.in_rel_range', en: 'within days from today' },
  not_in_rel_range: { key: 'search.constraint.not_in_rel_range', en: 'not within days from today' },
  in_future: { key: 'search.constraint.in_future', en: 'in the future' },
  in_past: { key: 'search.constraint.in_past', en: 'in the past' },
};

/** The word And between the two editors of a between constraint, and the empty-value word. */
export const AND_LABEL = { key: 'search.and', en: 'And' } as const;
export const EMPTY_VALUE_LABEL = { key: 'search.empty', en: 'empty' } as const;

export const NO_VALUE_CONSTRAINTS: ReadonlySet<TConstraint> = new Set([
  'is_null',
  'not_null',
  'is_empty',
  'not_empty',
  'in_future',
  'in_past',
]);
export const TWO_VALUE_CONSTRAINTS: ReadonlySet<TConstraint> = new Set(['is_between', 'not_is_between']);

/**
 * What the value editor holds for a constraint: nothing, one value, a range (value and value2),
 * a comma-separated list (in, not_in) or relative day offsets 'from,to' (in_rel_range).
 */
export type ConstraintValueKind = 'none' | 'single' | 'range' | 'list' | 'relative-range';

export function constraintValueKind(constraint: TConstraint): ConstraintValueKind {
  if (NO_VALUE_CONSTRAINTS.has(constraint)) return 'none';
  if (TWO_VALUE_CONSTRAINTS.has(constraint)) return 'range';
  if (constraint === 'in' || constraint === 'not_in') return 'list';
  if (constraint === 'in_rel_range' || constraint === 'not_in_rel_range') return 'relative-range';
  return 'single';
}

/** How many editors a constraint shows: 0, 1 or 2. */
export function constraintArity(constraint: TConstraint): 0 | 1 | 2 {
  const kind = constraintValueKind(constraint);
  return kind === 'none' ? 0 : kind === 'range' ? 2 : 1;
}

/** Types whose values are text in the dialect; the rest are numbers, dates or flags. */
export const TEXT_TYPES: ReadonlySet<TDataType> = new Set(['string', 'enum', 'default']);
export const NUMERIC_TYPES: ReadonlySet<TDataType> = new Set(['integer', 'currency', 'percentage', 'number']);
export const DATE_TYPES: ReadonlySet<TDataType> = new Set(['date', 'datetime']);

/** The text-matching constraints need a text field; the relative-date ones a date field. */
const TEXT_ONLY: ReadonlySet<TConstraint> = new Set([
  'contains',
  'not_contains',
  'startswith',
  'not_startswith',
  'endswith',
  'not_endswith',
]);
const DATE_ONLY: ReadonlySet<TConstraint> = new Set([
  'in_rel_range',
  'not_in_rel_range',
  'in_future',
  'in_past',
]);

/**
 * Whether the dialect gives the constraint a meaning on a field of this type (wider than
 * what the panel offers): the server answers 'Invalid Criterion' for the other pairs.
 */
export function isConstraintApplicable(constraint: TConstraint, type: TDataType): boolean {
  if (TEXT_ONLY.has(constraint)) return TEXT_TYPES.has(type);
  if (DATE_ONLY.has(constraint)) return DATE_TYPES.has(type);
  return true;
}

/** Empty: absent, null or blank text. Validation always accepts it. */
export function isEmptyValue(value: unknown): value is undefined | null | '' {
  return value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
}

export type ParsedValue = { ok: true; value: string | boolean } | { ok: false };

/**
 * A typed value from an editor's value: integers are whole numbers, number, currency and
 * percentage decimals (as canonical text), dates 'yyyy-mm-dd', datetimes ISO, booleans flags.
 * Text types take any scalar as its text.
 */
export function parseValueByType(type: TDataType, value: TCriterionValue | undefined): ParsedValue {
  const done = (parsed: string | boolean | undefined): ParsedValue =>
    parsed === undefined ? { ok: false } : { ok: true, value: parsed };
  if (value === undefined || value === null) return { ok: false };
  switch (type) {
    case 'integer':
      return done(normalizeInteger(value));
    case 'number':
    case 'currency':
    case 'percentage':
      return done(normalizeDecimal(value));
    case 'date':
      return done(normalizeDate(value));
    case 'datetime':
      return done(normalizeDateTime(value));
    case 'boolean':
      return done(normalizeBoolean(value));
    default:
      return done(String(value));
  }
}

/** The text a criterion shows for its value: the word empty when there is none. */
export function formatCriterionValue(value: TCriterionValue | undefined): string {
  return isEmptyValue(value) ? EMPTY_VALUE_LABEL.en : String(value);
}
