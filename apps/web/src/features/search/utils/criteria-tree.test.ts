import type { TCriteriaGroup } from '@settle/shared/search/criteria-model';
import { validateCriteria } from '@settle/shared/search/validate-criteria';
import { describe, expect, it } from 'vitest';
import {
  appendTo,
  constraintsBeyondOffered,
  countCriteria,
  criteriaKey,
  errorsByOperand,
  operandAt,
  removeAt,
  removeProperty,
  toDataType,
  updateAt,
} from './criteria-tree';

const TREE: TCriteriaGroup = {
  operator: 'and',
  operands: [
    { property: 'invNo', type: 'string', constraint: 'eq', value: 'A' },
    {
      operator: 'or',
      operands: [
        { property: 'amount', type: 'currency', constraint: 'gt', value: 'x' },
        { property: 'invNo', type: 'string', constraint: 'not_contains', value: 'B' },
      ],
    },
  ],
};

describe('criteria tree', () => {
  it('reads, replaces, appends and removes operands by index path without touching the input', () => {
    const before = JSON.stringify(TREE);
    expect(operandAt(TREE, [1, 0])).toMatchObject({ property: 'amount' });
    const updated = updateAt(TREE, [1, 0], (operand) => ({ ...operand, value: 5 }) as typeof operand);
    expect(operandAt(updated, [1, 0])).toMatchObject({ value: 5 });
    const appended = appendTo(TREE, [1], { operator: 'and', operands: [] });
    expect(operandAt(appended, [1, 2])).toEqual({ operator: 'and', operands: [] });
    expect(countCriteria(removeAt(TREE, [1]))).toBe(1);
    expect(countCriteria(removeProperty(TREE, 'invNo'))).toBe(1);
    expect(JSON.stringify(TREE)).toBe(before);
  });

  it("files validateCriteria's errors under the operand they belong to", () => {
    const errors = errorsByOperand(validateCriteria({ ...TREE, operator: 'xor' }).errors);
    expect(errors.get('root')?.map((error) => error.message)).toEqual(['Invalid operator']);
    expect(errors.get('1.0')?.map((error) => error.message)).toEqual(['Invalid Criterion']);
    expect(errors.has('0')).toBe(false);
  });

  it('tells the same search apart from key order, and lists constraints a type does not offer', () => {
    expect(criteriaKey({ operator: 'and', operands: [{ property: 'a', constraint: 'eq' }] })).toBe(
      criteriaKey({ operands: [{ constraint: 'eq', property: 'a' }], operator: 'and' }),
    );
    expect(criteriaKey(null)).not.toBe(criteriaKey(TREE));
    expect(constraintsBeyondOffered(TREE)).toEqual(new Map([['invNo', ['not_contains']]]));
    expect(toDataType('currency')).toBe('currency');
    expect(toDataType('money')).toBe('default');
  });
});
