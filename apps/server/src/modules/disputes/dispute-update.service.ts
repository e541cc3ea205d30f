import { DISPUTE_MESSAGES, type TDispute, type TDisputeUpdateRequest } from '@settle/shared/disputes';
import { hasPrivilege, Privilege } from '@settle/shared/privileges';
import { sql } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { AppError, badRequest, notFound } from '../../lib/app-error';
import type { ActivityEntry, ActivityService } from '../activity/activity.service';
import type { SessionContext } from '../auth/session.service';
import type { UploadsService } from '../uploads/uploads.service';
import { addNote, attachUploads, type DisputeTarget, entry } from './dispute-writes';
import * as repository from './disputes.repository';
import type { DisputesService } from './disputes.service';

/**
 * Updating a dispute (a new note, another reason, more attachments) needs TR_USER.ALLOW_PROB;
 * a refusal answers the specification's message and changes nothing. Everything of one
 * update, activity included, is one transaction.
 */
export function createDisputeUpdateService(
  db: Db,
  deps: { uploads: UploadsService; activity: ActivityService; disputes: DisputesService },
) {
  return {
    async update(
      session: SessionContext,
      key: { probNo?: number; id?: number },
      request: TDisputeUpdateRequest,
    ): Promise<TDispute> {
      if (!hasPrivilege(session.roles, Privilege.ALLOW_PROB))
        throw new AppError({
          statusCode: 403,
          code: 'DISPUTE_FORBIDDEN',
          message: DISPUTE_MESSAGES.noPermission,
        });
      const note = request.newNote?.trim() ?? '';
      if (!note && request.reasonCode === undefined && !request.attachments?.length)
        throw badRequest(DISPUTE_MESSAGES.nothingToUpdate, undefined, 'DISPUTE_NOTHING_TO_UPDATE');
      // Not found before anything else: another customer's dispute answers like a missing one.
      await deps.disputes.requireDispute(session, key);
      if (request.reasonCode !== undefined) {
        const reasons = await repository.findReasonCodes(db, session.tenantId);
        if (!reasons.some((reason) => reason.code === request.reasonCode))
          throw badRequest(DISPUTE_MESSAGES.unknownReason, undefined, 'DISPUTE_REASON');
      }
      const probNo = await db.transaction(async (tx) => {
        const record = await repository.findLinkedDispute(tx, {
          tenantId: session.tenantId,
          userId: session.userId,
          ...key,
          forUpdate: true,
        });
        if (!record) throw notFound(`Dispute ${key.probNo ?? key.id}`);
        const target: DisputeTarget = {
          id: record.id,
          probNo: record.prob_no,
          tenantId: record.tenant_id,
          customerId: record.customer_id,
          invoiceId: record.invoice_id,
        };
        const entries: ActivityEntry[] = [];
        if (request.reasonCode !== undefined && request.reasonCode !== record.reason_code) {
          await tx.execute(
            sql`update disputes set reason_code = ${request.reasonCode}, updated_at = now() where id = ${record.id}`,
          );
          entries.push(
            entry(target, 'DISPUTE_REASON_CHANGED', { from: record.reason_code, to: request.reasonCode }),
          );
        }
        if (note) entries.push(await addNote(tx, session, target, note));
        entries.push(...(await attachUploads(tx, deps.uploads, target, request.attachments ?? [])));
        await deps.activity.record(tx, session, entries);
        return record.prob_no;
      });
      return deps.disputes.get(session, { probNo });
    },
  };
}
