import fc from 'fast-check';
import { constraintValueKind, isConstraintApplicable } from './constraints-by-type';
import {
  CONSTRAINTS,
  type TConstraint,
  type TCriteriaGroup,
  type TCriterion,
  type TCriterionValue,
  type TDataType,
} from './criteria-model';
import { hasForbiddenCharacters } from './value-formats';

/** fast-check generators of valid criteria trees, for the shared and server property tests (not shipped code). */
export interface ArbitraryField {
  property: string;
  type: TDataType;
  /** Non-empty values of the field's type. */
  value: fc.Arbitrary<TCriterionValue>;
}

const HOSTILE_UNITS = [
  "'",
  "''",
  '(',
  ')',
  ',',
  ' ',
  '%',
  '_',
  '\\',
  '--',
  '/*',
  '*/',
  ';',
  'a',
  'B',
  'z',
  '0',
  'é',
  '😀',
];

export const textValue: fc.Arbitrary<string> = fc
  .oneof(
    fc.string({ unit: fc.constantFrom(...HOSTILE_UNITS), maxLength: 8 }),
    fc.string({ unit: 'grapheme', maxLength: 6 }),
  )
  .filter((text) => text.trim() !== '' && !hasForbiddenCharacters(text));

export const integerValue: fc.Arbitrary<TCriterionValue> = fc.oneof(
  fc.integer({ min: -1000, max: 1000 }),
  fc.integer().map(String),
  fc.bigInt({ min: -(10n ** 30n), max: 10n ** 30n }).map((n) => `${n}`),
);

export const decimalValue: fc.Arbitrary<TCriterionValue> = fc.oneof(
  fc.integer({ min: -100_000, max: 100_000 }).map((cents) => cents / 100),
  fc
    .tuple(fc.bigInt({ min: -(10n ** 20n), max: 10n ** 20n }), fc.stringMatching(/^\d{0,4}$/))
    .map(([whole, fraction]) => (fraction ? `${whole}.${fraction}` : `${whole}`)),
);

export const dateValue: fc.Arbitrary<string> = fc
  .date({ min: new Date('0001-01-01T00:00:00Z'), max: new Date('9999-12-31T00:00:00Z'), noInvalidDate: true })
  .map((date) => date.toISOString().slice(0, 10));

export const dateTimeValue: fc.Arbitrary<string> = fc
  .tuple(
    fc.date({
      min: new Date('1900-01-01T00:00:00Z'),
      max: new Date('2999-12-31T00:00:00Z'),
      noInvalidDate: true,
    }),
    fc.constantFrom('', 'Z', '+02:00', '-05:30'),
  )
  .map(([date, zone]) => `${date.toISOString().slice(0, 19)}${zone}`);

export const booleanValue: fc.Arbitrary<TCriterionValue> = fc.oneof(
  fc.boolean(),
  fc.constantFrom('true', 'false'),
);

/** One field of each type, with generic values. */
export const GENERIC_FIELDS: ArbitraryField[] = [
  { property: 'invNo', type: 'string', value: textValue },
  { property: 'probNo', type: 'integer', value: integerValue },
  { property: 'amount', type: 'currency', value: decimalValue },
  { property: 'rate', type: 'percentage', value: decimalValue },
  { property: 'weight', type: 'number', value: decimalValue },
  { property: 'dueDate', type: 'date', value: dateValue },
  { property: 'createdAt', type: 'datetime', value: dateTimeValue },
  { property: 'status', type: 'enum', value: textValue },
  { property: 'promise', type: 'boolean', value: booleanValue },
  { property: 'note', type: 'default', value: textValue },
];

const emptyValue = fc.constantFrom<TCriterionValue | undefined>(undefined, null, '', '  ');

function maybeEmpty(value: fc.Arbitrary<TCriterionValue>): fc.Arbitrary<TCriterionValue | undefined> {
  return fc.oneof({ weight: 6, arbitrary: value }, { weight: 1, arbitrary: emptyValue });
}

function valuesFor(field: ArbitraryField, constraint: TConstraint): fc.Arbitrary<Partial<TCriterion>> {
  switch (constraintValueKind(constraint)) {
    case 'none':
      return fc.constant({});
    case 'single':
      return maybeEmpty(field.value).map((value) => ({ value }));
    case 'range':
      return fc
        .tuple(maybeEmpty(field.value), maybeEmpty(field.value))
        .map(([value, value2]) => ({ value, value2, showEditor2: true, showAnd: true }));
    case 'list': {
      const item = field.value.map(String).filter((text) => !text.includes(',') && text.trim() !== '');
      return fc.oneof(
        {
          weight: 6,
          arbitrary: fc
            .array(item, { minLength: 1, maxLength: 3 })
            .map((items) => ({ value: items.join(',') })),
        },
        { weight: 1, arbitrary: emptyValue.map((value) => ({ value })) },
      );
    }
    case 'relative-range':
      return fc
        .tuple(fc.integer({ min: -40, max: 40 }), fc.integer({ min: -40, max: 40 }))
        .map(([from, to]) => ({ value: `${from},${to}` }));
  }
}

export function criterionArbitrary(
  fields: readonly ArbitraryField[],
  options: { applicableOnly?: boolean } = {},
): fc.Arbitrary<TCriterion> {
  return fc.constantFrom(...fields).chain((field) => {
    const constraints = CONSTRAINTS.filter(
      (constraint) => !options.applicableOnly || isConstraintApplicable(constraint, field.type),
    );
    return fc
      .constantFrom(...constraints)
      .chain((constraint) =>
        valuesFor(field, constraint).map(
          (values): TCriterion => ({ property: field.property, type: field.type, constraint, ...values }),
        ),
      );
  });
}

export function criteriaGroupArbitrary(
  fields: readonly ArbitraryField[],
  options: { applicableOnly?: boolean; maxDepth?: number; maxOperands?: number } = {},
): fc.Arbitrary<TCriteriaGroup> {
  const criterion = criterionArbitrary(fields, options);
  const maxOperands = options.maxOperands ?? 4;
  const { group } = fc.letrec<{ group: TCriteriaGroup; operand: TCriterion | TCriteriaGroup }>((tie) => ({
    group: fc.record({
      operator: fc.constantFrom('and' as const, 'or' as const),
      operands: fc.array(tie('operand'), { maxLength: maxOperands }),
    }),
    operand: fc.oneof(
      { depthSize: 'small', maxDepth: options.maxDepth ?? 3 },
      criterion,
      criterion,
      tie('group'),
    ),
  }));
  return group;
}
