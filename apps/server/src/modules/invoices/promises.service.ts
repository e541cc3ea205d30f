import { checkFollowupDate, PROMISE_MESSAGES, type TPromiseRequest } from '@settle/shared/promises';
import { canPromise, canRemovePromise, invoiceFacts, REFUSAL_MESSAGES } from '@settle/shared/rules/invoices';
import { inArray, sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { invoices } from '../../db/schema/invoices';
import { AppError, badRequest, notFound } from '../../lib/app-error';
import type { AccountsService } from '../accounts/accounts.service';
import type { ActivityService } from '../activity/activity.service';
import type { SessionContext } from '../auth/session.service';
import { toInvoiceRow } from './invoice-mapper';
import { resolveCustomerScope } from './invoice-scope';
import { findInvoicesByNumber } from './invoices.repository';

export type PromisesService = ReturnType<typeof createPromisesService>;

/**
 * Promise to pay and its removal. All or nothing: when one selected invoice may not
 * change, none does, and the answer names the refused ones. Each change is written to the
 * invoice's activity in the same transaction.
 */
export function createPromisesService(
  db: Db,
  accounts: AccountsService,
  activity: ActivityService,
  options: { maxDays: number },
) {
  return {
    async promiseUnPromise(session: SessionContext, request: TPromiseRequest, now = new Date()) {
      const invNos = [...new Set(Array.isArray(request.invNo) ? request.invNo : [request.invNo])];
      if (invNos.length === 0) throw badRequest(PROMISE_MESSAGES.noSelection, undefined, 'NO_SELECTION');
      const { customer } = await resolveCustomerScope(accounts, session, { custNo: request.custNo });

      let followup: string | null = null;
      if (request.promised) {
        const today = accounts.serverDate(session.user.timezone, now).serverDate;
        const check = request.nextFollowupDate
          ? checkFollowupDate(request.nextFollowupDate, { today, maxDays: options.maxDays })
          : 'invalid';
        if (check === 'invalid') {
          throw badRequest(
            PROMISE_MESSAGES.invalidDate,
            [{ field: 'body.nextFollowupDate', message: PROMISE_MESSAGES.invalidDate }],
            'PROMISE_INVALID_DATE',
          );
        }
        if (check === 'tooFar') {
          const message = PROMISE_MESSAGES.tooFar.replace('{0}', String(options.maxDays));
          throw new AppError({
            statusCode: 400,
            code: 'PROMISE_DATE_TOO_FAR',
            message,
            args: [String(options.maxDays)],
            fieldErrors: [{ field: 'body.nextFollowupDate', message }],
          });
        }
        followup = request.nextFollowupDate ?? null;
      }

      const records = await findInvoicesByNumber(db, {
        customerId: customer.id,
        invNos,
        userId: session.userId,
      });
      const missing = invNos.filter((invNo) => !records.some((record) => record.inv_no === invNo));
      if (missing.length > 0) throw notFound(`Invoice ${missing.join(', ')}`);

      const rule = request.promised ? canPromise : canRemovePromise;
      const refused = records
        .map((record) => ({ record, result: rule(invoiceFacts(toInvoiceRow(record)), session.roles) }))
        .filter((entry) => !entry.result.allowed);
      if (refused.length > 0) {
        const first = refused[0]!.result;
        const reason = first.allowed ? '' : REFUSAL_MESSAGES[first.reason];
        const ids = refused.map((entry) => entry.record.tran_id).join(', ');
        throw new AppError({
          statusCode: 400,
          code: request.promised ? 'PROMISE_FAILED' : 'PROMISE_REMOVE_FAILED',
          message: `${request.promised ? PROMISE_MESSAGES.failed : PROMISE_MESSAGES.cannotRemove}: ${reason} (${ids})`,
          args: [ids, reason],
        });
      }

      await db.transaction(async (tx) => {
        await tx
          .update(invoices)
          .set(
            request.promised
              ? { promise: true, promisedAmount: sql`${invoices.balance}`, nextFollowupDate: followup }
              : { promise: false, promisedAmount: '0', nextFollowupDate: null },
          )
          .where(
            inArray(
              invoices.id,
              records.map((record) => record.id),
            ),
          );
        await activity.record(
          tx,
          session,
          records.map((record) => ({
            tenantId: session.tenantId,
            customerId: customer.id,
            invoiceId: record.id,
            kind: request.promised ? 'PROMISE_SET' : 'PROMISE_REMOVED',
            details: followup ? { nextFollowupDate: followup } : ({} as Record<string, string>),
          })),
        );
      });
      return {
        promised: request.promised,
        invNo: records.map((record) => record.inv_no),
        nextFollowupDate: followup,
      };
    },
  };
}
