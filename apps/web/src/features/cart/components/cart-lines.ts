import type { TCartLine, TPaymentCart } from '@settle/shared/cart';
import { addMoney } from '@settle/shared/money';
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
