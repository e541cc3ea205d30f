/**
 * Money is carried as decimal strings on the wire and in the database (numeric),
 * and computed as integer minor units (cents) so that no float rounding leaks in.
 */
const MONEY_PATTERN = /^(-)?(\d+)(?:\.(\d+))?$/;

/** Parses '123.456' or 123.45 into minor units, rounding half away from zero to 2 decimals. */
export function toMinorUnits(value: string | number): number {
  const text = typeof value === 'number' ? numberToPlainString(value) : value.trim();
  const match = MONEY_PATTERN.exec(text);
  if (!match) throw new RangeError(`Not an amount: ${text}`);
  const [, sign, whole = '0', fraction = ''] = match;
  const cents = Number(whole) * 100 + Number(fraction.padEnd(2, '0').slice(0, 2));
  const roundsUp = fraction.length > 2 && Number(fraction[2]) >= 5;
  const magnitude = cents + (roundsUp ? 1 : 0);
  return sign && magnitude !== 0 ? -magnitude : magnitude;
}

/** Minor units back to the 2-decimal string the API and the database use. */
export function fromMinorUnits(minor: number): string {
  if (!Number.isSafeInteger(minor)) throw new RangeError(`Not a whole number of minor units: ${minor}`);
  const sign = minor < 0 ? '-' : '';
  const abs = Math.abs(minor);
  return `${sign}${Math.trunc(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** Rounds an amount to 2 decimals, as the specification asks for every currency value. */
export function roundMoney(value: string | number): string {
  return fromMinorUnits(toMinorUnits(value));
}

export function addMoney(...values: Array<string | number>): string {
  return fromMinorUnits(values.reduce<number>((sum, value) => sum + toMinorUnits(value), 0));
}

export function subtractMoney(a: string | number, b: string | number): string {
  return fromMinorUnits(toMinorUnits(a) - toMinorUnits(b));
}

function numberToPlainString(value: number): string {
  if (!Number.isFinite(value)) throw new RangeError(`Not an amount: ${value}`);
  // toFixed(6) avoids exponent notation and keeps enough digits for correct rounding to cents.
  return value.toFixed(6);
}
