import { constraintValueKind, isEmptyValue, parseValueByType, TEXT_TYPES } from './constraints-by-type';
import {
  CONSTRAINTS,
  DATA_TYPES,
  GROUP_OPERATORS,
  SearchMessage,
  type TConstraint,
  type TCriteriaError,
  type TCriteriaGroupInput,
  type TDataType,
} from './criteria-model';
import { criteriaToExpression, splitList } from './criteria-to-expression';
import { MAX_FILTER_DEPTH, MAX_FILTER_TERMS, measureExpression } from './filter-expression';
import { hasForbiddenCharacters, isFieldName, parseRelativeRange } from './value-formats';

/**
 * Validation of a criteria tree as the specification states it (000 §5, 001 §5):
 * - a group's operator is and or or ('Invalid operator'); a group needs an operands list and
 *   every operand must be a criterion or a group ('Invalid Criteria'); an empty group is
 *   invalid only when requireNonEmpty is set ('Invalid Criteria');
 * - a criterion needs a property ('Invalid property') and a known constraint ('Invalid constraint');
 * - an empty value is always accepted; otherwise integers are whole numbers, number, currency
 *   and percentage decimals, dates and datetimes ISO texts that parse, booleans a flag or the
 *   text true/false ('Invalid Criterion'). in/not_in take a comma-separated list of such values,
 *   in_rel_range/not_in_rel_range day offsets 'from,to'.
 *
 * Beyond the specification, so that whatever validates also serializes into a filter the
 * server accepts: a property must be a field name of the dialect (and one of `fields` when
 * given), a type must be known ('Invalid Criterion'), text may not hold NUL or unpaired
 * surrogates, and the whole tree must fit the dialect's limits (depth and term count) and
 * nest at most MAX_CRITERIA_NESTING groups ('Invalid Criteria').
 */
export interface ValidateCriteriaOptions {
  /** Every group, the root included, must have at least one operand. */
  requireNonEmpty?: boolean;
  /** When given, a property must be one of these fields. */
  fields?: readonly { field: string }[];
}

export interface TCriteriaValidation {
  valid: boolean;
  errors: TCriteriaError[];
}

/** Structural nesting guard, far above what a person builds; keeps hostile input off the stack. */
export const MAX_CRITERIA_NESTING = 100;

const CONSTRAINT_SET: ReadonlySet<string> = new Set(CONSTRAINTS);
const TYPE_SET: ReadonlySet<string> = new Set(DATA_TYPES);
const OPERATOR_SET: ReadonlySet<string> = new Set(GROUP_OPERATORS);

type Errors = TCriteriaError[];

export function validateCriteria(input: unknown, options: ValidateCriteriaOptions = {}): TCriteriaValidation {
  const errors: Errors = [];
  const fields = options.fields ? new Set(options.fields.map((definition) => definition.field)) : undefined;
  validateGroup(input, '', 0, { ...options, fieldSet: fields }, errors);
  if (errors.length === 0) {
    const expression = criteriaToExpression(input as TCriteriaGroupInput);
    const size = expression ? measureExpression(expression) : { depth: 0, terms: 0 };
    if (size.depth > MAX_FILTER_DEPTH) {
      errors.push(criteriaError('', `nested deeper than ${MAX_FILTER_DEPTH} levels`));
    } else if (size.terms > MAX_FILTER_TERMS) {
      errors.push(criteriaError('', `more than ${MAX_FILTER_TERMS} conditions`));
    }
  }
  return { valid: errors.length === 0, errors };
}

type Context = ValidateCriteriaOptions & { fieldSet?: ReadonlySet<string> };

function join(path: string, key: string | number): string {
  return path === '' ? String(key) : `${path}.${key}`;
}

function criteriaError(path: string, detail: string): TCriteriaError {
  return { path, message: SearchMessage.INVALID_CRITERIA, detail };
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function validateGroup(
  input: unknown,
  path: string,
  nesting: number,
  context: Context,
  errors: Errors,
): void {
  if (!isRecord(input) || !Array.isArray(input.operands)) {
    errors.push(criteriaError(path, 'a group needs an operator and a list of operands'));
    return;
  }
  if (nesting > MAX_CRITERIA_NESTING) {
    errors.push(criteriaError(path, `groups nested more than ${MAX_CRITERIA_NESTING} levels`));
    return;
  }
  if (typeof input.operator !== 'string' || !OPERATOR_SET.has(input.operator)) {
    errors.push({
      path: join(path, 'operator'),
      message: SearchMessage.INVALID_OPERATOR,
      detail: 'and or or',
    });
  }
  if (input.operands.length === 0 && context.requireNonEmpty) {
    errors.push(criteriaError(join(path, 'operands'), 'the group has no criteria'));
  }
  input.operands.forEach((operand, index) => {
    const operandPath = join(path, `operands.${index}`);
    if (isRecord(operand) && 'operands' in operand)
      validateGroup(operand, operandPath, nesting + 1, context, errors);
    else if (isRecord(operand)) validateCriterionAt(operand, operandPath, context, errors);
    else errors.push(criteriaError(operandPath, 'an operand is a criterion or a group'));
  });
}

/** The errors of one criterion row (paths relative to the row). */
export function validateCriterion(input: unknown, options: ValidateCriteriaOptions = {}): TCriteriaError[] {
  const errors: Errors = [];
  const fieldSet = options.fields ? new Set(options.fields.map((definition) => definition.field)) : undefined;
  if (isRecord(input)) validateCriterionAt(input, '', { ...options, fieldSet }, errors);
  else
    errors.push({ path: '', message: SearchMessage.INVALID_CRITERION, detail: 'a criterion is an object' });
  return errors;
}

function validateCriterionAt(
  input: Record<string, unknown>,
  path: string,
  context: Context,
  errors: Errors,
): void {
  const { property } = input;
  if (!isFieldName(property) || (context.fieldSet && !context.fieldSet.has(property))) {
    errors.push({ path: join(path, 'property'), message: SearchMessage.INVALID_PROPERTY });
  }
  const constraint = input.constraint ?? 'eq';
  if (typeof constraint !== 'string' || !CONSTRAINT_SET.has(constraint)) {
    errors.push({ path: join(path, 'constraint'), message: SearchMessage.INVALID_CONSTRAINT });
    return;
  }
  const type = input.type ?? 'string';
  if (typeof type !== 'string' || !TYPE_SET.has(type)) {
    errors.push({
      path: join(path, 'type'),
      message: SearchMessage.INVALID_CRITERION,
      detail: 'unknown type',
    });
    return;
  }
  for (const key of valueKeys(constraint as TConstraint)) {
    if (!isValidValueFor(constraint as TConstraint, type as TDataType, input[key])) {
      errors.push({
        path: join(path, key),
        message: SearchMessage.INVALID_CRITERION,
        detail: `not a valid ${type}`,
      });
    }
  }
}

function valueKeys(constraint: TConstraint): ('value' | 'value2')[] {
  const kind = constraintValueKind(constraint);
  if (kind === 'none') return [];
  return kind === 'range' ? ['value', 'value2'] : ['value'];
}

function isScalar(value: unknown): value is string | number | boolean {
  return typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean';
}

function isValidValueFor(constraint: TConstraint, type: TDataType, value: unknown): boolean {
  if (isEmptyValue(value)) return true;
  if (!isScalar(value)) return false;
  const kind = constraintValueKind(constraint);
  if (kind === 'relative-range') return parseRelativeRange(String(value)) !== undefined;
  if (kind === 'list') return splitList(value).every((item) => isValidScalar(type, item));
  return isValidScalar(type, value);
}

function isValidScalar(type: TDataType, value: string | number | boolean): boolean {
  if (TEXT_TYPES.has(type)) return typeof value !== 'string' || !hasForbiddenCharacters(value);
  return parseValueByType(type, value).ok;
}
