import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { CONSTRAINTS, DATA_TYPES, ZCriteriaGroup, ZCriterion } from './criteria-model';
import { MAX_FILTER_TERMS } from './filter-expression';
import { validateCriteria, validateCriterion } from './validate-criteria';

const group = (...operands: unknown[]) => ({ operator: 'and', operands });
const messages = (input: unknown, options?: Parameters<typeof validateCriteria>[1]) =>
  validateCriteria(input, options).errors.map((error) => [error.path, error.message]);

describe('validateCriteria: groups', () => {
  it('accepts and/or and refuses any other operator with Invalid operator', () => {
    expect(validateCriteria({ operator: 'and', operands: [] })).toEqual({ valid: true, errors: [] });
    expect(validateCriteria({ operator: 'or', operands: [] }).valid).toBe(true);
    for (const operator of ['AND', 'xor', '', undefined, 1]) {
      expect(messages({ operator, operands: [] })).toEqual([['operator', 'Invalid operator']]);
    }
  });

  it('accepts an empty group unless non-empty is required, at any level', () => {
    expect(validateCriteria(group()).valid).toBe(true);
    expect(validateCriteria(group(group())).valid).toBe(true);
    expect(messages(group(), { requireNonEmpty: true })).toEqual([['operands', 'Invalid Criteria']]);
    expect(messages(group(group()), { requireNonEmpty: true })).toEqual([
      ['operands.0.operands', 'Invalid Criteria'],
    ]);
  });

  it('refuses what is not a group with Invalid Criteria', () => {
    for (const input of [
      null,
      undefined,
      'and',
      [],
      { operator: 'and' },
      { operator: 'and', operands: 'x' },
    ]) {
      expect(messages(input)).toEqual([['', 'Invalid Criteria']]);
    }
  });

  it('needs every operand valid, and reports each with its path', () => {
    const input = group(
      { property: 'a' },
      'text',
      group({ property: 'b', constraint: 'bogus' }, { operator: 'nand', operands: [] }),
      { property: '' },
    );
    expect(messages(input)).toEqual([
      ['operands.1', 'Invalid Criteria'],
      ['operands.2.operands.0.constraint', 'Invalid constraint'],
      ['operands.2.operands.1.operator', 'Invalid operator'],
      ['operands.3.property', 'Invalid property'],
    ]);
  });

  it('nests to any depth the dialect can carry, and refuses deeper', () => {
    let chain: unknown = { property: 'a', value: 'x' };
    for (let i = 0; i < 60; i += 1) chain = group(chain);
    expect(validateCriteria(chain).valid).toBe(true);
    let deep: unknown = { property: 'a', value: 'x' };
    for (let i = 0; i < 25; i += 1) deep = group(deep, { property: 'b', value: 'y' });
    expect(messages(deep)).toEqual([['', 'Invalid Criteria']]);
    expect(validateCriteria(deep).errors[0]?.detail).toContain('nested deeper');
    let hostile: unknown = group();
    for (let i = 0; i < 50_000; i += 1) hostile = group(hostile);
    expect(messages(hostile)[0]?.[1]).toBe('Invalid Criteria');
  });

  it(`refuses more than ${MAX_FILTER_TERMS} conditions`, () => {
    const many = (count: number) =>
      group(...Array.from({ length: count }, (_, i) => ({ property: 'a', value: `${i}` })));
    expect(validateCriteria(many(MAX_FILTER_TERMS)).valid).toBe(true);
    expect(messages(many(MAX_FILTER_TERMS + 1))).toEqual([['', 'Invalid Criteria']]);
  });
});

describe('validateCriteria: criteria', () => {
  it('needs a property (Invalid property)', () => {
    for (const property of [undefined, '', 5, 'has space', 'and', 'null', 'é']) {
      expect(messages(group({ property }))).toEqual([['operands.0.property', 'Invalid property']]);
    }
  });

  it('checks properties against the field list when given', () => {
    const fields = [{ field: 'invNo' }];
    expect(validateCriteria(group({ property: 'invNo' }), { fields }).valid).toBe(true);
    expect(messages(group({ property: 'other' }), { fields })).toEqual([
      ['operands.0.property', 'Invalid property'],
    ]);
  });

  it('needs a known constraint (Invalid constraint); eq by default', () => {
    for (const constraint of CONSTRAINTS)
      expect(validateCriteria(group({ property: 'a', constraint })).valid).toBe(true);
    expect(validateCriteria(group({ property: 'a' })).valid).toBe(true);
    for (const constraint of ['EQ', 'like', 'between', 7]) {
      expect(messages(group({ property: 'a', constraint }))).toEqual([
        ['operands.0.constraint', 'Invalid constraint'],
      ]);
    }
  });

  it('needs a known type; string by default', () => {
    for (const type of DATA_TYPES) expect(validateCriteria(group({ property: 'a', type })).valid).toBe(true);
    expect(messages(group({ property: 'a', type: 'money', value: 1 }))).toEqual([
      ['operands.0.type', 'Invalid Criterion'],
    ]);
  });

  it('always accepts an empty value, whatever the type and constraint', () => {
    for (const type of DATA_TYPES) {
      for (const constraint of CONSTRAINTS) {
        for (const value of [undefined, null, '', '  ']) {
          expect(
            validateCriteria(group({ property: 'a', type, constraint, value, value2: value })).valid,
          ).toBe(true);
        }
      }
    }
  });

  const valueCases: [string, unknown[], unknown[]][] = [
    [
      'integer',
      [0, -7, '42', ' +3 ', '123456789012345678901234567890'],
      ['1.5', 1.5, 'x', '1e3', 1e21, true, '0x1F', NaN],
    ],
    ['number', [1.5, '-0.25', '.5', '5.', '10'], ['1,5', 'abc', '1e3', Infinity, false]],
    ['currency', ['12.50', -3], ['$12', '12.5.0']],
    ['percentage', ['50', '12.5'], ['50%']],
    [
      'date',
      ['2026-01-31', '2024-02-29', '2026-01-31T10:00:00Z'],
      ['2026-02-30', '2023-02-29', '31/01/2026', 'now', 20260131, '0000-01-01'],
    ],
    [
      'datetime',
      ['2026-01-31T10:00', '2026-01-31T10:00:00.123+02:00', '2026-01-31'],
      ['2026-01-31T24:00', '2026-01-31 10:00', 'x'],
    ],
    ['boolean', [true, false, 'true', 'false'], ['yes', 'TRUE', 1, 0, 't']],
    ['string', ['any', 5, true, "O'Brien"], ['a\u0000b', '\uD800']],
    ['enum', ['O', 1], ['\uDC00x']],
    ['default', ['x'], ['\u0000']],
  ];

  it.each(valueCases)('%s values: valid and invalid (Invalid Criterion)', (type, valid, invalid) => {
    for (const value of valid) {
      expect(validateCriteria(group({ property: 'a', type, value })).errors).toEqual([]);
    }
    for (const value of invalid) {
      expect(messages(group({ property: 'a', type, value }))).toEqual([
        ['operands.0.value', 'Invalid Criterion'],
      ]);
    }
  });

  it('refuses values that are not scalars', () => {
    for (const value of [{}, [1], { toString: () => '1' }]) {
      expect(messages(group({ property: 'a', type: 'string', value }))).toEqual([
        ['operands.0.value', 'Invalid Criterion'],
      ]);
    }
  });

  it('checks value2 of a between, and ignores values of constraints that take none', () => {
    expect(
      messages(group({ property: 'a', type: 'integer', constraint: 'is_between', value: 1, value2: 'x' })),
    ).toEqual([['operands.0.value2', 'Invalid Criterion']]);
    expect(
      validateCriteria(group({ property: 'a', type: 'integer', constraint: 'eq', value: 1, value2: 'x' }))
        .valid,
    ).toBe(true);
    expect(
      validateCriteria(group({ property: 'a', type: 'integer', constraint: 'is_null', value: 'x' })).valid,
    ).toBe(true);
  });

  it('checks every item of an in list and the offsets of a relative range', () => {
    expect(
      validateCriteria(group({ property: 'a', type: 'integer', constraint: 'in', value: '1, 2,3' })).valid,
    ).toBe(true);
    expect(messages(group({ property: 'a', type: 'integer', constraint: 'not_in', value: '1,x' }))).toEqual([
      ['operands.0.value', 'Invalid Criterion'],
    ]);
    expect(
      validateCriteria(group({ property: 'd', type: 'date', constraint: 'in_rel_range', value: '-30,0' }))
        .valid,
    ).toBe(true);
    for (const value of ['-30', '1,2,3', 'a,b', '1.5,2', '0,99999']) {
      expect(messages(group({ property: 'd', type: 'date', constraint: 'in_rel_range', value }))).toEqual([
        ['operands.0.value', 'Invalid Criterion'],
      ]);
    }
  });

  it('validates one criterion on its own', () => {
    expect(validateCriterion({ property: 'a', type: 'integer', value: 'x' })).toEqual([
      { path: 'value', message: 'Invalid Criterion', detail: 'not a valid integer' },
    ]);
    expect(validateCriterion('x')[0]?.message).toBe('Invalid Criterion');
  });

  it('never throws on arbitrary input', () => {
    fc.assert(
      fc.property(fc.anything(), (input) => {
        const result = validateCriteria(input);
        expect(result.valid).toBe(result.errors.length === 0);
      }),
      { numRuns: 200 },
    );
  });
});

describe('zod schemas', () => {
  it('fill the defaults of a criterion and accept nested groups', () => {
    expect(ZCriterion.parse({ property: 'invNo' })).toEqual({
      property: 'invNo',
      constraint: 'eq',
      type: 'string',
    });
    const parsed = ZCriteriaGroup.parse({
      operator: 'or',
      operands: [{ operator: 'and', operands: [{ property: 'a' }] }],
    });
    expect(parsed).toEqual({
      operator: 'or',
      operands: [{ operator: 'and', operands: [{ property: 'a', constraint: 'eq', type: 'string' }] }],
    });
    expect(ZCriteriaGroup.safeParse({ operator: 'xor', operands: [] }).success).toBe(false);
    expect(ZCriterion.safeParse({ property: 'a', constraint: 'like' }).success).toBe(false);
  });
});
