import { DATE_TYPES, NUMERIC_TYPES, TEXT_TYPES } from './constraints-by-type';
import type { TDataType } from './criteria-model';
import type { FilterLiteral } from './filter-expression';
import {
  normalizeBoolean,
  normalizeDate,
  normalizeDateTime,
  normalizeDecimal,
  normalizeInteger,
} from './value-formats';

/** A literal as a value of a field's type. */
export type CoercedValue =
  | { kind: 'null' }
  | { kind: 'text'; value: string }
  /** Canonical decimal text. */
  | { kind: 'number'; value: string }
  /** 'yyyy-mm-dd'. */
  | { kind: 'date'; value: string }
  /** ISO datetime, zone optional. */
  | { kind: 'datetime'; value: string }
  | { kind: 'boolean'; value: boolean };

/**
 * The value a literal has for a field of a type, or undefined when it has none:
 * - text types (string, enum, default) take text, or a number as its text;
 * - integer takes whole numbers, the other numeric types decimals, bare or quoted;
 * - date takes datetime'...' or quoted ISO text, cut to the date; datetime keeps the time;
 * - boolean takes true/false or the text 'true'/'false';
 * - null is null for every type, and blank quoted text is null for the non-text types.
 */
export function coerceLiteral(literal: FilterLiteral, type: TDataType): CoercedValue | undefined {
  if (literal.type === 'null') return { kind: 'null' };
  if (TEXT_TYPES.has(type)) {
    if (literal.type === 'string' || literal.type === 'number') return { kind: 'text', value: literal.value };
    return undefined;
  }
  if (literal.type === 'string' && literal.value.trim() === '') return { kind: 'null' };
  if (NUMERIC_TYPES.has(type)) {
    if (literal.type !== 'string' && literal.type !== 'number') return undefined;
    const value = type === 'integer' ? normalizeInteger(literal.value) : normalizeDecimal(literal.value);
    return value === undefined ? undefined : { kind: 'number', value };
  }
  if (DATE_TYPES.has(type)) {
    if (literal.type !== 'string' && literal.type !== 'datetime') return undefined;
    const value = type === 'date' ? normalizeDate(literal.value) : normalizeDateTime(literal.value);
    if (value === undefined) return undefined;
    return type === 'date' ? { kind: 'date', value } : { kind: 'datetime', value };
  }
  if (type === 'boolean') {
    const value =
      literal.type === 'boolean' || literal.type === 'string' ? normalizeBoolean(literal.value) : undefined;
    return value === undefined ? undefined : { kind: 'boolean', value };
  }
  return undefined;
}
