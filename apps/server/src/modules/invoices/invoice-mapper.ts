import type { TInvoiceRow } from '@settle/shared/invoices';
import type { InvoiceRecord } from './invoices.repository';

/** Database record -> the contract's invoice row (text flags as the specification writes them). */
export function toInvoiceRow(record: InvoiceRecord): TInvoiceRow {
  return {
    id: record.id,
    invNo: record.inv_no,
    tranId: record.tran_id,
    custNo: record.cust_no,
    accountName: record.company,
    status: record.status,
    invoiceDate: record.invoice_date,
    dueDate: record.due_date,
    tranCurrencyCode: record.tran_currency_code,
    amount: record.amount,
    balance: record.balance,
    tranBal: record.tran_bal,
    tranOrig: record.tran_orig,
    disputeAmount: record.dispute_amount,
    paidAmount: record.paid_amount,
    paymentPending: record.payment_pending ? 'true' : 'false',
    paymentPendingAmount: record.payment_pending_amount,
    promise: record.promise ? 'true' : 'false',
    promisedAmount: record.promised_amount,
    nextFollowupDate: record.next_followup_date,
    poNumber: record.po_number,
    terms: record.terms,
    inCart: record.in_cart,
  };
}
