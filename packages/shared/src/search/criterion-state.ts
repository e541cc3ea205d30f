import { constraintArity, constraintValueKind, isEmptyValue } from './constraints-by-type';
import {
  isCriteriaGroup,
  type TConstraint,
  type TCriteriaGroup,
  type TCriterion,
  type TSearchFieldDefinition,
} from './criteria-model';

/**
 * The state rules of a criterion row (000 §4, 001 §5):
 * - a change of constraint resets the row's state;
 * - the value is cleared when the new constraint takes no value;
 * - a between constraint (is_between, not_is_between) adds the second value, its editor and
 *   the word And; any other constraint removes them.
 * The value is also cleared when its shape changes (one value or a range, a list for
 * in/not_in, day offsets for in_rel_range), since the old text would not fit the new editor;
 * between one value and a range the first value is kept.
 */
export function changeConstraint(criterion: TCriterion, constraint: TConstraint): TCriterion {
  const before = constraintValueKind(criterion.constraint);
  const after = constraintValueKind(constraint);
  const { value, value2, showAnd, showEditor2, ...rest } = criterion;
  const next: TCriterion = { ...rest, constraint };
  const sameShape = before === after || (isOneOrRange(before) && isOneOrRange(after));
  if (after !== 'none' && sameShape && value !== undefined) next.value = value;
  if (after === 'range') {
    next.value2 = before === 'range' && value2 !== undefined ? value2 : null;
    next.showEditor2 = true;
    next.showAnd = true;
  }
  return next;
}

function isOneOrRange(kind: ReturnType<typeof constraintValueKind>): boolean {
  return kind === 'single' || kind === 'range';
}

/** The integer property whose empty criteria are dropped on apply. */
export const PROB_NO_PROPERTY = 'probNo';

/**
 * The criteria to apply: a criterion on probNo whose constraint takes a value and has none is
 * dropped, at any depth. Constraints that take no value (is_null...) are kept: they mean
 * something without one.
 */
export function prepareForApply(group: TCriteriaGroup): TCriteriaGroup {
  const operands: TCriteriaGroup['operands'] = [];
  for (const operand of group.operands) {
    if (isCriteriaGroup(operand)) operands.push(prepareForApply(operand));
    else if (!isEmptyProbNo(operand)) operands.push(operand);
  }
  return { ...group, operands };
}

function isEmptyProbNo(criterion: TCriterion): boolean {
  if (criterion.property !== PROB_NO_PROPERTY) return false;
  const arity = constraintArity(criterion.constraint);
  if (arity === 0) return false;
  return isEmptyValue(criterion.value) && (arity === 1 || isEmptyValue(criterion.value2));
}

/** The row a ticked field becomes: its property, title and type, constraint eq, no value. */
export function criterionFromField(definition: TSearchFieldDefinition): TCriterion {
  return { property: definition.field, title: definition.title, type: definition.dataType, constraint: 'eq' };
}

/**
 * Every valid change applies at once unless the apply-immediate setting is the text false
 * (an attribute's text; a configuration's boolean false means the same).
 */
export function isApplyImmediate(setting: unknown): boolean {
  return setting !== 'false' && setting !== false;
}
