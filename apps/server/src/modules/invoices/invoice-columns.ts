import type { GridColumn } from '../preferences/column-preferences.service';

/** The invoice grid's columns; the ones marked visible show until the user chooses otherwise. */
export const INVOICE_GRID = 'invoices';

export const INVOICE_COLUMNS: GridColumn[] = [
  { field: 'invNo', title: 'Invoice number', dataType: 'string', visible: true, width: 150 },
  { field: 'invoiceDate', title: 'Invoice date', dataType: 'date', visible: true, width: 120 },
  { field: 'dueDate', title: 'Due date', dataType: 'date', visible: true, width: 120 },
  { field: 'amount', title: 'Amount', dataType: 'currency', visible: true, width: 130 },
  { field: 'balance', title: 'Balance', dataType: 'currency', visible: true, width: 130 },
  { field: 'disputeAmount', title: 'Disputed', dataType: 'currency', visible: true, width: 120 },
  { field: 'promise', title: 'Promised', dataType: 'boolean', visible: true, width: 100 },
  { field: 'poNumber', title: 'PO number', dataType: 'string', visible: true, width: 120 },
  { field: 'tranId', title: 'Transaction id', dataType: 'string', visible: false, width: 130 },
  { field: 'paidAmount', title: 'Paid', dataType: 'currency', visible: false, width: 120 },
  { field: 'promisedAmount', title: 'Promised amount', dataType: 'currency', visible: false, width: 130 },
  { field: 'nextFollowupDate', title: 'Follow-up date', dataType: 'date', visible: false, width: 120 },
  { field: 'terms', title: 'Terms', dataType: 'string', visible: false, width: 110 },
  { field: 'paymentPending', title: 'Payment pending', dataType: 'boolean', visible: false, width: 110 },
];

/** What the advanced search offers on the invoice grid: every filterable field with its type. */
export const INVOICE_SEARCH_FIELDS = [
  ...INVOICE_COLUMNS.map(({ field, title, dataType }) => ({ field, title, dataType })),
  { field: 'tranBal', title: 'Transaction balance', dataType: 'currency' },
];
