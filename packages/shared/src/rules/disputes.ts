import { DISPUTE_MESSAGES, DISPUTE_STATUS_NAMES, UNKNOWN_REASON_DISPLAY } from '../disputes';
import { fromMinorUnits, toMinorUnits } from '../money';

/** The dispute button's rule lives with the other invoice actions; re-exported for the dispute screens. */
export { canDispute } from './invoices';

export type DisputeCheck = { ok: true } | { ok: false; message: string };

const ok: DisputeCheck = { ok: true };
const fail = (message: string): DisputeCheck => ({ ok: false, message });
const fill = (template: string, value: string) => template.replace('{0}', value);

/** Quantities carry at most 3 decimals, prices 4: both as exact integers of those scales. */
const SCALED = /^(-)?(\d+)(?:\.(\d+))?$/;
function scaled(value: string, decimals: number): bigint {
  const match = SCALED.exec(value.trim());
  if (!match) throw new RangeError(`Not a number: ${value}`);
  const [, sign, whole = '0', fraction = ''] = match;
  if (fraction.length > decimals) throw new RangeError(`More than ${decimals} decimals: ${value}`);
  const magnitude = BigInt(whole + fraction.padEnd(decimals, '0'));
  return sign ? -magnitude : magnitude;
}

/**
 * A line's disputed count, against its quantity shipped. Our reading of the specification:
 * - a count is never negative ('Please enter a positive amount!');
 * - when the quantity shipped is positive, the count is at most that quantity;
 * - when the quantity shipped is negative (a return or credit line) the count "must not be
 *   over 0", and since it cannot be negative either, it must be 0: such a line is not disputable
 *   by count. A zero quantity has shipped nothing, so it is treated the same way.
 * A count of 0 is always valid: it means the line is not disputed.
 */
export function checkLineCount(line: { qtyShip: string; disputedCount: string }): DisputeCheck {
  const count = scaled(line.disputedCount, 3);
  const qty = scaled(line.qtyShip, 3);
  if (count < 0n) return fail(DISPUTE_MESSAGES.negativeCount);
  if (count === 0n) return ok;
  if (qty <= 0n) return fail(DISPUTE_MESSAGES.countOnNegativeQuantity);
  if (count > qty) return fail(fill(DISPUTE_MESSAGES.countExceedsShipped, line.qtyShip));
  return ok;
}

/** What is left of a line's quantity shipped once earlier disputes took their counts (3 decimals). */
export function remainingQuantity(qtyShip: string, alreadyDisputed: string): string {
  const left = scaled(qtyShip, 3) - scaled(alreadyDisputed, 3);
  const negative = left < 0n;
  const magnitude = negative ? -left : left;
  const whole = magnitude / 1000n;
  const fraction = String(magnitude % 1000n).padStart(3, '0');
  return `${negative ? '-' : ''}${whole}.${fraction}`;
}

/**
 * A line's disputed amount in minor units: count × price, rounded half away from zero to
 * 2 decimals, computed on exact integers (count in thousandths × price in ten-thousandths).
 */
export function lineDisputedMinor(line: { disputedCount: string; price: string }): number {
  const product = scaled(line.disputedCount, 3) * scaled(line.price, 4); // in 10^-7 units
  const negative = product < 0n;
  const magnitude = negative ? -product : product;
  const cents = (magnitude + 50_000n) / 100_000n;
  const result = Number(negative ? -cents : cents);
  return Object.is(result, -0) ? 0 : result;
}

/** The amount of a dispute by line item: the sum of its lines' amounts, as a 2-decimal string. */
export function lineItemsDisputedAmount(
  lines: ReadonlyArray<{ disputedCount: string; price: string }>,
): string {
  return fromMinorUnits(lines.reduce((sum, line) => sum + lineDisputedMinor(line), 0));
}

/** Line-item style: every count valid, and at least one line with a count. */
export function checkLineItems(
  lines: ReadonlyArray<{ qtyShip: string; price: string; disputedCount: string }>,
): DisputeCheck {
  for (const line of lines) {
    const result = checkLineCount(line);
    if (!result.ok) return result;
  }
  if (!lines.some((line) => scaled(line.disputedCount, 3) > 0n)) return fail(DISPUTE_MESSAGES.noLineItem);
  return ok;
}

/**
 * The disputed amount: above zero, and at most maxAmount when there is one (an invoice's open
 * balance less what is already disputed; a customer-level dispute has none).
 * formatMax lets the caller show maxAmount in the user's locale.
 */
export function checkDisputedAmount(
  amount: string,
  maxAmount: string | null,
  formatMax: (amount: string) => string = (value) => value,
): DisputeCheck {
  const minor = toMinorUnits(amount);
  if (minor <= 0) return fail(DISPUTE_MESSAGES.amountZero);
  if (maxAmount !== null && minor > toMinorUnits(maxAmount))
    return fail(fill(DISPUTE_MESSAGES.maxExceeded, formatMax(maxAmount)));
  return ok;
}

/** A status code's name; an unknown code shows UnIdentified. */
export function disputeStatusName(code: string | null | undefined): string {
  return code && Object.hasOwn(DISPUTE_STATUS_NAMES, code)
    ? DISPUTE_STATUS_NAMES[code as keyof typeof DISPUTE_STATUS_NAMES]
    : DISPUTE_STATUS_NAMES.U;
}

/** A reason code's description; an unknown reason shows Internal. */
export function disputeReasonDisplay(
  code: string | null | undefined,
  reasons: ReadonlyArray<{ code: string; description: string }>,
): string {
  return reasons.find((reason) => reason.code === code)?.description ?? UNKNOWN_REASON_DISPLAY;
}

/** Approved credits and write-offs settle a dispute (the provider's ledger then moves the balance). */
export function disputeHoldsAmount(statusCode: string): boolean {
  return statusCode !== 'A' && statusCode !== 'W';
}

/** The grid tooltip: the latest notes (already newest first), each cut at the given length. */
export function tooltipNotes<T extends { note: string }>(notes: readonly T[], count = 5, chars = 20): T[] {
  return notes.slice(0, count).map((entry) => ({ ...entry, note: entry.note.slice(0, chars) }));
}
