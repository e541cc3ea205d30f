import { describe, expect, it } from 'vitest';
import { SearchMessage } from './criteria-model';
import {
  type FilterExpression,
  FilterSyntaxError,
  MAX_FILTER_DEPTH,
  MAX_FILTER_LENGTH,
  MAX_FILTER_TERMS,
} from './filter-expression';
import { parseFilter, parseFilterWithPositions, tryParseFilter } from './parse-filter';

const cmp = (field: string, op: string, value: unknown) => ({ kind: 'compare', field, op, value });
const num = (value: string) => ({ type: 'number', value });
const str = (value: string) => ({ type: 'string', value });

function syntaxError(text: unknown): FilterSyntaxError {
  const result = tryParseFilter(text);
  if (result.ok) throw new Error(`expected an error for ${String(text)}`);
  return result.error;
}

describe('parseFilter: grammar', () => {
  it('gives null for an empty or blank filter', () => {
    expect(parseFilter('')).toBeNull();
    expect(parseFilter(' \t\r\n ')).toBeNull();
  });

  it('parses comparisons with every operator and literal', () => {
    expect(parseFilter("invNo eq 'A''B'")).toEqual(cmp('invNo', 'eq', str("A'B")));
    expect(parseFilter('amount ne -12.50')).toEqual(cmp('amount', 'ne', num('-12.50')));
    expect(parseFilter('a gt 0')).toEqual(cmp('a', 'gt', num('0')));
    expect(parseFilter('a ge 1')).toEqual(cmp('a', 'ge', num('1')));
    expect(parseFilter('a lt true')).toEqual(cmp('a', 'lt', { type: 'boolean', value: true }));
    expect(parseFilter('a le false')).toEqual(cmp('a', 'le', { type: 'boolean', value: false }));
    expect(parseFilter('a eq null')).toEqual(cmp('a', 'eq', { type: 'null' }));
    expect(parseFilter("d eq datetime'2026-01-31T00:00:00'")).toEqual(
      cmp('d', 'eq', { type: 'datetime', value: '2026-01-31T00:00:00' }),
    );
    expect(parseFilter("d eq datetime'2026-01-31T10:20:30.123456-05:30'")).toEqual(
      cmp('d', 'eq', { type: 'datetime', value: '2026-01-31T10:20:30.123456-05:30' }),
    );
    expect(parseFilter("a eq ''")).toEqual(cmp('a', 'eq', str('')));
  });

  it('parses the functions', () => {
    expect(parseFilter("substringof('x',invNo)")).toEqual({
      kind: 'call',
      fn: 'substringof',
      field: 'invNo',
      args: [str('x')],
    });
    expect(parseFilter("startswith(invNo, 'x')")).toEqual({
      kind: 'call',
      fn: 'startswith',
      field: 'invNo',
      args: [str('x')],
    });
    expect(parseFilter("endswith( invNo ,'x' )")).toEqual({
      kind: 'call',
      fn: 'endswith',
      field: 'invNo',
      args: [str('x')],
    });
    expect(parseFilter('inrelrange(d,-30,0)')).toEqual({
      kind: 'call',
      fn: 'inrelrange',
      field: 'd',
      args: [num('-30'), num('0')],
    });
    expect(parseFilter('infuture(d)')).toEqual({ kind: 'call', fn: 'infuture', field: 'd', args: [] });
    expect(parseFilter('inpast(d)')).toEqual({ kind: 'call', fn: 'inpast', field: 'd', args: [] });
  });

  it("binds 'and' tighter than 'or' and lets parentheses override", () => {
    const a = cmp('a', 'eq', num('1'));
    const b = cmp('b', 'eq', num('2'));
    const c = cmp('c', 'eq', num('3'));
    expect(parseFilter('a eq 1 or b eq 2 and c eq 3')).toEqual({
      kind: 'or',
      items: [a, { kind: 'and', items: [b, c] }],
    });
    expect(parseFilter('(a eq 1 or b eq 2) and c eq 3')).toEqual({
      kind: 'and',
      items: [{ kind: 'or', items: [a, b] }, c],
    });
    expect(parseFilter('a eq 1 and b eq 2 and c eq 3')).toEqual({ kind: 'and', items: [a, b, c] });
    expect(parseFilter('a eq 1 and (b eq 2 and c eq 3)')).toEqual({
      kind: 'and',
      items: [a, { kind: 'and', items: [b, c] }],
    });
  });

  it('makes no node for parentheses and negates with not(...)', () => {
    const a = cmp('a', 'eq', num('1'));
    expect(parseFilter('((a eq 1))')).toEqual(a);
    expect(parseFilter('not(a eq 1)')).toEqual({ kind: 'not', item: a });
    expect(parseFilter('not ( not(a eq 1) )')).toEqual({ kind: 'not', item: { kind: 'not', item: a } });
  });

  it('records where each node starts', () => {
    const text = "a eq 1 or not(substringof('x',b))";
    const parsed = parseFilterWithPositions(text);
    const root = parsed.expression as Extract<FilterExpression, { kind: 'and' | 'or' }>;
    expect(parsed.positionOf(root)).toBe(0);
    expect(parsed.positionOf(root.items[1] as FilterExpression)).toBe(10);
    expect(parsed.positionOf((root.items[1] as Extract<FilterExpression, { kind: 'not' }>).item)).toBe(14);
  });
});

describe('parseFilter: errors', () => {
  const cases: [string, string, number, string][] = [
    ['a eq', SearchMessage.INVALID_CRITERION, 4, 'expected a value'],
    ['a eqq 1', SearchMessage.INVALID_OPERATOR, 2, 'expected eq, ne'],
    ['a EQ 1', SearchMessage.INVALID_OPERATOR, 2, 'expected eq, ne'],
    ['a eq 1 b eq 2', SearchMessage.INVALID_OPERATOR, 7, "expected 'and', 'or'"],
    ['a eq 1 AND b eq 2', SearchMessage.INVALID_OPERATOR, 7, "expected 'and', 'or'"],
    ['eq eq 1', SearchMessage.INVALID_PROPERTY, 0, 'expected a field name'],
    ['a eq 1 and', SearchMessage.INVALID_PROPERTY, 10, 'ends'],
    ["'x' eq a", SearchMessage.INVALID_PROPERTY, 0, 'expected a field name'],
    ["contains(a,'x')", SearchMessage.INVALID_CONSTRAINT, 0, "unknown function 'contains'"],
    ["substringof(a,'x')", SearchMessage.INVALID_CRITERION, 12, 'expected quoted text'],
    ["startswith('x',a)", SearchMessage.INVALID_PROPERTY, 11, 'expected a field name'],
    ['inrelrange(d,-1.5,0)', SearchMessage.INVALID_CRITERION, 13, 'whole number'],
    ['inrelrange(d,1)', SearchMessage.INVALID_CRITERIA, 14, "expected ','"],
    ['infuture(d', SearchMessage.INVALID_CRITERIA, 10, "expected ')'"],
    ['(a eq 1', SearchMessage.INVALID_CRITERIA, 7, "expected ')'"],
    ['a eq 1)', SearchMessage.INVALID_CRITERIA, 6, "')' without"],
    ['not a eq 1', SearchMessage.INVALID_CRITERIA, 4, "expected '(' after not"],
    ["a eq 'open", SearchMessage.INVALID_CRITERION, 5, 'unterminated'],
    ["a eq datetime'2026-02-30T00:00:00'", SearchMessage.INVALID_CRITERION, 13, 'ISO'],
    ["a eq datetime'31/01/2026'", SearchMessage.INVALID_CRITERION, 13, 'ISO'],
    ['a eq 1e5', SearchMessage.INVALID_CRITERION, 5, 'malformed number'],
    ['a eq 1.', SearchMessage.INVALID_CRITERION, 5, 'malformed number'],
    ['a eq 1 -- comment', SearchMessage.INVALID_CRITERIA, 7, "unexpected character '-'"],
    ['a eq 1 /* x */', SearchMessage.INVALID_CRITERIA, 7, "unexpected character '/'"],
    ['a eq 1; drop table t', SearchMessage.INVALID_CRITERIA, 6, "unexpected character ';'"],
    ['a eq "x"', SearchMessage.INVALID_CRITERIA, 5, `unexpected character '"'`],
    ['café eq 1', SearchMessage.INVALID_CRITERIA, 3, "unexpected character 'é'"],
    ['a eq 1\u0000', SearchMessage.INVALID_CRITERIA, 6, 'U+0000'],
    ["a eq 'x\u0000'", SearchMessage.INVALID_CRITERION, 5, 'invalid character'],
    ["a eq '\uD800'", SearchMessage.INVALID_CRITERION, 5, 'invalid character'],
    ['a eq ,', SearchMessage.INVALID_CRITERION, 5, 'expected a value'],
    [')', SearchMessage.INVALID_PROPERTY, 0, 'expected a field name'],
  ];

  it.each(cases)('%j -> %s at %i', (text, message, position, reason) => {
    const error = syntaxError(text);
    expect(error).toBeInstanceOf(FilterSyntaxError);
    expect(error.message).toBe(message);
    expect(error.position).toBe(position);
    expect(error.reason).toContain(reason);
  });

  it('points near the faulty part', () => {
    const error = syntaxError("status eq 'O' and amount gtx 5 and promise eq true");
    expect(error.position).toBe(25);
    expect(error.near).toBe('gtx 5 and promise eq');
    expect(syntaxError('a eq 1 and').near).toBe('a eq 1 and');
  });

  it('refuses text that is not a string', () => {
    for (const input of [undefined, null, 42, ['a eq 1'], { a: 1 }]) {
      expect(syntaxError(input).message).toBe(SearchMessage.INVALID_CRITERIA);
    }
  });
});

describe('parseFilter: limits', () => {
  it(`accepts ${MAX_FILTER_LENGTH} characters and refuses one more`, () => {
    const ok = `a eq '${'x'.repeat(MAX_FILTER_LENGTH - 7)}'`;
    expect(ok.length).toBe(MAX_FILTER_LENGTH);
    expect(parseFilter(ok)).toEqual(cmp('a', 'eq', str('x'.repeat(MAX_FILTER_LENGTH - 7))));
    const error = syntaxError(`${ok} `);
    expect(error.message).toBe(SearchMessage.INVALID_CRITERIA);
    expect(error.position).toBe(MAX_FILTER_LENGTH);
    expect(error.reason).toContain('longer than');
  });

  it('refuses 100k characters by their length, before reading any of them', () => {
    // A character the tokenizer refuses at position 0 shows that the length is checked first.
    for (const oversized of ['('.repeat(100_000), '#'.repeat(100_000)]) {
      const error = syntaxError(oversized);
      expect(error.reason).toContain('longer than');
      expect(error.position).toBe(MAX_FILTER_LENGTH);
    }
    expect(syntaxError('#'.repeat(MAX_FILTER_LENGTH)).position).toBe(0);
  });

  it(`accepts ${MAX_FILTER_DEPTH} levels of nesting and refuses one more`, () => {
    const nested = (levels: number) => `${'('.repeat(levels)}a eq 1${')'.repeat(levels)}`;
    expect(parseFilter(nested(MAX_FILTER_DEPTH))).toEqual(cmp('a', 'eq', num('1')));
    const error = syntaxError(nested(MAX_FILTER_DEPTH + 1));
    expect(error.message).toBe(SearchMessage.INVALID_CRITERIA);
    expect(error.position).toBe(MAX_FILTER_DEPTH);
    expect(error.reason).toContain('nested deeper');
    const nots = (levels: number) => `${'not('.repeat(levels)}a eq 1${')'.repeat(levels)}`;
    expect(tryParseFilter(nots(MAX_FILTER_DEPTH)).ok).toBe(true);
    expect(syntaxError(nots(MAX_FILTER_DEPTH + 1)).reason).toContain('nested deeper');
    expect(syntaxError(`${'not('.repeat(900)}a eq 1`).reason).toContain('nested deeper');
  });

  it(`accepts ${MAX_FILTER_TERMS} conditions and refuses one more`, () => {
    const terms = (count: number) => Array.from({ length: count }, (_, i) => `a eq ${i}`).join(' or ');
    const parsed = parseFilter(terms(MAX_FILTER_TERMS));
    expect(parsed?.kind === 'or' && parsed.items.length).toBe(MAX_FILTER_TERMS);
    const error = syntaxError(terms(MAX_FILTER_TERMS + 1));
    expect(error.message).toBe(SearchMessage.INVALID_CRITERIA);
    expect(error.reason).toContain(`more than ${MAX_FILTER_TERMS}`);
    expect(error.near.startsWith(`a eq ${MAX_FILTER_TERMS}`)).toBe(true);
  });
});
