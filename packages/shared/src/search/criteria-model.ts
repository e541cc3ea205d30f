import { z } from 'zod';

/**
 * The advanced-search criteria model (spec 000 §3 and §5, 001 §5): a tree of groups
 * (operator and/or) whose operands are criterion rows or further groups.
 */

/** The 24 known constraints, in the order the specification lists them. */
export const CONSTRAINTS = [
  'eq',
  'contains',
  'ne',
  'gt',
  'ge',
  'lt',
  'le',
  'startswith',
  'endswith',
  'is_null',
  'not_contains',
  'not_endswith',
  'not_null',
  'in_rel_range',
  'not_in_rel_range',
  'in_future',
  'in_past',
  'is_between',
  'not_is_between',
  'in',
  'not_in',
  'is_empty',
  'not_empty',
  'not_startswith',
] as const;
export const ZConstraint = z.enum(CONSTRAINTS);
export type TConstraint = z.infer<typeof ZConstraint>;

export const DATA_TYPES = [
  'string',
  'integer',
  'currency',
  'percentage',
  'number',
  'date',
  'datetime',
  'enum',
  'boolean',
  'default',
] as const;
export const ZDataType = z.enum(DATA_TYPES);
export type TDataType = z.infer<typeof ZDataType>;

export const GROUP_OPERATORS = ['and', 'or'] as const;
export const ZGroupOperator = z.enum(GROUP_OPERATORS);
export type TGroupOperator = z.infer<typeof ZGroupOperator>;

/** The messages of the specification's error catalogue for search (000 §8). */
export const SearchMessage = {
  INVALID_OPERATOR: 'Invalid operator',
  INVALID_CRITERIA: 'Invalid Criteria',
  INVALID_CRITERION: 'Invalid Criterion',
  INVALID_PROPERTY: 'Invalid property',
  INVALID_CONSTRAINT: 'Invalid constraint',
} as const;
export type TSearchMessage = (typeof SearchMessage)[keyof typeof SearchMessage];

/** A value as an editor holds it: text, a number, a flag, or nothing. */
export const ZCriterionValue = z.union([z.string(), z.number(), z.boolean(), z.null()]);
export type TCriterionValue = z.infer<typeof ZCriterionValue>;

export const ZCriterion = z.object({
  property: z.string().min(1),
  value: ZCriterionValue.optional(),
  /** Upper bound of a between constraint. */
  value2: ZCriterionValue.optional(),
  constraint: ZConstraint.default('eq'),
  type: ZDataType.default('string'),
  title: z.string().optional(),
  /** The word shown before the row in the panel (the group's operator). */
  conjunction: z.string().optional(),
  /** Between: show the word And between the two editors. */
  showAnd: z.boolean().optional(),
  /** Between: show the second value editor. */
  showEditor2: z.boolean().optional(),
});
export type TCriterion = z.output<typeof ZCriterion>;
export type TCriterionInput = z.input<typeof ZCriterion>;

export interface TCriteriaGroup {
  operator: TGroupOperator;
  operands: (TCriterion | TCriteriaGroup)[];
}
export interface TCriteriaGroupInput {
  operator: TGroupOperator;
  operands: (TCriterionInput | TCriteriaGroupInput)[];
}

/** Groups nest to any depth in the model; validateCriteria caps them at what the filter dialect can carry. */
export const ZCriteriaGroup: z.ZodType<TCriteriaGroup, TCriteriaGroupInput> = z.object({
  operator: ZGroupOperator,
  get operands() {
    return z.array(z.union([ZCriterion, ZCriteriaGroup]));
  },
});

export const ZSearchFieldDefinition = z.object({
  field: z.string().min(1),
  title: z.string(),
  dataType: ZDataType,
  ticked: z.boolean().optional(),
});
export type TSearchFieldDefinition = z.infer<typeof ZSearchFieldDefinition>;

export function isCriteriaGroup<C, G extends { operands: unknown }>(operand: C | G): operand is G {
  return typeof operand === 'object' && operand !== null && 'operands' in operand;
}

/** One problem of a criteria tree: a dotted path ('operands.1.value', '' for the root) and the spec's message. */
export interface TCriteriaError {
  path: string;
  message: TSearchMessage;
  /** A longer English explanation, for logs and tooltips. */
  detail?: string;
}

/** Thrown when criteria that do not validate are turned into a filter. */
export class InvalidCriteriaError extends Error {
  readonly errors: TCriteriaError[];

  constructor(errors: TCriteriaError[]) {
    super(errors[0]?.message ?? SearchMessage.INVALID_CRITERIA);
    this.name = 'InvalidCriteriaError';
    this.errors = errors;
  }
}
