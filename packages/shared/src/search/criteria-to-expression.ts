import { isEmptyValue, parseValueByType, TEXT_TYPES } from './constraints-by-type';
import {
  InvalidCriteriaError,
  isCriteriaGroup,
  SearchMessage,
  type TCriteriaGroupInput,
  type TCriterionInput,
  type TCriterionValue,
  type TDataType,
} from './criteria-model';
import type { CompareOp, FilterExpression, FilterLiteral } from './filter-expression';
import { parseRelativeRange } from './value-formats';

/**
 * The filter tree that a criteria tree means; serializeFilter prints it. Expects criteria
 * that validate (validateCriteria); a value that does not parse throws InvalidCriteriaError.
 *
 * Criteria that add no condition give null: a value-taking constraint other than eq/ne with an
 * empty value, and a group whose operands all give null. A group of one condition is that
 * condition, so the tree has no one-item and/or nodes (the parser never makes them either).
 */
export function criteriaToExpression(group: TCriteriaGroupInput): FilterExpression | null {
  const items: FilterExpression[] = [];
  for (const operand of group.operands) {
    const item = isCriteriaGroup(operand) ? criteriaToExpression(operand) : criterionToExpression(operand);
    if (item) items.push(item);
  }
  if (items.length === 0) return null;
  if (items.length === 1) return items[0] ?? null;
  return { kind: group.operator, items };
}

export function criterionToExpression(criterion: TCriterionInput): FilterExpression | null {
  const field = criterion.property;
  const type = criterion.type ?? 'string';
  const { value, value2 } = criterion;
  const literal = (raw: TCriterionValue | undefined, path: string) => literalFor(type, raw, path);
  const compare = (op: CompareOp, lit: FilterLiteral): FilterExpression => ({
    kind: 'compare',
    field,
    op,
    value: lit,
  });
  const textCall = (fn: 'substringof' | 'startswith' | 'endswith'): FilterExpression | null =>
    isEmptyValue(value)
      ? null
      : { kind: 'call', fn, field, args: [{ type: 'string', value: String(value) }] };

  switch (criterion.constraint ?? 'eq') {
    case 'eq':
    case 'ne': {
      const op = criterion.constraint === 'ne' ? 'ne' : 'eq';
      // No value yet is no condition: ticking a field must not empty the grid before a value
      // is typed (docs/architecture-decisions.md). "Is empty" is its own constraint, is_empty.
      return isEmptyValue(value) ? null : compare(op, literal(value, 'value'));
    }
    case 'gt':
    case 'ge':
    case 'lt':
    case 'le':
      return isEmptyValue(value) ? null : compare(criterion.constraint as CompareOp, literal(value, 'value'));
    case 'contains':
      return textCall('substringof');
    case 'not_contains':
      return negate(textCall('substringof'));
    case 'startswith':
      return textCall('startswith');
    case 'not_startswith':
      return negate(textCall('startswith'));
    case 'endswith':
      return textCall('endswith');
    case 'not_endswith':
      return negate(textCall('endswith'));
    case 'is_null':
      return compare('eq', { type: 'null' });
    case 'not_null':
      return compare('ne', { type: 'null' });
    case 'is_empty':
      return compare('eq', emptyLiteral(type));
    case 'not_empty':
      return compare('ne', emptyLiteral(type));
    case 'is_between':
      return between();
    case 'not_is_between':
      return negate(between());
    case 'in':
      return inList(criterion, literal);
    case 'not_in':
      return negate(inList(criterion, literal));
    case 'in_rel_range':
      return relativeRange(criterion);
    case 'not_in_rel_range':
      return negate(relativeRange(criterion));
    case 'in_future':
      return { kind: 'call', fn: 'infuture', field, args: [] };
    case 'in_past':
      return { kind: 'call', fn: 'inpast', field, args: [] };
    default:
      throw new InvalidCriteriaError([{ path: 'constraint', message: SearchMessage.INVALID_CONSTRAINT }]);
  }

  function between(): FilterExpression | null {
    const lower = isEmptyValue(value) ? null : compare('ge', literal(value, 'value'));
    const upper = isEmptyValue(value2) ? null : compare('le', literal(value2, 'value2'));
    if (lower && upper) return { kind: 'and', items: [lower, upper] };
    return lower ?? upper;
  }
}

function negate(item: FilterExpression | null): FilterExpression | null {
  return item ? { kind: 'not', item } : null;
}

function inList(
  criterion: TCriterionInput,
  literal: (raw: TCriterionValue | undefined, path: string) => FilterLiteral,
): FilterExpression | null {
  const items = splitList(criterion.value).map(
    (item): FilterExpression => ({
      kind: 'compare',
      field: criterion.property,
      op: 'eq',
      value: literal(item, 'value'),
    }),
  );
  if (items.length === 0) return null;
  return items.length === 1 ? (items[0] ?? null) : { kind: 'or', items };
}

function relativeRange(criterion: TCriterionInput): FilterExpression | null {
  if (isEmptyValue(criterion.value)) return null;
  const range = parseRelativeRange(String(criterion.value));
  if (!range) throw invalidValue('value');
  const [from, to] = range;
  return {
    kind: 'call',
    fn: 'inrelrange',
    field: criterion.property,
    args: [
      { type: 'number', value: String(from) },
      { type: 'number', value: String(to) },
    ],
  };
}

/** The items of an in/not_in value: comma-separated, trimmed, blanks dropped. */
export function splitList(value: TCriterionValue | undefined): string[] {
  if (isEmptyValue(value)) return [];
  return String(value)
    .split(',')
    .map((item) => item.trim())
    .filter((item) => item !== '');
}

/** eq/ne with an empty value: '' on text types, null on the others. */
function emptyLiteral(type: TDataType): FilterLiteral {
  return TEXT_TYPES.has(type) ? { type: 'string', value: '' } : { type: 'null' };
}

function literalFor(type: TDataType, raw: TCriterionValue | undefined, path: string): FilterLiteral {
  if (TEXT_TYPES.has(type)) return { type: 'string', value: String(raw) };
  const parsed = parseValueByType(type, raw);
  if (!parsed.ok) throw invalidValue(path);
  if (typeof parsed.value === 'boolean') return { type: 'boolean', value: parsed.value };
  if (type === 'date') return { type: 'datetime', value: `${parsed.value}T00:00:00` };
  if (type === 'datetime') return { type: 'datetime', value: parsed.value };
  return { type: 'number', value: parsed.value };
}

function invalidValue(path: string): InvalidCriteriaError {
  return new InvalidCriteriaError([{ path, message: SearchMessage.INVALID_CRITERION }]);
}
