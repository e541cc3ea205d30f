import {
  DISPUTE_TOOLTIP_NOTE_CHARS,
  DISPUTE_TOOLTIP_NOTES,
  type TDispute,
  type TDisputeRow,
  UNKNOWN_REASON_DISPLAY,
} from '@settle/shared/disputes';
import { roundMoney } from '@settle/shared/money';
import { disputeHoldsAmount, disputeStatusName, tooltipNotes } from '@settle/shared/rules/disputes';
import type { AttachmentRecord, DisputeLineRecord, DisputeRecord, NoteRecord } from './disputes.repository';

const money = (value: string | null) => (value === null ? null : roundMoney(value));

export function toDisputeRow(record: DisputeRecord, canViewAmounts: boolean): TDisputeRow {
  return {
    id: record.id,
    probNo: record.prob_no,
    custNo: record.cust_no,
    invNo: record.inv_no,
    tranId: record.tran_id,
    invoiceDate: record.invoice_date,
    dueDate: record.due_date,
    originalAmount: money(record.original_amount),
    disputedAmount: canViewAmounts ? money(record.disputed_amount) : null,
    currencyCode: record.currency_code,
    reasonCode: record.reason_code,
    reasonDisplay: record.reason_description ?? UNKNOWN_REASON_DISPLAY,
    statusCode: record.status_code,
    status: disputeStatusName(record.status_code),
    style: record.style,
    custDispute: record.cust_dispute,
    createdOn: record.created_on,
    disputeNoteList: tooltipNotes(
      record.latest_notes ?? [],
      DISPUTE_TOOLTIP_NOTES,
      DISPUTE_TOOLTIP_NOTE_CHARS,
    ),
  };
}

export function toDispute(
  record: DisputeRecord,
  parts: { lines: DisputeLineRecord[]; notes: NoteRecord[]; attachments: AttachmentRecord[] },
  privileges: { canViewAmounts: boolean; canUpdate: boolean },
): TDispute {
  const row = toDisputeRow(record, privileges.canViewAmounts);
  return {
    id: row.id,
    probNo: row.probNo,
    custNo: row.custNo,
    accountName: record.company,
    invNo: row.invNo,
    openTranId: row.tranId,
    currencyCode: row.currencyCode,
    invoiceDate: row.invoiceDate,
    dueDate: row.dueDate,
    originalAmount: row.originalAmount,
    disputedAmount: row.disputedAmount,
    disputed: disputeHoldsAmount(record.status_code),
    description: record.description,
    reasonCode: row.reasonCode,
    reasonDisplay: row.reasonDisplay,
    statusCode: row.statusCode,
    status: row.status,
    style: row.style,
    custDispute: row.custDispute,
    days: record.days,
    createdBy: record.created_by_name,
    createdOn: record.created_on,
    disputedItems: parts.lines.map((line) => ({
      lineItemId: line.line_item_id,
      lineNo: line.line_no,
      item: line.item,
      description: line.description,
      qtyShip: line.qty_ship,
      price: line.price,
      ext: roundMoney(line.ext),
      disputedCount: line.disputed_count,
      disputedAmt: privileges.canViewAmounts ? roundMoney(line.disputed_amt) : null,
    })),
    disputeNoteList: parts.notes.map((note) => ({
      id: note.id,
      note: note.note,
      exposed: note.exposed,
      enteredBy: note.entered_by,
      enteredOn: note.entered_on,
    })),
    disputeAttachmentList: parts.attachments.map((attachment) => ({
      id: attachment.id,
      uuid: attachment.uuid,
      creatorName: attachment.creator_name,
      createdOn: attachment.created_on,
      description: attachment.description,
      fileName: attachment.file_name,
      docType: attachment.doc_type,
      size: attachment.size,
    })),
    canUpdate: privileges.canUpdate,
  };
}
