import type { TPaymentLogRow } from '@settle/shared/payment-logs';
import type { PaymentLogRecord } from './payment-logs.repository';

export function toPaymentLogRow(record: PaymentLogRecord): TPaymentLogRow {
  return {
    paymentLogId: record.id,
    extTranRefId: record.ext_tran_ref_id,
    custNo: record.cust_no,
    currencyCode: record.currency_code,
    createdAt: record.created_at,
    settledAt: record.settled_at,
    methodType: record.method_type,
    paymentType: record.payment_type,
    transactionType: record.flow === 'cart' ? 'INVOICES' : 'ON_ACCOUNT',
    status: record.status,
    amount: record.amount,
    fee: record.fee,
    total: record.total,
    accountMasked: record.account_masked,
    trackingNo: record.tracking_no,
    authCode: record.auth_code,
    payerName: record.payer_name,
    invoiceCount: record.invoice_count,
    note: record.note,
    contractNumber: record.contract_number,
  };
}
