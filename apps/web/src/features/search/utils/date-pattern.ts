import { utcMidnight } from '@settle/shared/calendar-date';
import { safeLocale } from '@settle/shared/format';
import { normalizeDate } from '@settle/shared/search/value-formats';

/**
 * The date pickers' display format. The specification's default is mm/dd/yy (000 §9), which
 * is the US order. Other formatting locales keep its shape (two-digit month, day and year)
 * in their own order and with their own separator, as Intl gives them: en-US 'MM/DD/YY',
 * fr-FR 'DD/MM/YY', de-DE 'DD.MM.YY'. Values are always stored as ISO 'yyyy-mm-dd'.
 */
export interface TDatePattern {
  order: readonly ('day' | 'month' | 'year')[];
  separator: string;
  /** The dayjs format of the pattern, for pickers that take one. */
  dayjs: string;
}

const US_PATTERN: TDatePattern = { order: ['month', 'day', 'year'], separator: '/', dayjs: 'MM/DD/YY' };
const DAYJS_TOKENS = { day: 'DD', month: 'MM', year: 'YY' } as const;

export function datePatternFor(locale: string | undefined): TDatePattern {
  try {
    const parts = new Intl.DateTimeFormat(safeLocale(locale), {
      year: '2-digit',
      month: '2-digit',
      day: '2-digit',
      timeZone: 'UTC',
    }).formatToParts(utcMidnight('2026-01-31'));
    const order = parts
      .map((part) => part.type)
      .filter(
        (type): type is 'day' | 'month' | 'year' => type === 'day' || type === 'month' || type === 'year',
      );
    const separator = parts.find((part) => part.type === 'literal')?.value.trim() || '/';
    if (order.length !== 3 || new Set(order).size !== 3) return US_PATTERN;
    return { order, separator, dayjs: order.map((type) => DAYJS_TOKENS[type]).join(separator) };
  } catch {
    return US_PATTERN;
  }
}

/** 'yyyy-mm-dd' shown in the pattern ('2026-01-31' -> '01/31/26' in the US order). */
export function formatDateByPattern(isoDate: string, pattern: TDatePattern): string {
  const match = /^(\d{4})-(\d{2})-(\d{2})/.exec(isoDate);
  if (!match) return isoDate;
  const [, year = '', month = '', day = ''] = match;
  const parts = { day, month, year: year.slice(2) };
  return pattern.order.map((type) => parts[type]).join(pattern.separator);
}

/**
 * Typed text in the pattern's order (any non-digit separators, years of 2 or 4 digits) or an
 * ISO date, to 'yyyy-mm-dd'; null when it is not a calendar date. Two-digit years are
 * 2000-2068 for 00-68 and 1969-1999 above, as dayjs reads them.
 */
export function parseDateByPattern(text: string, pattern: TDatePattern): string | null {
  const trimmed = text.trim();
  if (/^\d{4}-\d{2}-\d{2}$/.test(trimmed)) return normalizeDate(trimmed) ?? null;
  const numbers = trimmed.split(/\D+/).filter(Boolean);
  if (numbers.length !== 3) return null;
  const values: Record<string, string> = {};
  pattern.order.forEach((type, index) => {
    values[type] = numbers[index] ?? '';
  });
  const { day = '', month = '', year = '' } = values;
  if (day.length > 2 || month.length > 2 || (year.length !== 2 && year.length !== 4)) return null;
  const fullYear = year.length === 4 ? year : `${Number(year) <= 68 ? '20' : '19'}${year}`;
  const iso = `${fullYear}-${month.padStart(2, '0')}-${day.padStart(2, '0')}`;
  return normalizeDate(iso) ?? null;
}
