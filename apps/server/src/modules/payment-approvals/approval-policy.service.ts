import { fromMinorUnits, toMinorUnits } from '@settle/shared/money';
import { APPROVAL_MESSAGES } from '@settle/shared/payment-approvals';
import { needsApproval } from '@settle/shared/rules/payment-approvals';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { paymentApprovalPolicies } from '../../db/schema/payment-approvals';
import { AppError } from '../../lib/app-error';
import * as repository from './payment-approvals.repository';

export type ApprovalPolicyService = ReturnType<typeof createApprovalPolicyService>;

/**
 * The tenant's approval thresholds and the locks they put on carts and invoices. Standalone (no other
 * service) so that the payments and cart services can ask it without a cycle.
 */
export function createApprovalPolicyService(db: Db) {
  async function thresholdFor(tx: Db, customerId: number, currencyCode: string): Promise<string | null> {
    const [row] = await tx
      .select({ threshold: paymentApprovalPolicies.threshold })
      .from(paymentApprovalPolicies)
      .where(
        and(
          eq(paymentApprovalPolicies.customerId, customerId),
          eq(paymentApprovalPolicies.currencyCode, currencyCode),
        ),
      );
    return row ? fromMinorUnits(toMinorUnits(row.threshold)) : null;
  }

  return {
    thresholdFor: (customerId: number, currencyCode: string, tx: Db = db) =>
      thresholdFor(tx, customerId, currencyCode),

    /**
     * Checks a payment start against the policy, in the start's transaction: above the threshold only
     * the approval's own payment may run, and no invoice of a cart waiting for approval is paid elsewhere.
     */
    async checkStart(
      tx: Db,
      start: {
        customerId: number;
        currencyCode: string;
        flow: 'cart' | 'on_account';
        amountMinor: number;
        invoiceIds: number[];
        /** The approved payment of this approval: already checked when it was submitted. */
        approvalId?: number;
        /** A cart being submitted for approval: it must need approval. */
        submitting?: boolean;
      },
    ): Promise<void> {
      if (start.approvalId !== undefined) return;
      const held = await repository.findInvoicesAwaitingApproval(tx, start.invoiceIds);
      if (held.length > 0)
        throw new AppError({
          statusCode: 409,
          code: 'PAYMENT_AWAITING_APPROVAL',
          message: `${APPROVAL_MESSAGES.awaitingApproval} (${held.join(', ')})`,
          args: held,
        });
      const threshold = await thresholdFor(tx, start.customerId, start.currencyCode);
      const needed = needsApproval(fromMinorUnits(start.amountMinor), threshold);
      if (start.submitting) {
        if (!needed)
          throw new AppError({
            statusCode: 400,
            code: 'APPROVAL_NOT_REQUIRED',
            message: APPROVAL_MESSAGES.notRequired,
          });
        return;
      }
      if (!needed) return;
      const message =
        start.flow === 'cart'
          ? APPROVAL_MESSAGES.approvalRequired
          : APPROVAL_MESSAGES.onAccountAboveThreshold;
      throw new AppError({
        statusCode: 403,
        code: 'PAYMENT_APPROVAL_REQUIRED',
        message: message.replace('{0}', `${threshold} ${start.currencyCode}`),
        args: [threshold ?? '', start.currencyCode],
      });
    },

    /** Whether a cart is waiting for approval: it takes no change until it is decided. */
    async requireUnlocked(cartId: number): Promise<void> {
      if (await repository.findPendingForCart(db, cartId)) throw cartLocked();
    },

    /** Operator command: sets (or, with null, removes) a customer's threshold in a currency. */
    async setThreshold(input: {
      tenantId: number;
      customerId: number;
      currencyCode: string;
      threshold: string | null;
    }) {
      if (input.threshold === null) {
        await db
          .delete(paymentApprovalPolicies)
          .where(
            and(
              eq(paymentApprovalPolicies.customerId, input.customerId),
              eq(paymentApprovalPolicies.currencyCode, input.currencyCode),
            ),
          );
        return;
      }
      await db
        .insert(paymentApprovalPolicies)
        .values({ ...input, threshold: input.threshold })
        .onConflictDoUpdate({
          target: [paymentApprovalPolicies.customerId, paymentApprovalPolicies.currencyCode],
          set: { threshold: input.threshold, updatedAt: new Date() },
        });
    },
  };
}

export function cartLocked(): AppError {
  return new AppError({ statusCode: 409, code: 'CART_LOCKED', message: APPROVAL_MESSAGES.cartLocked });
}

/** The database's refusal of a line added to a locked cart (trigger payment_cart_lines_locked). */
export function isCartLockedError(error: unknown): boolean {
  let current: unknown = error;
  for (let depth = 0; current && depth < 5; depth += 1) {
    const candidate = current as { code?: unknown; hint?: unknown; message?: unknown };
    if (
      candidate.code === 'P0001' &&
      (candidate.hint === 'CART_LOCKED' || String(candidate.message).includes('waiting for approval'))
    )
      return true;
    current = (current as { cause?: unknown }).cause;
  }
  return false;
}
