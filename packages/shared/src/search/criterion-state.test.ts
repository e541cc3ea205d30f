import { describe, expect, it } from 'vitest';
import { CONSTRAINTS, type TCriteriaGroup, type TCriterion } from './criteria-model';
import { changeConstraint, criterionFromField, isApplyImmediate, prepareForApply } from './criterion-state';

const base: TCriterion = {
  property: 'amount',
  type: 'currency',
  constraint: 'eq',
  value: '10',
  title: 'Amount',
};

describe('changeConstraint', () => {
  it('clears the value when the new constraint takes none', () => {
    for (const constraint of [
      'is_null',
      'not_null',
      'is_empty',
      'not_empty',
      'in_future',
      'in_past',
    ] as const) {
      const next = changeConstraint(base, constraint);
      expect(next).toEqual({ property: 'amount', type: 'currency', constraint, title: 'Amount' });
      expect('value' in next).toBe(false);
    }
  });

  it('keeps the value between single-value constraints', () => {
    expect(changeConstraint(base, 'gt')).toEqual({ ...base, constraint: 'gt' });
    expect(changeConstraint({ ...base, type: 'string', value: 'ab' }, 'contains').value).toBe('ab');
  });

  it('a between adds the second value, its editor and the word And, keeping the first value', () => {
    expect(changeConstraint(base, 'is_between')).toEqual({
      ...base,
      constraint: 'is_between',
      value: '10',
      value2: null,
      showEditor2: true,
      showAnd: true,
    });
    expect(changeConstraint(base, 'not_is_between').showEditor2).toBe(true);
  });

  it('keeps both values from one between to another', () => {
    const between = changeConstraint({ ...base, constraint: 'is_between', value2: '20' }, 'not_is_between');
    expect(between).toMatchObject({ value: '10', value2: '20', showAnd: true, showEditor2: true });
  });

  it('any other constraint removes the second value, its editor and the word And', () => {
    const between: TCriterion = {
      ...base,
      constraint: 'is_between',
      value2: '20',
      showAnd: true,
      showEditor2: true,
    };
    for (const constraint of CONSTRAINTS.filter((c) => c !== 'is_between' && c !== 'not_is_between')) {
      const next = changeConstraint(between, constraint);
      expect(next.constraint).toBe(constraint);
      expect('value2' in next || 'showAnd' in next || 'showEditor2' in next).toBe(false);
    }
    expect(changeConstraint(between, 'lt')).toEqual({ ...base, constraint: 'lt' });
  });

  it('clears a value whose shape does not fit the new editor', () => {
    expect('value' in changeConstraint({ ...base, constraint: 'in', value: '1,2' }, 'eq')).toBe(false);
    expect('value' in changeConstraint(base, 'in_rel_range')).toBe(false);
    expect(changeConstraint({ ...base, constraint: 'in', value: '1,2' }, 'not_in').value).toBe('1,2');
  });

  it('does not change its argument', () => {
    const before = structuredClone(base);
    changeConstraint(base, 'is_null');
    expect(base).toEqual(before);
  });
});

describe('prepareForApply', () => {
  const probNo = (extra: Partial<TCriterion>): TCriterion => ({
    property: 'probNo',
    type: 'integer',
    constraint: 'eq',
    ...extra,
  });

  it('drops criteria on probNo without value, at any depth', () => {
    const group: TCriteriaGroup = {
      operator: 'and',
      operands: [
        probNo({}),
        probNo({ value: '' }),
        probNo({ value: 5 }),
        { operator: 'or', operands: [probNo({ value: null }), base] },
        probNo({ constraint: 'is_between', value: '', value2: null }),
      ],
    };
    expect(prepareForApply(group)).toEqual({
      operator: 'and',
      operands: [probNo({ value: 5 }), { operator: 'or', operands: [base] }],
    });
  });

  it('keeps probNo criteria that have a value or need none, and other empty criteria', () => {
    const group: TCriteriaGroup = {
      operator: 'and',
      operands: [
        probNo({ constraint: 'is_null' }),
        probNo({ constraint: 'is_between', value2: 3 }),
        { property: 'invNo', type: 'string', constraint: 'eq', value: '' },
        { property: 'amount', type: 'integer', constraint: 'eq' },
      ],
    };
    expect(prepareForApply(group)).toEqual(group);
  });
});

describe('panel helpers', () => {
  it('a ticked field becomes a row with constraint eq and no value', () => {
    expect(
      criterionFromField({ field: 'dueDate', title: 'Due date', dataType: 'date', ticked: true }),
    ).toEqual({
      property: 'dueDate',
      title: 'Due date',
      type: 'date',
      constraint: 'eq',
    });
  });

  it('applies at once unless the setting is the text false', () => {
    expect(isApplyImmediate(undefined)).toBe(true);
    expect(isApplyImmediate('true')).toBe(true);
    expect(isApplyImmediate(false)).toBe(false);
    expect(isApplyImmediate('FALSE')).toBe(true);
    expect(isApplyImmediate('false')).toBe(false);
  });
});
