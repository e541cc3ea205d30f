-- The grid's totals read every row of one customer, currency and status; with the amounts
-- in the index they come from an index-only scan instead of the table.
CREATE INDEX IF NOT EXISTS "invoices_grid_totals" ON "invoices" USING btree ("customer_id","tran_currency_code","status") INCLUDE ("amount","balance","dispute_amount","paid_amount");
