import { describe, expect, it } from 'vitest';
import { coerceLiteral } from './filter-coercion';
import { parseFilter } from './parse-filter';
import { evaluateFilter, type ReferenceContext, type ReferenceRow } from './reference-evaluator';

const context: ReferenceContext = {
  fields: {
    invNo: 'string',
    amount: 'currency',
    qty: 'integer',
    due: 'date',
    at: 'datetime',
    promise: 'boolean',
    status: 'enum',
  },
  today: '2026-01-31',
  now: '2026-01-31T12:00:00.000Z',
};

const rows: Record<string, ReferenceRow> = {
  a: {
    invNo: 'INV-1',
    amount: '10.00',
    qty: '3',
    due: '2026-01-01',
    at: '2026-01-31T11:00:00Z',
    promise: true,
    status: 'O',
  },
  b: {
    invNo: "o'brien_%",
    amount: '-2.50',
    qty: '0',
    due: '2026-02-15',
    at: '2026-01-31T13:00:00Z',
    promise: false,
    status: 'C',
  },
  c: { invNo: '', amount: null, qty: null, due: null, at: null, promise: null, status: null },
  d: {
    invNo: null,
    amount: '10',
    qty: '12',
    due: '2026-01-31',
    at: '2026-01-30T23:59:59Z',
    promise: true,
    status: 'O',
  },
};

function matching(filter: string): string[] {
  const expression = parseFilter(filter);
  if (!expression) return Object.keys(rows);
  return Object.entries(rows)
    .filter(([, row]) => evaluateFilter(expression, row, context))
    .map(([id]) => id);
}

describe('evaluateFilter', () => {
  it('compares text exactly and matches text functions ignoring case', () => {
    expect(matching("invNo eq 'INV-1'")).toEqual(['a']);
    expect(matching("invNo eq 'inv-1'")).toEqual([]);
    expect(matching("substringof('BRIEN_%',invNo)")).toEqual(['b']);
    expect(matching("startswith(invNo,'inv')")).toEqual(['a']);
    expect(matching("endswith(invNo,'%')")).toEqual(['b']);
    expect(matching("substringof('',invNo)")).toEqual(['a', 'b', 'c']);
  });

  it("treats eq '' on text as empty or null, and eq null as null only", () => {
    expect(matching("invNo eq ''")).toEqual(['c', 'd']);
    expect(matching("invNo ne ''")).toEqual(['a', 'b']);
    expect(matching('invNo eq null')).toEqual(['d']);
    expect(matching('invNo ne null')).toEqual(['a', 'b', 'c']);
    expect(matching("amount eq ''")).toEqual(['c']);
  });

  it('uses two-valued logic: rows without value fail comparisons but match ne and not(...)', () => {
    expect(matching('amount gt 0')).toEqual(['a', 'd']);
    expect(matching('not(amount gt 0)')).toEqual(['b', 'c']);
    expect(matching('amount ne 10')).toEqual(['b', 'c']);
    expect(matching("not(substringof('x',invNo))")).toEqual(['a', 'b', 'c', 'd']);
  });

  it('compares numbers exactly, dates as dates and datetimes as instants', () => {
    expect(matching('amount eq 10.000')).toEqual(['a', 'd']);
    expect(matching("amount ge '-2.5' and amount lt 10")).toEqual(['b']);
    expect(matching('qty ge 3 and qty le 12')).toEqual(['a', 'd']);
    expect(matching("due eq datetime'2026-01-31T18:00:00'")).toEqual(['d']);
    expect(matching("due lt '2026-01-31'")).toEqual(['a']);
    expect(matching("at gt datetime'2026-01-31T11:30:00+01:00'")).toEqual(['a', 'b']);
    expect(matching("at le datetime'2026-01-30T23:59:59'")).toEqual(['d']);
  });

  it('relative ranges, future and past follow today and now', () => {
    expect(matching('inrelrange(due,-30,0)')).toEqual(['a', 'd']);
    expect(matching('inrelrange(due,15,0)')).toEqual(['b', 'd']);
    expect(matching('infuture(due)')).toEqual(['b']);
    expect(matching('inpast(due)')).toEqual(['a']);
    expect(matching('infuture(at)')).toEqual(['b']);
    expect(matching('inrelrange(at,0,0)')).toEqual(['a', 'b']);
    expect(matching('inrelrange(at,-1,-1)')).toEqual(['d']);
  });

  it('booleans and enums', () => {
    expect(matching('promise eq true')).toEqual(['a', 'd']);
    expect(matching("promise ne 'true'")).toEqual(['b', 'c']);
    expect(matching("status eq 'O' or status eq 'C'")).toEqual(['a', 'b', 'd']);
  });

  it('throws on unknown fields and values the type does not take', () => {
    expect(() => matching('nope eq 1')).toThrow();
    expect(() => matching('__proto__ eq 1')).toThrow();
    expect(() => matching("qty eq 'x'")).toThrow();
    expect(() => matching('qty eq 1.5')).toThrow();
    expect(() => matching("substringof('1',qty)")).toThrow();
    expect(() => matching('infuture(invNo)')).toThrow();
    expect(() => matching('amount gt null')).toThrow();
  });
});

describe('coerceLiteral', () => {
  it('coerces literals to field types or refuses them', () => {
    expect(coerceLiteral({ type: 'number', value: '5' }, 'string')).toEqual({ kind: 'text', value: '5' });
    expect(coerceLiteral({ type: 'boolean', value: true }, 'string')).toBeUndefined();
    expect(coerceLiteral({ type: 'string', value: ' 7 ' }, 'integer')).toEqual({
      kind: 'number',
      value: '7',
    });
    expect(coerceLiteral({ type: 'string', value: ' ' }, 'integer')).toEqual({ kind: 'null' });
    expect(coerceLiteral({ type: 'datetime', value: '2026-01-31T10:00:00' }, 'number')).toBeUndefined();
    expect(coerceLiteral({ type: 'datetime', value: '2026-01-31T10:00:00Z' }, 'date')).toEqual({
      kind: 'date',
      value: '2026-01-31',
    });
    expect(coerceLiteral({ type: 'string', value: '2026-02-30' }, 'date')).toBeUndefined();
    expect(coerceLiteral({ type: 'number', value: '1' }, 'boolean')).toBeUndefined();
    expect(coerceLiteral({ type: 'string', value: 'false' }, 'boolean')).toEqual({
      kind: 'boolean',
      value: false,
    });
    expect(coerceLiteral({ type: 'null' }, 'datetime')).toEqual({ kind: 'null' });
  });
});
