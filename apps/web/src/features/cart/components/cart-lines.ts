import type { TCartLine, TPaymentCart } from '@settle/shared/cart';
import { addMoney, roundMoney, toMinorUnits } from '@settle/shared/money';
import type { SHORT_PAY_REASONS } from '@settle/shared/payments';
import type { TSyncedLine } from '../api/sync-payment-cart';

/**
 * The spec's sync at load: lines the server does not return are dropped; for the others
 * balance, disputed and payment take the server's values. Before the sync answers, the
 * cart's own lines show.
 */
export function mergeSyncedLines(cart: TPaymentCart, synced: TSyncedLine[] | undefined): TCartLine[] {
  if (!synced) return cart.payments;
  const byInvNo = new Map(synced.map((line) => [line.invNo, line]));
  return cart.payments.flatMap((line) => {
    const server = byInvNo.get(line.invNo);
    return server
      ? [{ ...line, balance: server.balance, disputed: server.disputed, payment: server.payment }]
      : [];
  });
}

/** The summary after each change: the count of lines and the sum of their payments. */
export function summarize(lines: TCartLine[]): { count: number; total: string } {
  return { count: lines.length, total: addMoney('0', ...lines.map((line) => line.payment)) };
}

export type TShortPayReason = (typeof SHORT_PAY_REASONS)[number];

/** A lowered payment as the user typed it, with its reason. */
export interface LineEdit {
  text: string;
  reason: TShortPayReason | null;
}

export type LinePaymentCheck =
  | { ok: true; payment: string; shortPayReason?: TShortPayReason }
  | { ok: false; error: 'range'; max: string }
  /** The amount is fine and counts in the total; only its reason is missing. */
  | { ok: false; error: 'reason'; max: string; payment: string };

/** The typed amount, in the user's decimal mark (grouping spaces or the other mark are ignored). */
export function parseLocaleAmount(text: string, decimalMark: string): string | null {
  const compact = text.replace(/[\s\u00a0\u202f]/g, '');
  const grouping = decimalMark === ',' ? '.' : ',';
  const normalized = compact.split(grouping).join('').replace(decimalMark, '.');
  return /^\d+(\.\d{1,2})?$/.test(normalized) ? normalized : null;
}

/**
 * A line's payment (beyond the spec): at most balance minus disputed (the line's own payment,
 * as the server computed it) and above 0; lower than that it needs a short-payment reason. A
 * credit line is paid as it is.
 */
export function checkLinePayment(
  line: TCartLine,
  edit: LineEdit | undefined,
  decimalMark: string,
): LinePaymentCheck {
  const max = line.payment;
  if (!edit || toMinorUnits(max) <= 0) return { ok: true, payment: max };
  const parsed = parseLocaleAmount(edit.text, decimalMark);
  if (parsed === null) return { ok: false, error: 'range', max };
  const minor = toMinorUnits(parsed);
  if (minor <= 0 || minor > toMinorUnits(max)) return { ok: false, error: 'range', max };
  if (minor === toMinorUnits(max)) return { ok: true, payment: max };
  if (!edit.reason) return { ok: false, error: 'reason', max, payment: roundMoney(parsed) };
  return { ok: true, payment: roundMoney(parsed), shortPayReason: edit.reason };
}
