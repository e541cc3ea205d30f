import { DISPUTE_MESSAGES } from '@settle/shared/disputes';
import type { Db } from '../../db/client';
import { disputeAttachments, disputeNotes } from '../../db/schema/disputes';
import { actorOf } from '../../lib/actor';
import { badRequest } from '../../lib/app-error';
import type { ActivityEntry } from '../activity/activity.service';
import type { SessionContext } from '../auth/session.service';
import type { UploadsService } from '../uploads/uploads.service';

export type DisputeTarget = {
  id: number;
  probNo: number;
  tenantId: number;
  customerId: number;
  invoiceId: number | null;
};

export function entry(
  target: DisputeTarget,
  kind: ActivityEntry['kind'],
  details: Record<string, string>,
): ActivityEntry {
  return {
    tenantId: target.tenantId,
    customerId: target.customerId,
    invoiceId: target.invoiceId,
    probNo: target.probNo,
    kind,
    details: { probNo: String(target.probNo), ...details },
  };
}

/** A user's note: always exposed (the customer wrote it). Answers its activity entry. */
export async function addNote(tx: Db, session: SessionContext, target: DisputeTarget, note: string) {
  const actor = actorOf(session);
  await tx.insert(disputeNotes).values({
    disputeId: target.id,
    note,
    exposed: true,
    enteredBy: actor.actorName,
    enteredById: actor.actorId,
  });
  return entry(target, 'DISPUTE_NOTE_ADDED', { note: note.slice(0, 100) });
}

/**
 * Attaches uploads of the dispute's customer by uuid. A uuid of another customer, unknown, or
 * already attached elsewhere is refused (the caller's transaction then changes nothing).
 */
export async function attachUploads(
  tx: Db,
  uploads: UploadsService,
  target: DisputeTarget,
  uuids: readonly string[],
) {
  const unique = [...new Set(uuids)];
  if (unique.length === 0) return [];
  const rows = await uploads.findForCustomer(tx, target.customerId, unique);
  if (rows.length !== unique.length)
    throw badRequest(DISPUTE_MESSAGES.unknownAttachment, undefined, 'DISPUTE_ATTACHMENT');
  const inserted = await tx
    .insert(disputeAttachments)
    .values(rows.map((row) => ({ disputeId: target.id, uploadId: row.id })))
    .onConflictDoNothing()
    .returning({ uploadId: disputeAttachments.uploadId });
  if (inserted.length !== rows.length)
    throw badRequest(DISPUTE_MESSAGES.unknownAttachment, undefined, 'DISPUTE_ATTACHMENT');
  return rows.map((row) => entry(target, 'DISPUTE_ATTACHMENT_ADDED', { fileName: row.fileName }));
}
