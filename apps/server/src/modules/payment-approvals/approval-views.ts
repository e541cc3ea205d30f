import { fromMinorUnits, toMinorUnits } from '@settle/shared/money';
import type { TPaymentApproval } from '@settle/shared/payment-approvals';
import type { ApprovalListRecord } from './payment-approvals.repository';

/** A saved profile as an approver sees it: alias, brand and last 4, or the masked bank account. */
function profileLabel(record: ApprovalListRecord): string {
  const what =
    record.profile_type === 'ECHECK'
      ? (record.account_masked ?? '')
      : `${record.card_type ?? ''} ${record.last_digits ? `•••• ${record.last_digits}` : ''}`.trim();
  return record.alias_name ? `${record.alias_name} (${what})` : what;
}

export function toPaymentApproval(record: ApprovalListRecord, userId: number): TPaymentApproval {
  const mine = record.requested_by === userId;
  return {
    id: record.id,
    custNo: record.cust_no,
    company: record.company,
    currencyCode: record.currency_code,
    status: record.status,
    amount: fromMinorUnits(toMinorUnits(record.amount)),
    paymentType: record.payment_type,
    profileLabel: profileLabel(record),
    requestedBy: record.requester_name,
    requestedAt: record.created_at,
    mine,
    canDecide: record.status === 'PENDING' && record.approver && !mine,
    decidedBy: record.decider_name,
    decidedAt: record.decided_at,
    reason: record.reason,
    paymentLogId: record.payment_id,
    paymentStatus: record.payment_status,
    invoices: record.invoices.map((line) => ({
      invNo: line.invNo,
      amount: fromMinorUnits(toMinorUnits(line.amount)),
    })),
  };
}
