import { excerptAt, type FilterExpression, FilterSyntaxError } from '@settle/shared/search/filter-expression';
import { parseFilterWithPositions } from '@settle/shared/search/parse-filter';
import type { SQL } from 'drizzle-orm';
import { AppError } from '../../lib/app-error';
import { compileFilter, type FilterAllowList, FilterError } from './filter-sql';

export const INVALID_FILTER = 'INVALID_FILTER';

/**
 * The WHERE condition of a list endpoint's $filter text, or undefined when there is none
 * (absent, empty or blank). A filter outside the dialect, on a field not in the allow-list,
 * or with a value its field's type does not take is a 400 AppError (code INVALID_FILTER)
 * before anything reaches the database:
 * - message: the specification's wording, the reason and where ("Invalid property: 'x' is
 *   not a field of this list (at 12, near 'x eq 1')");
 * - args: [position, near] (character offset into the filter text, and an excerpt there);
 * - fieldErrors: [{ field: '$filter', message: the specification's wording }].
 * Combine the result with the endpoint's own scoping conditions with and(); never instead of them.
 */
export function buildFilterWhere(
  filterText: string | undefined,
  allowList: FilterAllowList,
): SQL | undefined {
  if (filterText === undefined) return undefined;
  let parsed: ReturnType<typeof parseFilterWithPositions>;
  try {
    parsed = parseFilterWithPositions(filterText);
  } catch (error) {
    if (error instanceof FilterSyntaxError) {
      throw filterAppError(error.message, error.reason, error.position, error.near);
    }
    throw error;
  }
  if (!parsed.expression) return undefined;
  try {
    return compileFilter(parsed.expression, allowList);
  } catch (error) {
    if (error instanceof FilterError) {
      const position = (error.node && parsed.positionOf(error.node)) ?? 0;
      throw filterAppError(error.message, error.reason, position, excerptAt(filterText, position));
    }
    throw error;
  }
}

/**
 * The fields a $filter text names (valid text, as buildFilterWhere has already checked): what a
 * cached result of the filter depends on besides the rows' sums.
 */
export function filterFieldNames(filterText: string | undefined): Set<string> {
  const names = new Set<string>();
  if (filterText === undefined) return names;
  const visit = (node: FilterExpression): void => {
    if ('items' in node) node.items.forEach(visit);
    else if ('item' in node) visit(node.item);
    else names.add(node.field);
  };
  const { expression } = parseFilterWithPositions(filterText);
  if (expression) visit(expression);
  return names;
}

function filterAppError(message: string, reason: string, position: number, near: string): AppError {
  return new AppError({
    statusCode: 400,
    code: INVALID_FILTER,
    message: `${message}: ${reason} (at ${position}, near '${near}')`,
    args: [String(position), near],
    fieldErrors: [{ field: '$filter', message }],
  });
}
