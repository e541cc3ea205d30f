import { paymentCartName, type TPaymentCart } from '@settle/shared/cart';
import { addMoney, fromMinorUnits, toMinorUnits } from '@settle/shared/money';
import {
  canAddToCart,
  cartPaymentMinor,
  invoiceFacts,
  REFUSAL_MESSAGES,
} from '@settle/shared/rules/invoices';
import type { Db } from '../../db/client';
import type { AccountsService } from '../accounts/accounts.service';
import type { ActivityEntry, ActivityService } from '../activity/activity.service';
import type { SessionContext } from '../auth/session.service';
import { resolveCustomerScope } from '../invoices/invoice-scope';
import type { InvoicesService } from '../invoices/invoices.service';
import {
  type ApprovalPolicyService,
  cartLocked,
  isCartLockedError,
} from '../payment-approvals/approval-policy.service';
import * as repository from './cart.repository';

export type CartService = ReturnType<typeof createCartService>;

function toCart(custNo: string, currencyCode: string, lines: repository.CartLineRecord[]): TPaymentCart {
  const payments = lines.map((line) => ({
    invNo: line.inv_no,
    tranId: line.tran_id,
    balance: fromMinorUnits(toMinorUnits(line.balance)),
    disputed: fromMinorUnits(toMinorUnits(line.dispute_amount)),
    originalAmount: fromMinorUnits(toMinorUnits(line.tran_orig)),
    payment: fromMinorUnits(cartPaymentMinor({ balance: line.balance, disputeAmount: line.dispute_amount })),
    custNo: line.cust_no,
    currencyCode: line.currency_code,
  }));
  return {
    custNo,
    currencyCode,
    paymentCartName: paymentCartName(custNo, currencyCode),
    payments,
    paymentSummary: {
      nbrOfInvoices: payments.length,
      totalAmount: addMoney('0', ...payments.map((line) => line.payment)),
    },
  };
}

function cartEntries(
  owner: repository.CartOwner,
  invoiceIds: number[],
  kind: 'CART_ADDED' | 'CART_REMOVED',
): ActivityEntry[] {
  return invoiceIds.map((invoiceId) => ({
    tenantId: owner.tenantId,
    customerId: owner.customerId,
    invoiceId,
    kind,
    details: { currencyCode: owner.currencyCode },
  }));
}

/** A line stays payable while its invoice is open with a nonzero balance. */
function isPayable(line: repository.CartLineRecord): boolean {
  return line.status === 'O' && toMinorUnits(line.balance) !== 0;
}

export function createCartService(
  db: Db,
  accounts: AccountsService,
  invoices: InvoicesService,
  activity: ActivityService,
  approvalPolicy?: Pick<ApprovalPolicyService, 'requireUnlocked'>,
) {
  async function ownerOf(session: SessionContext, request: { custNo: string; currencyCode: string }) {
    const { customer, currencyCode } = await resolveCustomerScope(accounts, session, request);
    return {
      customer,
      owner: { tenantId: session.tenantId, userId: session.userId, customerId: customer.id, currencyCode },
    };
  }

  async function load(custNo: string, owner: repository.CartOwner): Promise<TPaymentCart> {
    const cartId = await repository.findCartId(db, owner);
    return toCart(custNo, owner.currencyCode, cartId ? await repository.findCartLines(db, cartId) : []);
  }

  /** Removes lines (all when no ids) and records each removal in the invoice's activity, in one transaction. */
  async function removeAndRecord(
    session: SessionContext,
    owner: repository.CartOwner,
    cartId: number,
    invoiceIds?: number[],
  ) {
    await approvalPolicy?.requireUnlocked(cartId);
    await db.transaction(async (tx) => {
      const removed = await repository.removeLines(tx, cartId, invoiceIds);
      await activity.record(tx, session, cartEntries(owner, removed, 'CART_REMOVED'));
    });
  }

  return {
    /** A payment succeeded: its invoices leave the payer's carts, inside the payment's transaction. */
    removePaid(tx: Db, owner: { userId: number; customerId: number }, invoiceIds: number[]) {
      return repository.removeInvoicesFromUserCarts(tx, owner, invoiceIds);
    },

    async summaries(userId: number) {
      const rows = await repository.summarizeUserCarts(db, userId);
      return rows.map((row) => ({
        customerId: row.customer_id,
        currencyCode: row.currency_code,
        nbrOfInvoices: row.count,
        totalAmount: fromMinorUnits(toMinorUnits(row.total)),
      }));
    },

    /** The user's cart of a customer and currency (its id and invoice ids), for a submission for approval. */
    async findOwn(session: SessionContext, request: { custNo: string; currencyCode: string }) {
      const { owner } = await ownerOf(session, request);
      const cartId = await repository.findCartId(db, owner);
      if (!cartId) return undefined;
      const lines = await repository.findCartLines(db, cartId);
      return { cartId, invoiceIds: lines.map((line) => line.invoice_id) };
    },

    async get(session: SessionContext, request: { custNo: string; currencyCode: string }) {
      const { customer, owner } = await ownerOf(session, request);
      return load(customer.custNo, owner);
    },

    /**
     * Adds what the rules allow and lists the rest by transaction id. Invoices of another
     * customer or currency are "not available", like any other refusal.
     */
    async add(session: SessionContext, request: { custNo: string; currencyCode: string; invNo: string[] }) {
      const { customer, owner } = await ownerOf(session, request);
      const invNos = [...new Set(request.invNo)];
      const rows = await invoices.findRows(session, customer.id, invNos);
      const accepted: typeof rows = [];
      const notAdded: Array<{ invNo: string; tranId: string; reason: string }> = [];
      for (const invNo of invNos) {
        const row = rows.find((candidate) => candidate.invNo === invNo);
        if (!row) {
          notAdded.push({ invNo, tranId: invNo, reason: 'Not found in this account.' });
          continue;
        }
        if (row.tranCurrencyCode !== owner.currencyCode) {
          notAdded.push({
            invNo,
            tranId: row.tranId,
            reason: `The invoice is in ${row.tranCurrencyCode}, not ${owner.currencyCode}.`,
          });
          continue;
        }
        const result = canAddToCart(invoiceFacts(row), session.roles);
        if (result.allowed) accepted.push(row);
        else notAdded.push({ invNo, tranId: row.tranId, reason: REFUSAL_MESSAGES[result.reason] });
      }
      if (accepted.length > 0) {
        const existing = await repository.findCartId(db, owner);
        if (existing) await approvalPolicy?.requireUnlocked(existing);
        await db
          .transaction(async (tx) => {
            const cartId = await repository.ensureCart(tx, owner);
            const added = await repository.addLines(
              tx,
              cartId,
              accepted.map((row) => row.id),
            );
            await activity.record(tx, session, cartEntries(owner, added, 'CART_ADDED'));
          })
          .catch((error: unknown) => {
            // A submission that locked the cart since the check above: the database's trigger refused.
            throw isCartLockedError(error) ? cartLocked() : error;
          });
      }
      return {
        cart: await load(customer.custNo, owner),
        added: accepted.map((row) => row.invNo),
        notAdded,
        message:
          notAdded.length > 0
            ? `Add to cart is not available for the transaction(s): ${notAdded.map((entry) => entry.tranId).join(', ')}`
            : null,
      };
    },

    async remove(
      session: SessionContext,
      request: { custNo: string; currencyCode: string; invNo: string[] },
    ) {
      const { customer, owner } = await ownerOf(session, request);
      const cartId = await repository.findCartId(db, owner);
      if (cartId) {
        const lines = await repository.findCartLines(db, cartId);
        const ids = lines
          .filter((line) => request.invNo.includes(line.inv_no))
          .map((line) => line.invoice_id);
        await removeAndRecord(session, owner, cartId, ids);
      }
      return load(customer.custNo, owner);
    },

    async empty(session: SessionContext, request: { custNo: string; currencyCode: string }) {
      const { customer, owner } = await ownerOf(session, request);
      const cartId = await repository.findCartId(db, owner);
      if (cartId) await removeAndRecord(session, owner, cartId);
      return load(customer.custNo, owner);
    },

    /**
     * POST /payment/syncPaymentCart/{custNo}: of the invoice numbers the client holds, the
     * ones still in the user's carts and still payable, with the server's figures. Lines
     * that stopped being payable (paid, closed) leave the server's cart too.
     */
    async sync(session: SessionContext, custNo: string, invNos: string[]) {
      const customer = await accounts.requireCustomer(session.userId, custNo);
      const lines = await repository.findUserCartLinesForCustomer(db, session.userId, customer.id);
      const stale = lines.filter((line) => !isPayable(line));
      for (const line of stale) await repository.removeLines(db, line.cart_id, [line.invoice_id]);
      return lines
        .filter((line) => isPayable(line) && invNos.includes(line.inv_no))
        .map((line) => ({
          invNo: line.inv_no,
          balance: fromMinorUnits(toMinorUnits(line.balance)),
          disputed: fromMinorUnits(toMinorUnits(line.dispute_amount)),
          payment: fromMinorUnits(
            cartPaymentMinor({ balance: line.balance, disputeAmount: line.dispute_amount }),
          ),
        }));
    },
  };
}
