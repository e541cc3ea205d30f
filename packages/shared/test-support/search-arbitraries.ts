import fc from 'fast-check';
import { fromEpochDay, toEpochDay } from '../src/calendar-date';
import { constraintValueKind, isConstraintApplicable } from '../src/search/constraints-by-type';
import {
  CONSTRAINTS,
  type TConstraint,
  type TCriteriaGroup,
  type TCriterion,
  type TCriterionValue,
  type TDataType,
} from '../src/search/criteria-model';
import { FILTER_FUNCTIONS, type FilterLiteral } from '../src/search/filter-expression';
import { printLiteral } from '../src/search/serialize-filter';
import {
  FILTER_RESERVED_WORDS,
  hasForbiddenCharacters,
  normalizeDateTime,
} from '../src/search/value-formats';

/**
 * fast-check generators for the property tests of advanced search, in shared and on the server:
 * valid criteria trees, filter literals, and token soups that fuzz the parser and the SQL compiler.
 */
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

const daysFrom = (first: string, last: string) =>
  fc.integer({ min: toEpochDay(first), max: toEpochDay(last) }).map(fromEpochDay);

export const dateValue: fc.Arbitrary<string> = daysFrom('0001-01-01', '9999-12-31');

const twoDigits = (max: number) => fc.integer({ min: 0, max }).map((n) => String(n).padStart(2, '0'));

export const dateTimeValue: fc.Arbitrary<string> = fc
  .tuple(
    daysFrom('1900-01-01', '2999-12-31'),
    twoDigits(23),
    twoDigits(59),
    twoDigits(59),
    fc.constantFrom('', 'Z', '+02:00', '-05:30'),
  )
  .map(([date, hours, minutes, seconds, zone]) => `${date}T${hours}:${minutes}:${seconds}${zone}`);

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

/** Any text a database can hold, empty included: the widest string literal. */
export const anyTextValue: fc.Arbitrary<string> = fc
  .string({ unit: 'binary', maxLength: 12 })
  .filter((text) => !hasForbiddenCharacters(text));

/** A literal of the filter dialect, as the parser gives it back. */
export const filterLiteral: fc.Arbitrary<FilterLiteral> = fc.oneof(
  fc.oneof(anyTextValue, textValue).map((value) => ({ type: 'string' as const, value })),
  fc
    .oneof(fc.stringMatching(/^-?\d{1,18}(\.\d{1,6})?$/), integerValue.map(String), decimalValue.map(String))
    .map((value) => ({ type: 'number' as const, value })),
  fc.boolean().map((value) => ({ type: 'boolean' as const, value })),
  fc.constant({ type: 'null' as const }),
  dateTimeValue.map((value) => ({ type: 'datetime' as const, value: normalizeDateTime(value) ?? '' })),
);

/** Pieces of broken or hostile filter text that no well-formed literal prints as. */
const BROKEN_FRAGMENTS = [
  "'",
  '"',
  "datetime'",
  "'2026-02-30'",
  "datetime'2026-02-30T00:00:00'",
  "datetime'9999-12-31T23:59:59-14:00'",
  "datetime'0001-01-01T00:00:00+14:00'",
  '1e9',
  '1.',
  '--',
  '/*',
  '*/',
  ';',
  '\\',
  '%',
  'é',
  '😀',
  '\u0000',
  '\uD800',
];

/**
 * One token of the filter dialect (punctuation, words, functions, the given field names and
 * a few unknown ones, printed literals) or a broken fragment.
 */
export function filterToken(fieldNames: readonly string[]): fc.Arbitrary<string> {
  return fc.oneof(
    fc.constantFrom('(', ')', ','),
    fc.constantFrom(...FILTER_RESERVED_WORDS, 'not('),
    fc.constantFrom(...FILTER_FUNCTIONS).map((name) => `${name}(`),
    fc.constantFrom(...fieldNames, 'bogus', '__proto__', 'constructor'),
    filterLiteral.map(printLiteral),
    fc.constantFrom(...BROKEN_FRAGMENTS),
  );
}

/** Tokens in any order, joined by a space or by nothing: text that fuzzes the parser and the SQL compiler. */
export function tokenSoup(
  fieldNames: readonly string[],
  options: { minTokens?: number; maxTokens: number; separator?: ' ' | '' },
): fc.Arbitrary<string> {
  return fc
    .array(filterToken(fieldNames), { minLength: options.minTokens ?? 0, maxLength: options.maxTokens })
    .map((tokens) => tokens.join(options.separator ?? ' '));
}
