import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  anyTextValue,
  criteriaGroupArbitrary,
  filterLiteral,
  GENERIC_FIELDS,
  tokenSoup,
} from '../../test-support/search-arbitraries';
import { SearchMessage } from './criteria-model';
import { criteriaToExpression } from './criteria-to-expression';
import {
  type FilterExpression,
  FilterSyntaxError,
  MAX_FILTER_DEPTH,
  MAX_FILTER_LENGTH,
  MAX_FILTER_TERMS,
  measureExpression,
} from './filter-expression';
import { parseFilter, parseFilterWithPositions } from './parse-filter';
import { printFilter, serializeFilter } from './serialize-filter';
import { validateCriteria } from './validate-criteria';
import { FILTER_RESERVED_WORDS } from './value-formats';

const MESSAGES = new Set<string>(Object.values(SearchMessage));

/** Parses, and checks that any failure is a well-formed FilterSyntaxError. */
function parseOrError(text: unknown): FilterExpression | null | FilterSyntaxError {
  try {
    return parseFilter(text);
  } catch (error) {
    expect(error).toBeInstanceOf(FilterSyntaxError);
    const syntax = error as FilterSyntaxError;
    expect(MESSAGES.has(syntax.message)).toBe(true);
    expect(Number.isInteger(syntax.position)).toBe(true);
    expect(syntax.position).toBeGreaterThanOrEqual(0);
    expect(syntax.position).toBeLessThanOrEqual(
      typeof text === 'string' ? Math.min(text.length, MAX_FILTER_LENGTH) : 0,
    );
    expect(syntax.near.length).toBeLessThanOrEqual(40);
    return syntax;
  }
}

describe('criteria -> filter text -> tree', () => {
  it('random valid criteria validate, serialize and parse back to criteriaToExpression', () => {
    fc.assert(
      fc.property(criteriaGroupArbitrary(GENERIC_FIELDS), (group) => {
        expect(validateCriteria(group).errors).toEqual([]);
        const text = serializeFilter(group);
        const expected = criteriaToExpression(group);
        expect(parseFilter(text)).toEqual(expected);
        expect(text === '').toBe(expected === null);
      }),
      { numRuns: 200 },
    );
  });
});

const field = fc
  .stringMatching(/^[A-Za-z_][A-Za-z0-9_]{0,6}$/)
  .filter((name) => !FILTER_RESERVED_WORDS.has(name));
const integer = fc.integer({ min: -50, max: 50 }).map((n) => ({ type: 'number' as const, value: String(n) }));
const atom: fc.Arbitrary<FilterExpression> = fc.oneof(
  fc.record({
    kind: fc.constant('compare' as const),
    field,
    op: fc.constantFrom(
      'eq' as const,
      'ne' as const,
      'gt' as const,
      'ge' as const,
      'lt' as const,
      'le' as const,
    ),
    value: filterLiteral,
  }),
  fc.record({
    kind: fc.constant('call' as const),
    fn: fc.constantFrom('substringof' as const, 'startswith' as const, 'endswith' as const),
    field,
    args: anyTextValue.map(
      (value) => [{ type: 'string' as const, value }] as [{ type: 'string'; value: string }],
    ),
  }),
  fc.record({
    kind: fc.constant('call' as const),
    fn: fc.constant('inrelrange' as const),
    field,
    args: fc.tuple(integer, integer),
  }),
  fc.record({
    kind: fc.constant('call' as const),
    fn: fc.constantFrom('infuture' as const, 'inpast' as const),
    field,
    args: fc.constant([] as []),
  }),
);
const expression = fc.letrec<{ node: FilterExpression }>((tie) => ({
  node: fc.oneof(
    { depthSize: 'small', maxDepth: 6 },
    atom,
    fc.record({
      kind: fc.constantFrom('and' as const, 'or' as const),
      items: fc.array(tie('node'), { minLength: 2, maxLength: 4 }),
    }),
    fc.record({ kind: fc.constant('not' as const), item: tie('node') }),
  ),
})).node;

describe('tree -> filter text -> tree', () => {
  it('any tree within the limits prints and parses back to itself; beyond them it is refused', () => {
    fc.assert(
      fc.property(expression, (tree) => {
        const printed = printFilter(tree);
        const size = measureExpression(tree);
        const result = parseOrError(printed);
        if (
          size.depth <= MAX_FILTER_DEPTH &&
          size.terms <= MAX_FILTER_TERMS &&
          printed.length <= MAX_FILTER_LENGTH
        ) {
          expect(result).toEqual(tree);
        } else {
          expect(result).toBeInstanceOf(FilterSyntaxError);
          expect((result as FilterSyntaxError).message).toBe(SearchMessage.INVALID_CRITERIA);
        }
      }),
      { numRuns: 200 },
    );
  });

  it('records a position for every node, inside the text', () => {
    fc.assert(
      fc.property(expression, (tree) => {
        const printed = printFilter(tree);
        if (
          measureExpression(tree).terms > MAX_FILTER_TERMS ||
          measureExpression(tree).depth > MAX_FILTER_DEPTH
        )
          return;
        const parsed = parseFilterWithPositions(printed);
        const visit = (node: FilterExpression): void => {
          const position = parsed.positionOf(node);
          expect(position).toBeGreaterThanOrEqual(0);
          expect(position).toBeLessThan(printed.length);
          if (node.kind === 'and' || node.kind === 'or') node.items.forEach(visit);
          if (node.kind === 'not') visit(node.item);
        };
        if (parsed.expression) visit(parsed.expression);
      }),
      { numRuns: 100 },
    );
  });
});

describe('hostile filter text', () => {
  const fieldNames = GENERIC_FIELDS.map((field) => field.property);
  const hostile = fc.oneof(
    fc.string({ unit: 'binary', maxLength: 300 }),
    fc.string({ unit: 'grapheme', maxLength: 100 }),
    tokenSoup(fieldNames, { maxTokens: 60, separator: ' ' }),
    tokenSoup(fieldNames, { maxTokens: 60, separator: '' }),
    tokenSoup(fieldNames, { minTokens: 3, maxTokens: 3 }),
    fc.integer({ min: 0, max: 3000 }).map((n) => `${'('.repeat(n)}a eq 1${')'.repeat(n)}`),
    fc.integer({ min: 0, max: 3000 }).map((n) => `${'not('.repeat(n)}a eq 1`),
  );

  /** What any input must give: a well-formed error, nothing for blank text, or a tree within the limits that prints back to itself. */
  function expectTreeOrSyntaxError(input: string): 'error' | 'blank' | 'tree' {
    const result = parseOrError(input);
    if (result instanceof FilterSyntaxError) return 'error';
    expect(input.length).toBeLessThanOrEqual(MAX_FILTER_LENGTH);
    if (result === null) {
      expect(input).toMatch(/^[ \t\r\n]*$/);
      return 'blank';
    }
    const size = measureExpression(result);
    expect(size.depth).toBeLessThanOrEqual(MAX_FILTER_DEPTH);
    expect(size.terms).toBeLessThanOrEqual(MAX_FILTER_TERMS);
    expect(parseFilter(printFilter(result))).toEqual(result);
    return 'tree';
  }

  it('gives a tree that prints back to itself, nothing for blank text, or a FilterSyntaxError', () => {
    fc.assert(
      fc.property(hostile, (input) => {
        expectTreeOrSyntaxError(input);
      }),
      { numRuns: 300 },
    );
  });

  it('is exercised by the generated text in each of those outcomes', () => {
    const outcomes = fc.sample(hostile, { numRuns: 600, seed: 20260131 }).map(expectTreeOrSyntaxError);
    for (const outcome of ['error', 'blank', 'tree'] as const) {
      expect(outcomes.filter((each) => each === outcome).length, outcome).toBeGreaterThanOrEqual(10);
    }
  });

  it('survives very long and deeply nested inputs', () => {
    for (const input of [
      'x'.repeat(100_000),
      '('.repeat(100_000),
      `a eq '${"'".repeat(3990)}`,
      `${'('.repeat(1999)}${')'.repeat(1999)}`,
      'not('.repeat(999),
      Array.from({ length: 400 }, () => 'a eq 1')
        .join(' and ')
        .slice(0, MAX_FILTER_LENGTH),
    ]) {
      expect(parseOrError(input)).toBeInstanceOf(FilterSyntaxError);
    }
  });
});
