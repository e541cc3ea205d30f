import type { TInvoiceRow } from '@settle/shared/invoices';
import {
  canAddToCart,
  canDispute,
  canPromise,
  canRemovePromise,
  invoiceFacts,
  type RefusalReason,
  type RuleResult,
} from '@settle/shared/rules/invoices';

/** How a button shows: not at all, enabled, or disabled with the reason as its tooltip. */
export type ActionState =
  | { visible: false }
  | { visible: true; enabled: true }
  | { visible: true; enabled: false; reason: RefusalReason };

export interface InvoiceActionStates {
  dispute: ActionState;
  /** Promise or remove promise, whichever applies to the invoice. */
  promise: { kind: 'promise' | 'removePromise'; state: ActionState };
  addToCart: ActionState;
}

/**
 * The shared rules decide. A closed invoice offers no promise, dispute or cart action at all;
 * any other refusal, a missing privilege included, leaves the button visible but disabled
 * with the rule's reason, so that every user sees the same actions and learns why one is off.
 */
export function toActionState(result: RuleResult): ActionState {
  if (result.allowed) return { visible: true, enabled: true };
  if (result.reason === 'CLOSED') return { visible: false };
  return { visible: true, enabled: false, reason: result.reason };
}

export function invoiceActionStates(
  row: TInvoiceRow,
  roles: readonly string[],
  options: { cartAvailable: boolean },
): InvoiceActionStates {
  const facts = invoiceFacts(row);
  const promised = facts.promise;
  return {
    dispute: toActionState(canDispute(facts, roles)),
    promise: {
      kind: promised ? 'removePromise' : 'promise',
      state: toActionState(promised ? canRemovePromise(facts, roles) : canPromise(facts, roles)),
    },
    addToCart: options.cartAvailable ? toActionState(canAddToCart(facts, roles)) : { visible: false },
  };
}

/** Splits a selection into the invoices a rule allows and the ones it refuses. */
export function partitionByRule(
  rows: readonly TInvoiceRow[],
  rule: (facts: ReturnType<typeof invoiceFacts>, roles: readonly string[]) => RuleResult,
  roles: readonly string[],
): { allowed: TInvoiceRow[]; refused: Array<{ row: TInvoiceRow; reason: RefusalReason }> } {
  const allowed: TInvoiceRow[] = [];
  const refused: Array<{ row: TInvoiceRow; reason: RefusalReason }> = [];
  for (const row of rows) {
    const result = rule(invoiceFacts(row), roles);
    if (result.allowed) allowed.push(row);
    else refused.push({ row, reason: result.reason });
  }
  return { allowed, refused };
}
