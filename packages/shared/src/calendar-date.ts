/**
 * Calendar dates of the contract: 'yyyy-mm-dd' texts that name a day and carry no time zone
 * (invoice and due dates, follow-up dates, today on the server). They are never read as
 * instants: arithmetic goes through the epoch day (days since 1970-01-01, proleptic
 * Gregorian), so that no time zone or daylight-saving change can move a date by one.
 * Years run from 0001 to 9999, the four digits of the text.
 */
export type CalendarDate = string;

export interface CalendarDateParts {
  year: number;
  month: number;
  day: number;
}

const CALENDAR_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MS = 86_400_000;
const MIN_YEAR = 1;
const MAX_YEAR = 9999;

export function isLeapYear(year: number): boolean {
  return (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;
}

export function daysInMonth(year: number, month: number): number {
  if (month === 2) return isLeapYear(year) ? 29 : 28;
  return [4, 6, 9, 11].includes(month) ? 30 : 31;
}

function isValidParts({ year, month, day }: CalendarDateParts): boolean {
  return (
    Number.isInteger(year) &&
    Number.isInteger(month) &&
    Number.isInteger(day) &&
    year >= MIN_YEAR &&
    year <= MAX_YEAR &&
    month >= 1 &&
    month <= 12 &&
    day >= 1 &&
    day <= daysInMonth(year, month)
  );
}

/** The parts of an exact 'yyyy-mm-dd' text, or undefined when it names no day ('2026-02-30'). */
export function parseCalendarDate(text: unknown): CalendarDateParts | undefined {
  if (typeof text !== 'string') return undefined;
  const match = CALENDAR_DATE.exec(text);
  if (!match) return undefined;
  const parts = { year: Number(match[1]), month: Number(match[2]), day: Number(match[3]) };
  return isValidParts(parts) ? parts : undefined;
}

export function isCalendarDate(text: unknown): text is CalendarDate {
  return parseCalendarDate(text) !== undefined;
}

export function formatCalendarDate(parts: CalendarDateParts): CalendarDate {
  if (!isValidParts(parts)) throw new RangeError(`Not a calendar date: ${JSON.stringify(parts)}`);
  const pad = (value: number, width: number) => String(value).padStart(width, '0');
  return `${pad(parts.year, 4)}-${pad(parts.month, 2)}-${pad(parts.day, 2)}`;
}

function partsOf(date: CalendarDate): CalendarDateParts {
  const parts = parseCalendarDate(date);
  if (!parts) throw new RangeError(`Not a calendar date: ${date}`);
  return parts;
}

/** Days since 1970-01-01 (negative before it). */
export function toEpochDay(date: CalendarDate): number {
  const { year, month, day } = partsOf(date);
  // setUTCFullYear, unlike Date.UTC, does not read years 0-99 as 1900-1999.
  const midnight = new Date(0);
  midnight.setUTCFullYear(year, month - 1, day);
  return midnight.getTime() / DAY_MS;
}

export function fromEpochDay(epochDay: number): CalendarDate {
  if (!Number.isSafeInteger(epochDay)) throw new RangeError(`Not a whole day: ${epochDay}`);
  const midnight = new Date(epochDay * DAY_MS);
  return formatCalendarDate({
    year: midnight.getUTCFullYear(),
    month: midnight.getUTCMonth() + 1,
    day: midnight.getUTCDate(),
  });
}

/** The date moved by whole days ('2026-01-31', 1 -> '2026-02-01'). */
export function addDays(date: CalendarDate, days: number): CalendarDate {
  return fromEpochDay(toEpochDay(date) + days);
}

/** How many days from one date to another: positive when `to` is later. */
export function daysBetween(from: CalendarDate, to: CalendarDate): number {
  return toEpochDay(to) - toEpochDay(from);
}

export function compareCalendarDates(a: CalendarDate, b: CalendarDate): -1 | 0 | 1 {
  const days = daysBetween(b, a);
  return days < 0 ? -1 : days > 0 ? 1 : 0;
}

/** That day at midnight UTC, for what takes a Date (Intl formatting, spreadsheet cells). */
export function utcMidnight(date: CalendarDate): Date {
  return new Date(toEpochDay(date) * DAY_MS);
}

const dayFormats = new Map<string, Intl.DateTimeFormat>();

function dayFormat(timeZone: string): Intl.DateTimeFormat {
  let format = dayFormats.get(timeZone);
  if (!format) {
    format = new Intl.DateTimeFormat('en-US', {
      timeZone,
      calendar: 'gregory',
      numberingSystem: 'latn',
      year: 'numeric',
      month: 'numeric',
      day: 'numeric',
    });
    dayFormats.set(timeZone, format);
  }
  return format;
}

/**
 * The calendar day an instant falls on in a time zone (an IANA name such as 'Europe/Paris'),
 * so that "today" is the user's day. An unknown zone counts as UTC rather than failing the request.
 */
export function calendarDateInZone(instant: Date, timeZone: string): CalendarDate {
  let format: Intl.DateTimeFormat;
  try {
    format = dayFormat(timeZone);
  } catch {
    format = dayFormat('UTC');
  }
  const parts = format.formatToParts(instant);
  const part = (type: 'year' | 'month' | 'day') => Number(parts.find((p) => p.type === type)?.value);
  return formatCalendarDate({ year: part('year'), month: part('month'), day: part('day') });
}
