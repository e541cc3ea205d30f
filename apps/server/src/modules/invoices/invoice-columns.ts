/** The invoice grid's name in the stored preferences. */
export const INVOICE_GRID = 'invoices';

// The columns and search fields are the contract's: the web tests build their fixtures from them too.
export { INVOICE_COLUMNS, INVOICE_SEARCH_FIELDS } from '@settle/shared/invoices';
