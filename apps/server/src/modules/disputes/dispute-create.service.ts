import type { ZDisputeCreateRequest } from '@settle/shared/disputes';
import { DISPUTE_MESSAGES, type TDispute, type TDisputeCreateRequest } from '@settle/shared/disputes';
import { fromMinorUnits, subtractMoney, toMinorUnits } from '@settle/shared/money';
import { hasPrivilege, Privilege } from '@settle/shared/privileges';
import {
  checkDisputedAmount,
  checkLineCount,
  checkLineItems,
  lineDisputedMinor,
  remainingQuantity,
} from '@settle/shared/rules/disputes';
import { canDispute, invoiceFacts, REFUSAL_MESSAGES } from '@settle/shared/rules/invoices';
import type { z } from 'zod';
import type { Db } from '../../db/client';
import { disputeLines, disputes } from '../../db/schema/disputes';
import { actorOf } from '../../lib/actor';
import { AppError, badRequest, notFound } from '../../lib/app-error';
import type { AccountsService } from '../accounts/accounts.service';
import type { ActivityService } from '../activity/activity.service';
import type { SessionContext } from '../auth/session.service';
import { resolveCustomerScope } from '../invoices/invoice-scope';
import type { InvoicesService } from '../invoices/invoices.service';
import type { UploadsService } from '../uploads/uploads.service';
import { addNote, attachUploads, type DisputeTarget, entry } from './dispute-writes';
import * as repository from './disputes.repository';
import type { DisputesService } from './disputes.service';

type CreateRequest = z.output<typeof ZDisputeCreateRequest>;

export type { TDisputeCreateRequest };

const forbidden = (message: string) => new AppError({ statusCode: 403, code: 'DISPUTE_FORBIDDEN', message });
const refused = (message: string, code: string) => badRequest(message, undefined, code);

/** What a dispute will hold: its amount and, by line item, the lines. */
type Holding = { amount: string; lines: Array<{ lineItemId: number; count: string; amount: string }> };

/**
 * Creating a dispute: the rules of packages/shared, then in one transaction the dispute, its
 * lines, first note and attachments, the amounts held on the invoice and the activity. The
 * invoice row is locked first, so two disputes at once cannot both take the same open amount.
 */
export function createDisputeCreateService(
  db: Db,
  deps: {
    accounts: AccountsService;
    invoices: InvoicesService;
    uploads: UploadsService;
    activity: ActivityService;
    disputes: DisputesService;
  },
) {
  function holdingOf(
    request: CreateRequest,
    invoice: { lines: Array<{ id: number; qty_ship: string; price: string; disputed_count: string }> } | null,
    maxAmount: string | null,
  ): Holding {
    if (request.style === 'other') {
      const amount = request.disputedAmount ?? '0';
      const check = checkDisputedAmount(amount, maxAmount);
      if (!check.ok)
        throw refused(
          check.message,
          toMinorUnits(amount) <= 0 ? 'DISPUTE_AMOUNT_ZERO' : 'DISPUTE_MAX_EXCEEDED',
        );
      return { amount: fromMinorUnits(toMinorUnits(amount)), lines: [] };
    }
    if (!invoice) throw refused('A customer-level dispute is by amount (style other).', 'DISPUTE_STYLE');
    const requested = request.disputedItems ?? [];
    const lines = requested.map((entry) => {
      const line = invoice.lines.find((candidate) => candidate.id === entry.lineItemId);
      if (!line) throw refused(DISPUTE_MESSAGES.unknownLine, 'DISPUTE_LINE');
      return { line, count: entry.disputedCount };
    });
    const check = checkLineItems(
      lines.map(({ line, count }) => ({ qtyShip: line.qty_ship, price: line.price, disputedCount: count })),
    );
    if (!check.ok) throw refused(check.message, 'DISPUTE_LINE_COUNT');
    const held = lines
      .filter(({ count }) => Number(count) > 0)
      .map(({ line, count }) => {
        // Earlier disputes of the same line take their share of the quantity shipped.
        const remaining = remainingQuantity(line.qty_ship, line.disputed_count);
        const againstRemaining = checkLineCount({ qtyShip: remaining, disputedCount: count });
        if (!againstRemaining.ok) throw refused(againstRemaining.message, 'DISPUTE_LINE_COUNT');
        return {
          lineItemId: line.id,
          count,
          amount: fromMinorUnits(lineDisputedMinor({ disputedCount: count, price: line.price })),
        };
      });
    const amount = fromMinorUnits(held.reduce((sum, line) => sum + toMinorUnits(line.amount), 0));
    const amountCheck = checkDisputedAmount(amount, maxAmount);
    if (!amountCheck.ok)
      throw refused(
        amountCheck.message,
        toMinorUnits(amount) <= 0 ? 'DISPUTE_AMOUNT_ZERO' : 'DISPUTE_MAX_EXCEEDED',
      );
    return { amount, lines: held };
  }

  return {
    async create(session: SessionContext, request: CreateRequest): Promise<TDispute> {
      const custDispute = request.custDispute;
      if (!hasPrivilege(session.roles, custDispute ? Privilege.ALLOW_CUST_PROB : Privilege.ALLOW_PROB))
        throw forbidden(custDispute ? DISPUTE_MESSAGES.noCustPermission : DISPUTE_MESSAGES.noPermission);
      if (!custDispute && !request.invNo)
        throw refused('Name the invoice (invNo) to dispute.', 'DISPUTE_INVOICE');
      const { customer, currencyCode } = await resolveCustomerScope(deps.accounts, session, {
        custNo: request.custNo,
        currencyCode: custDispute ? request.currencyCode : undefined,
      });
      const reasons = await repository.findReasonCodes(db, session.tenantId);
      if (!reasons.some((reason) => reason.code === request.reasonCode))
        throw refused(DISPUTE_MESSAGES.unknownReason, 'DISPUTE_REASON');

      const probNo = await db.transaction(async (tx) => {
        let invoiceId: number | null = null;
        let invoiceCurrency = currencyCode;
        let holding: Holding;
        if (custDispute) {
          holding = holdingOf(request, null, null);
        } else {
          const invoice = await deps.invoices.lockForDispute(tx, session, {
            customerId: customer.id,
            invNo: request.invNo!,
            tranId: request.tranId,
          });
          if (!invoice) throw notFound(`Invoice ${request.invNo}`);
          const rule = canDispute(invoiceFacts(invoice.row), session.roles);
          if (!rule.allowed) throw refused(REFUSAL_MESSAGES[rule.reason], 'DISPUTE_NOT_ALLOWED');
          const open = subtractMoney(invoice.row.balance, invoice.row.disputeAmount);
          holding = holdingOf(request, invoice, toMinorUnits(open) > 0 ? open : '0.00');
          invoiceId = invoice.id;
          invoiceCurrency = invoice.row.tranCurrencyCode;
          await deps.invoices.addDisputedAmounts(tx, invoice.id, holding.amount, holding.lines);
        }
        const next = await repository.nextProbNo(tx, session.tenantId);
        const actor = actorOf(session);
        const [created] = await tx
          .insert(disputes)
          .values({
            tenantId: session.tenantId,
            customerId: customer.id,
            probNo: next,
            invoiceId,
            custDispute,
            currencyCode: invoiceCurrency,
            style: request.style,
            disputedAmount: holding.amount,
            description: request.description,
            reasonCode: request.reasonCode,
            statusCode: 'U',
            createdBy: actor.actorId,
            createdByName: actor.actorName,
          })
          .returning({ id: disputes.id });
        const target: DisputeTarget = {
          id: created!.id,
          probNo: next,
          tenantId: session.tenantId,
          customerId: customer.id,
          invoiceId,
        };
        if (holding.lines.length > 0) {
          await tx.insert(disputeLines).values(
            holding.lines.map((line) => ({
              disputeId: target.id,
              lineItemId: line.lineItemId,
              disputedCount: line.count,
              disputedAmt: line.amount,
            })),
          );
        }
        const entries = [
          entry(target, 'DISPUTE_OPENED', {
            disputedAmount: holding.amount,
            reasonCode: request.reasonCode,
            style: request.style,
          }),
        ];
        if (request.newNote?.trim()) entries.push(await addNote(tx, session, target, request.newNote.trim()));
        entries.push(...(await attachUploads(tx, deps.uploads, target, request.attachments ?? [])));
        await deps.activity.record(tx, session, entries);
        return next;
      });
      return deps.disputes.get(session, { probNo });
    },
  };
}
