import { describe, expect, it } from 'vitest';
import {
  CONSTRAINT_LABELS,
  CONSTRAINTS_BY_TYPE,
  constraintArity,
  constraintsForType,
  constraintValueKind,
  formatCriterionValue,
  isConstraintApplicable,
  isEmptyValue,
  parseValueByType,
} from './constraints-by-type';
import { CONSTRAINTS, DATA_TYPES } from './criteria-model';

const labels = (type: string) =>
  constraintsForType(type).map((constraint) => CONSTRAINT_LABELS[constraint].en);

describe('constraints offered per type', () => {
  it('string: is, contains, starts with, ends with', () => {
    expect(constraintsForType('string')).toEqual(['eq', 'contains', 'startswith', 'endswith']);
    expect(labels('string')).toEqual(['is', 'contains', 'starts with', 'ends with']);
  });

  it.each(['integer', 'currency', 'percentage', 'number', 'date', 'datetime'])(
    '%s: is, between, greater than, greater than or equal to, less than, less than or equal to',
    (type) => {
      expect(constraintsForType(type)).toEqual(['eq', 'is_between', 'gt', 'ge', 'lt', 'le']);
      expect(labels(type)).toEqual([
        'is',
        'between',
        'greater than',
        'greater than or equal to',
        'less than',
        'less than or equal to',
      ]);
    },
  );

  it('enum and default: is', () => {
    expect(constraintsForType('enum')).toEqual(['eq']);
    expect(constraintsForType('default')).toEqual(['eq']);
    expect(labels('enum')).toEqual(['is']);
  });

  it('boolean: is, is not', () => {
    expect(constraintsForType('boolean')).toEqual(['eq', 'ne']);
    expect(labels('boolean')).toEqual(['is', 'is not']);
  });

  it('an unknown or missing type is offered what the default type is', () => {
    expect(constraintsForType('money')).toEqual(['eq']);
    expect(constraintsForType(undefined)).toEqual(['eq']);
    expect(constraintsForType('__proto__')).toEqual(['eq']);
  });

  it('covers every type, and every offered constraint is known and applicable', () => {
    expect(Object.keys(CONSTRAINTS_BY_TYPE).sort()).toEqual([...DATA_TYPES].sort());
    for (const type of DATA_TYPES) {
      for (const constraint of CONSTRAINTS_BY_TYPE[type]) {
        expect(CONSTRAINTS).toContain(constraint);
        expect(isConstraintApplicable(constraint, type)).toBe(true);
      }
    }
  });

  it('has a distinct label key for every known constraint', () => {
    expect(Object.keys(CONSTRAINT_LABELS).sort()).toEqual([...CONSTRAINTS].sort());
    const keys = Object.values(CONSTRAINT_LABELS).map((label) => label.key);
    expect(new Set(keys).size).toBe(CONSTRAINTS.length);
  });
});

describe('values a constraint takes', () => {
  it('none for is_null, not_null, is_empty, not_empty, in_future, in_past', () => {
    const none = CONSTRAINTS.filter((constraint) => constraintArity(constraint) === 0);
    expect(none.sort()).toEqual(['in_future', 'in_past', 'is_empty', 'is_null', 'not_empty', 'not_null']);
  });

  it('two for is_between and not_is_between, one for the rest', () => {
    expect(CONSTRAINTS.filter((constraint) => constraintArity(constraint) === 2).sort()).toEqual([
      'is_between',
      'not_is_between',
    ]);
    expect(CONSTRAINTS.filter((constraint) => constraintArity(constraint) === 1)).toHaveLength(16);
    expect(constraintValueKind('in')).toBe('list');
    expect(constraintValueKind('not_in_rel_range')).toBe('relative-range');
    expect(constraintValueKind('contains')).toBe('single');
  });

  it('text matching only on text types, relative dates only on date types', () => {
    expect(isConstraintApplicable('contains', 'string')).toBe(true);
    expect(isConstraintApplicable('not_endswith', 'enum')).toBe(true);
    expect(isConstraintApplicable('contains', 'integer')).toBe(false);
    expect(isConstraintApplicable('in_past', 'datetime')).toBe(true);
    expect(isConstraintApplicable('in_rel_range', 'string')).toBe(false);
    expect(isConstraintApplicable('gt', 'boolean')).toBe(true);
  });
});

describe('parseValueByType', () => {
  it('integers parse as whole numbers', () => {
    expect(parseValueByType('integer', ' 0042 ')).toEqual({ ok: true, value: '42' });
    expect(parseValueByType('integer', -3)).toEqual({ ok: true, value: '-3' });
    expect(parseValueByType('integer', '4.0')).toEqual({ ok: false });
    expect(parseValueByType('integer', 4.5)).toEqual({ ok: false });
  });

  it('number, currency and percentage parse as decimals (text, never floats)', () => {
    expect(parseValueByType('number', '4.50')).toEqual({ ok: true, value: '4.50' });
    expect(parseValueByType('currency', '12345678901234567890.01')).toEqual({
      ok: true,
      value: '12345678901234567890.01',
    });
    expect(parseValueByType('percentage', 0.1)).toEqual({ ok: true, value: '0.1' });
    expect(parseValueByType('currency', '1,000')).toEqual({ ok: false });
  });

  it('dates, datetimes, booleans and text', () => {
    expect(parseValueByType('date', '2026-01-31T23:00:00Z')).toEqual({ ok: true, value: '2026-01-31' });
    expect(parseValueByType('datetime', '2026-01-31')).toEqual({ ok: true, value: '2026-01-31T00:00:00' });
    expect(parseValueByType('boolean', 'false')).toEqual({ ok: true, value: false });
    expect(parseValueByType('string', 12)).toEqual({ ok: true, value: '12' });
    expect(parseValueByType('enum', null)).toEqual({ ok: false });
  });
});

describe('empty values', () => {
  it('absent, null and blank text are empty; 0 and false are not', () => {
    for (const value of [undefined, null, '', '   ']) expect(isEmptyValue(value)).toBe(true);
    for (const value of [0, false, 'x', ' x ']) expect(isEmptyValue(value)).toBe(false);
  });

  it('display as the word empty', () => {
    expect(formatCriterionValue(undefined)).toBe('empty');
    expect(formatCriterionValue('')).toBe('empty');
    expect(formatCriterionValue(null)).toBe('empty');
    expect(formatCriterionValue(0)).toBe('0');
    expect(formatCriterionValue(false)).toBe('false');
    expect(formatCriterionValue('INV-1')).toBe('INV-1');
  });
});
