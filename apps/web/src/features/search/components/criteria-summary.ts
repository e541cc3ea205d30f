import {
  constraintArity,
  formatCriterionValue,
  isEmptyValue,
} from '@settle/shared/search/constraints-by-type';
import {
  isCriteriaGroup,
  type TCriteriaGroup,
  type TCriterion,
  type TCriterionValue,
} from '@settle/shared/search/criteria-model';
import type { TFunction } from 'i18next';
import { formatDateByPattern, type TDatePattern } from '../utils/date-pattern';
import { andLabel, constraintLabel, emptyLabel } from '../utils/search-labels';

export interface SummaryContext {
  t: TFunction;
  pattern: TDatePattern;
  titleOf: (criterion: TCriterion) => string;
}

/**
 * The criteria in one line, e.g. 'Due date between 01/01/26 And empty and (Amount greater
 * than 100 or Promised is Yes)'; an empty value reads as the word empty.
 */
export function summarizeCriteria(group: TCriteriaGroup, context: SummaryContext, nested = false): string {
  const parts = group.operands
    .map((operand) =>
      isCriteriaGroup(operand)
        ? summarizeCriteria(operand, context, true)
        : summarizeCriterion(operand, context),
    )
    .filter((part) => part !== '');
  const text = parts.join(` ${context.t(`search:conjunction.${group.operator === 'or' ? 'or' : 'and'}`)} `);
  return nested && parts.length > 1 ? `(${text})` : text;
}

function summarizeCriterion(criterion: TCriterion, context: SummaryContext): string {
  const { t } = context;
  const words = [context.titleOf(criterion), constraintLabel(t, criterion.constraint)];
  const arity = constraintArity(criterion.constraint);
  if (arity >= 1) words.push(formatValue(criterion, criterion.value, context));
  if (arity === 2) words.push(andLabel(t), formatValue(criterion, criterion.value2, context));
  return words.join(' ');
}

function formatValue(
  criterion: TCriterion,
  value: TCriterionValue | undefined,
  context: SummaryContext,
): string {
  if (isEmptyValue(value)) return emptyLabel(context.t);
  if (
    criterion.type === 'boolean' &&
    (value === true || value === false || value === 'true' || value === 'false')
  ) {
    return context.t(`search:boolean.${String(value)}`);
  }
  if ((criterion.type === 'date' || criterion.type === 'datetime') && typeof value === 'string') {
    const date = formatDateByPattern(value, context.pattern);
    return criterion.type === 'datetime' && value.length > 10 ? `${date} ${value.slice(11, 16)}` : date;
  }
  return formatCriterionValue(value);
}
