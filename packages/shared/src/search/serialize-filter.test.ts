import { describe, expect, it } from 'vitest';
import {
  CONSTRAINTS,
  InvalidCriteriaError,
  type TConstraint,
  type TCriteriaGroupInput,
  type TCriterionInput,
} from './criteria-model';
import { printFilter, serializeFilter } from './serialize-filter';

const one = (criterion: TCriterionInput): string =>
  serializeFilter({ operator: 'and', operands: [criterion] });

describe('serializeFilter: every constraint', () => {
  const cases: [TConstraint, TCriterionInput, string][] = [
    ['eq', { property: 'invNo', value: 'INV-1' }, "invNo eq 'INV-1'"],
    ['ne', { property: 'invNo', value: 'INV-1' }, "invNo ne 'INV-1'"],
    ['gt', { property: 'amount', type: 'currency', value: '12.50' }, 'amount gt 12.50'],
    ['ge', { property: 'amount', type: 'currency', value: 12.5 }, 'amount ge 12.5'],
    ['lt', { property: 'probNo', type: 'integer', value: '+007' }, 'probNo lt 7'],
    [
      'le',
      { property: 'dueDate', type: 'date', value: '2026-01-31' },
      "dueDate le datetime'2026-01-31T00:00:00'",
    ],
    ['contains', { property: 'invNo', value: 'ab' }, "substringof('ab',invNo)"],
    ['not_contains', { property: 'invNo', value: 'ab' }, "not(substringof('ab',invNo))"],
    ['startswith', { property: 'invNo', value: 'IN' }, "startswith(invNo,'IN')"],
    ['not_startswith', { property: 'invNo', value: 'IN' }, "not(startswith(invNo,'IN'))"],
    ['endswith', { property: 'invNo', value: '9' }, "endswith(invNo,'9')"],
    ['not_endswith', { property: 'invNo', value: '9' }, "not(endswith(invNo,'9'))"],
    ['is_null', { property: 'dueDate', type: 'date', value: 'ignored' }, 'dueDate eq null'],
    ['not_null', { property: 'dueDate', type: 'date' }, 'dueDate ne null'],
    ['is_empty', { property: 'invNo' }, "invNo eq ''"],
    ['not_empty', { property: 'invNo' }, "invNo ne ''"],
    [
      'is_between',
      { property: 'amount', type: 'number', value: 1, value2: '2.5' },
      'amount ge 1 and amount le 2.5',
    ],
    [
      'not_is_between',
      { property: 'amount', type: 'number', value: 1, value2: 2 },
      'not(amount ge 1 and amount le 2)',
    ],
    ['in', { property: 'status', type: 'enum', value: 'O, C' }, "status eq 'O' or status eq 'C'"],
    ['not_in', { property: 'status', type: 'enum', value: 'O,C' }, "not(status eq 'O' or status eq 'C')"],
    ['in_rel_range', { property: 'dueDate', type: 'date', value: '-30,0' }, 'inrelrange(dueDate,-30,0)'],
    [
      'not_in_rel_range',
      { property: 'dueDate', type: 'date', value: '-30, 7' },
      'not(inrelrange(dueDate,-30,7))',
    ],
    ['in_future', { property: 'dueDate', type: 'date' }, 'infuture(dueDate)'],
    ['in_past', { property: 'createdAt', type: 'datetime' }, 'inpast(createdAt)'],
  ];

  it('covers all 24 constraints', () => {
    expect(new Set(cases.map(([constraint]) => constraint))).toEqual(new Set(CONSTRAINTS));
  });

  it.each(cases)('%s', (constraint, criterion, expected) => {
    expect(one({ ...criterion, constraint })).toBe(expected);
  });
});

describe('serializeFilter: literals', () => {
  it('quotes text and doubles quotes', () => {
    expect(one({ property: 'invNo', value: "O'Brien" })).toBe("invNo eq 'O''Brien'");
    expect(one({ property: 'invNo', value: "'); drop table t; --" })).toBe(
      "invNo eq '''); drop table t; --'",
    );
  });

  it('keeps text exactly, unicode included', () => {
    expect(one({ property: 'invNo', value: ' é😀 ' })).toBe("invNo eq ' é😀 '");
  });

  it('writes numbers bare and canonical', () => {
    expect(one({ property: 'amount', type: 'currency', value: '.5' })).toBe('amount eq 0.5');
    expect(one({ property: 'amount', type: 'number', value: '-0012.30' })).toBe('amount eq -12.30');
    expect(one({ property: 'rate', type: 'percentage', value: '-0' })).toBe('rate eq 0');
  });

  it('writes dates at midnight and datetimes with seconds', () => {
    expect(one({ property: 'dueDate', type: 'date', value: '2026-01-31T15:45:00Z' })).toBe(
      "dueDate eq datetime'2026-01-31T00:00:00'",
    );
    expect(one({ property: 'createdAt', type: 'datetime', value: '2026-01-31T15:45' })).toBe(
      "createdAt eq datetime'2026-01-31T15:45:00'",
    );
    expect(one({ property: 'createdAt', type: 'datetime', value: '2026-01-31T15:45:01.5+02:00' })).toBe(
      "createdAt eq datetime'2026-01-31T15:45:01.5+02:00'",
    );
  });

  it('writes booleans bare from flags or text', () => {
    expect(one({ property: 'promise', type: 'boolean', value: true })).toBe('promise eq true');
    expect(one({ property: 'promise', type: 'boolean', constraint: 'ne', value: 'false' })).toBe(
      'promise ne false',
    );
  });

  it('quotes enum and default values even when numeric', () => {
    expect(one({ property: 'status', type: 'enum', value: 5 })).toBe("status eq '5'");
    expect(one({ property: 'note', type: 'default', value: 'x' })).toBe("note eq 'x'");
  });
});

describe('serializeFilter: empty values', () => {
  it('eq/ne with an empty value wait for it: no condition, so a ticked field does not empty the grid', () => {
    expect(one({ property: 'invNo', value: '' })).toBe('');
    expect(one({ property: 'invNo', constraint: 'ne', value: '   ' })).toBe('');
    expect(one({ property: 'amount', type: 'currency', value: null })).toBe('');
    expect(one({ property: 'promise', type: 'boolean', constraint: 'ne' })).toBe('');
  });

  it("is_empty and not_empty are the explicit tests for empty: text types against '', others against null", () => {
    expect(one({ property: 'invNo', constraint: 'is_empty' })).toBe("invNo eq ''");
    expect(one({ property: 'invNo', constraint: 'not_empty' })).toBe("invNo ne ''");
    expect(one({ property: 'amount', type: 'currency', constraint: 'is_empty' })).toBe('amount eq null');
  });

  it('other value-taking constraints with an empty value add no condition', () => {
    for (const constraint of ['gt', 'contains', 'not_startswith', 'in', 'not_in', 'in_rel_range'] as const) {
      expect(one({ property: 'invNo', constraint, value: '' })).toBe('');
    }
    expect(one({ property: 'amount', type: 'number', constraint: 'is_between' })).toBe('');
  });

  it('a between with one bound is a one-sided range', () => {
    expect(one({ property: 'amount', type: 'number', constraint: 'is_between', value: 5 })).toBe(
      'amount ge 5',
    );
    expect(one({ property: 'amount', type: 'number', constraint: 'is_between', value2: 9 })).toBe(
      'amount le 9',
    );
    expect(one({ property: 'amount', type: 'number', constraint: 'not_is_between', value2: 9 })).toBe(
      'not(amount le 9)',
    );
  });

  it('an in list of one item is a plain comparison', () => {
    expect(one({ property: 'probNo', type: 'integer', constraint: 'in', value: ' 4 ,' })).toBe('probNo eq 4');
  });
});

describe('serializeFilter: groups', () => {
  const a: TCriterionInput = { property: 'a', value: '1' };
  const b: TCriterionInput = { property: 'b', type: 'integer', value: 2 };
  const c: TCriterionInput = { property: 'c', type: 'boolean', value: true };

  it('joins the root without parentheses and parenthesises nested groups', () => {
    const group: TCriteriaGroupInput = {
      operator: 'or',
      operands: [a, { operator: 'and', operands: [b, c] }],
    };
    expect(serializeFilter(group)).toBe("a eq '1' or (b eq 2 and c eq true)");
  });

  it('parenthesises a between inside a group', () => {
    const between: TCriterionInput = {
      property: 'b',
      type: 'integer',
      constraint: 'is_between',
      value: 1,
      value2: 3,
    };
    expect(serializeFilter({ operator: 'and', operands: [a, between] })).toBe(
      "a eq '1' and (b ge 1 and b le 3)",
    );
    expect(
      serializeFilter({ operator: 'or', operands: [a, { ...between, constraint: 'in', value: '1,2' }] }),
    ).toBe("a eq '1' or (b eq 1 or b eq 2)");
  });

  it('skips empty groups and unwraps groups of one condition', () => {
    const group: TCriteriaGroupInput = {
      operator: 'and',
      operands: [
        { operator: 'or', operands: [] },
        { operator: 'or', operands: [{ operator: 'and', operands: [a] }] },
        b,
      ],
    };
    expect(serializeFilter(group)).toBe("a eq '1' and b eq 2");
    expect(serializeFilter({ operator: 'and', operands: [] })).toBe('');
    expect(printFilter(null)).toBe('');
  });

  it('throws InvalidCriteriaError with the errors for criteria that do not validate', () => {
    const invalid = { operator: 'xor', operands: [{ property: 'b', type: 'integer', value: 'x' }] };
    expect(() => serializeFilter(invalid as unknown as TCriteriaGroupInput)).toThrow(InvalidCriteriaError);
    try {
      serializeFilter(invalid as unknown as TCriteriaGroupInput);
    } catch (error) {
      expect((error as InvalidCriteriaError).errors.map((e) => e.message)).toEqual([
        'Invalid operator',
        'Invalid Criterion',
      ]);
    }
  });
});
