/**
 * Value formats of advanced search, shared by validation, the filter dialect and the
 * server's SQL compiler, so that what the panel accepts is exactly what the server accepts.
 *
 * - integer: whole numbers, optional sign ('42', '-7', 42). No exponents, no separators.
 * - decimal (number, currency, percentage): '12.50', '-0.5', '.5', 12.5. Kept as text so money never
 *   becomes a float.
 * - date: ISO 'yyyy-mm-dd' (a datetime is accepted and cut to its date); years 0001 to 9999.
 * - datetime: ISO 'yyyy-mm-ddThh:mm[:ss[.ffffff]][Z|±hh:mm]'; a bare date means midnight.
 * - boolean: true/false, or the text 'true'/'false'.
 */

import { isCalendarDate } from '../calendar-date';

const INTEGER_RE = /^([+-]?)(\d+)$/;
const DECIMAL_RE = /^([+-]?)(?:(\d+)(?:\.(\d*))?|\.(\d+))$/;
const DATETIME_RE = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(\.\d{1,6})?)?(Z|[+-]\d{2}:\d{2})?$/;

/** Relative day offsets (in_rel_range) are bounded so that date arithmetic stays in range. */
export const MAX_RELATIVE_DAYS = 36_600;

function asText(raw: unknown): string | undefined {
  if (typeof raw === 'string') return raw.trim();
  if (typeof raw === 'number' && Number.isFinite(raw)) {
    const text = String(raw);
    return /e/i.test(text) ? undefined : text;
  }
  return undefined;
}

function canonical(sign: string, whole: string, fraction: string): string {
  const intPart = whole.replace(/^0+(?=\d)/, '') || '0';
  const isZero = /^0*$/.test(whole) && /^0*$/.test(fraction);
  return `${sign === '-' && !isZero ? '-' : ''}${intPart}${fraction ? `.${fraction}` : ''}`;
}

/** A whole number in canonical text ('+007' -> '7'), or undefined. */
export function normalizeInteger(raw: unknown): string | undefined {
  const text = asText(raw);
  const match = text === undefined ? null : INTEGER_RE.exec(text);
  if (!match) return undefined;
  return canonical(match[1] ?? '', match[2] ?? '0', '');
}

/** A decimal number in canonical text ('.5' -> '0.5', '5.' -> '5'), or undefined. */
export function normalizeDecimal(raw: unknown): string | undefined {
  const text = asText(raw);
  const match = text === undefined ? null : DECIMAL_RE.exec(text);
  if (!match) return undefined;
  const [, sign = '', whole, fraction, onlyFraction] = match;
  return whole === undefined
    ? canonical(sign, '0', onlyFraction ?? '')
    : canonical(sign, whole, fraction ?? '');
}

/** 'yyyy-mm-dd' from a date or datetime text, or undefined when it does not parse. */
export function normalizeDate(raw: unknown): string | undefined {
  if (typeof raw !== 'string') return undefined;
  const text = raw.trim();
  if (isCalendarDate(text)) return text;
  const dateTime = normalizeDateTime(text);
  return dateTime?.slice(0, 10);
}

/** 'yyyy-mm-ddThh:mm:ss[.f][zone]' from a date or datetime text, or undefined. */
export function normalizeDateTime(raw: unknown): string | undefined {
  if (typeof raw !== 'string') return undefined;
  const text = raw.trim();
  if (isCalendarDate(text)) return `${text}T00:00:00`;
  const match = DATETIME_RE.exec(text);
  if (!match) return undefined;
  const [, y = '', mo = '', d = '', h = '', mi = '', s = '00', fraction = '', zone = ''] = match;
  if (!isCalendarDate(`${y}-${mo}-${d}`) || Number(h) > 23 || Number(mi) > 59 || Number(s) > 59)
    return undefined;
  if (zone.length === 6 && (Number(zone.slice(1, 3)) > 14 || Number(zone.slice(4, 6)) > 59)) return undefined;
  return `${y}-${mo}-${d}T${h}:${mi}:${s}${fraction}${zone}`;
}

/** true/false from a flag or the exact text 'true'/'false'. */
export function normalizeBoolean(raw: unknown): boolean | undefined {
  if (typeof raw === 'boolean') return raw;
  if (raw === 'true') return true;
  if (raw === 'false') return false;
  return undefined;
}

/** Characters a database text value cannot hold: NUL and unpaired UTF-16 surrogates. */
export function hasForbiddenCharacters(text: string): boolean {
  return (
    text.includes('\u0000') ||
    /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/.test(text)
  );
}

/** Relative day offsets 'from,to' (e.g. '-30,0'), each a whole number within MAX_RELATIVE_DAYS. */
export function parseRelativeRange(raw: unknown): [number, number] | undefined {
  if (typeof raw !== 'string') return undefined;
  const parts = raw.split(',');
  if (parts.length !== 2) return undefined;
  const numbers = parts
    .map((part) => normalizeInteger(part))
    .map((text) => (text === undefined ? NaN : Number(text)));
  const [from = NaN, to = NaN] = numbers;
  if (!Number.isInteger(from) || !Number.isInteger(to)) return undefined;
  if (Math.abs(from) > MAX_RELATIVE_DAYS || Math.abs(to) > MAX_RELATIVE_DAYS) return undefined;
  return [from, to];
}

/** Exact comparison of two canonical decimal texts; -1, 0 or 1. */
export function compareDecimal(a: string, b: string): number {
  const scale = (text: string) => (text.split('.')[1] ?? '').length;
  const digits = Math.max(scale(a), scale(b));
  const toScaled = (text: string) => {
    const [whole = '0', fraction = ''] = text.split('.');
    const negative = whole.startsWith('-');
    const magnitude = BigInt(whole.replace('-', '') + fraction.padEnd(digits, '0'));
    return negative ? -magnitude : magnitude;
  };
  const x = toScaled(a);
  const y = toScaled(b);
  return x < y ? -1 : x > y ? 1 : 0;
}

/** Field names of the dialect: an ASCII identifier that is not one of its words. */
export const FILTER_RESERVED_WORDS: ReadonlySet<string> = new Set([
  'and',
  'or',
  'not',
  'eq',
  'ne',
  'gt',
  'ge',
  'lt',
  'le',
  'null',
  'true',
  'false',
  'datetime',
]);

export function isFieldName(name: unknown): name is string {
  return (
    typeof name === 'string' && /^[A-Za-z_][A-Za-z0-9_]*$/.test(name) && !FILTER_RESERVED_WORDS.has(name)
  );
}
