-- The grids' substring searches (substringof, startswith, endswith compile to ILIKE) read GIN
-- indexes that hold the grid's scope (customer, currency, status) beside the trigrams: btree_gin
-- gives the scope's columns GIN operator classes, so one index scan returns the account's matching
-- rows only. With a trigram index of the whole ledger, a needle as common as 'PO-5' fetched its
-- 111,000 matches in every account and intersected them with the account's 51,000 invoices (the
-- totals of the soak's filter: 18-24 ms); with the scope inside, 10 ms. btree_gin is a trusted
-- extension, as pg_trgm (0009): a database owner may create it; PGlite loads it in db/client.ts.
CREATE EXTENSION IF NOT EXISTS btree_gin;--> statement-breakpoint
DROP INDEX "invoices_trgm_inv_no";--> statement-breakpoint
DROP INDEX "invoices_trgm_tran_id";--> statement-breakpoint
DROP INDEX "invoices_trgm_po_number";--> statement-breakpoint
DROP INDEX "invoices_trgm_terms";--> statement-breakpoint
CREATE INDEX "invoices_trgm_inv_no" ON "invoices" USING gin ("customer_id","tran_currency_code","status","inv_no" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "invoices_trgm_tran_id" ON "invoices" USING gin ("customer_id","tran_currency_code","status","tran_id" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "invoices_trgm_po_number" ON "invoices" USING gin ("customer_id","tran_currency_code","status","po_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "invoices_trgm_terms" ON "invoices" USING gin ("customer_id","tran_currency_code","status","terms" gin_trgm_ops);