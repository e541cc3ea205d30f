import type { TCriteriaGroupInput } from './criteria-model';
import { InvalidCriteriaError } from './criteria-model';
import { criteriaToExpression } from './criteria-to-expression';
import type { FilterExpression, FilterLiteral } from './filter-expression';
import { validateCriteria } from './validate-criteria';

/**
 * The $filter dialect: the query-string filter of the specification (000 §5: substringof,
 * startswith, endswith, not, eq or ne against null or the empty string, between as two
 * and-joined bounds, dates as datetime'ISO'), completed so that every known constraint has a
 * meaning. f is the property, v and v2 the values, typed by the criterion's type.
 *
 * | constraint       | filter text                                   | meaning                              |
 * |------------------|-----------------------------------------------|--------------------------------------|
 * | eq               | f eq v        (empty v: no condition)         | equal                                |
 * | ne               | f ne v        (empty v: no condition)         | not equal; rows without value match  |
 * | gt ge lt le      | f gt v ...                                    | ordered comparison                   |
 * | contains         | substringof('v',f)                            | contains v, ignoring case            |
 * | not_contains     | not(substringof('v',f))                       |                                      |
 * | startswith       | startswith(f,'v')                             | starts with v, ignoring case         |
 * | not_startswith   | not(startswith(f,'v'))                        |                                      |
 * | endswith         | endswith(f,'v')                               | ends with v, ignoring case           |
 * | not_endswith     | not(endswith(f,'v'))                          |                                      |
 * | is_null          | f eq null                                     | no value                             |
 * | not_null         | f ne null                                     | has a value                          |
 * | is_empty         | f eq ''  (text types) / f eq null (others)    | no value or empty text               |
 * | not_empty        | f ne ''  (text types) / f ne null (others)    | a non-empty value                    |
 * | is_between       | (f ge v and f le v2)                          | inclusive; one bound: f ge v / f le v2 |
 * | not_is_between   | not(f ge v and f le v2)                       |                                      |
 * | in               | (f eq a or f eq b)   (v = 'a,b'; one: f eq a) | one of a comma-separated list        |
 * | not_in           | not(f eq a or f eq b)                         |                                      |
 * | in_rel_range     | inrelrange(f,-30,0)  (v = '-30,0')            | date within today-30 .. today        |
 * | not_in_rel_range | not(inrelrange(f,-30,0))                      |                                      |
 * | in_future        | infuture(f)                                   | after today (date) / after now       |
 * | in_past          | inpast(f)                                     | before today (date) / before now     |
 *
 * Literals: text 'quoted' with '' for a quote; numbers bare ('-12.50'); booleans true/false;
 * null; dates datetime'2026-01-31T00:00:00' (date types always at midnight), datetimes
 * datetime'2026-01-31T10:20:30[.ffffff][Z|±hh:mm]'. Text types are string, enum and default.
 *
 * Structure: a group's conditions are joined by ' and ' / ' or '; nested groups (and the
 * multi-term criteria above) are parenthesised, the root is not; not(...) has its own
 * parentheses. A value-taking constraint with an empty value adds no
 * condition, nor does an empty group; when nothing is left the filter is '' (no filter).
 *
 * Logic is two-valued: a condition on a field without value is false, and not(...) is true
 * for it (so not_contains, ne and not_in match rows where the field has no value).
 * Keywords and functions are lower case; field names are ASCII identifiers.
 */
export function serializeFilter(group: TCriteriaGroupInput): string {
  const validation = validateCriteria(group);
  if (!validation.valid) throw new InvalidCriteriaError(validation.errors);
  return printFilter(criteriaToExpression(group));
}

/** The filter text of a tree; null prints as '' (no filter). */
export function printFilter(expression: FilterExpression | null): string {
  return expression ? print(expression, true) : '';
}

function print(node: FilterExpression, root: boolean): string {
  switch (node.kind) {
    case 'and':
    case 'or': {
      const text = node.items.map((item) => print(item, false)).join(` ${node.kind} `);
      return root ? text : `(${text})`;
    }
    case 'not':
      return `not(${print(node.item, true)})`;
    case 'compare':
      return `${node.field} ${node.op} ${printLiteral(node.value)}`;
    case 'call':
      switch (node.fn) {
        case 'substringof':
          return `substringof(${printLiteral(node.args[0])},${node.field})`;
        case 'startswith':
        case 'endswith':
          return `${node.fn}(${node.field},${printLiteral(node.args[0])})`;
        case 'inrelrange':
          return `inrelrange(${node.field},${node.args[0].value},${node.args[1].value})`;
        default:
          return `${node.fn}(${node.field})`;
      }
  }
}

export function printLiteral(literal: FilterLiteral): string {
  switch (literal.type) {
    case 'string':
      return quote(literal.value);
    case 'number':
      return literal.value;
    case 'boolean':
      return literal.value ? 'true' : 'false';
    case 'null':
      return 'null';
    case 'datetime':
      return `datetime${quote(literal.value)}`;
  }
}

function quote(text: string): string {
  return `'${text.replaceAll("'", "''")}'`;
}
