-- The grid's equality filters on enumerated fields (terms eq 'Net 30', promise, paymentPending)
-- are skewed per customer: a term common across the ledger can be rare for one account. Without
-- statistics on the columns together, the planner multiplies their separate frequencies, expects
-- thousands of matching rows and walks a sort index through the whole account filtering them
-- (106 ms for 19 'Net 30' invoices of a 51,000-invoice account) instead of taking the terms
-- index and sorting the few it finds (0.2 ms). MCV lists of the scope with each field give the
-- planner the frequency per account. 2,000 entries (a sample of 600,000 rows) keep the rare
-- combinations in the list at a million invoices, where the default 100 left them out and the
-- estimate stayed 70 times too high; ANALYZE (autovacuum, the seed, large ledger loads) fills them.
CREATE STATISTICS IF NOT EXISTS "invoices_scope_terms" (mcv) ON "customer_id", "tran_currency_code", "status", "terms" FROM "invoices";--> statement-breakpoint
ALTER STATISTICS "invoices_scope_terms" SET STATISTICS 2000;--> statement-breakpoint
CREATE STATISTICS IF NOT EXISTS "invoices_scope_flags" (mcv) ON "customer_id", "tran_currency_code", "status", "promise", "payment_pending" FROM "invoices";--> statement-breakpoint
ALTER STATISTICS "invoices_scope_flags" SET STATISTICS 2000;--> statement-breakpoint
-- Promised, paying and disputed invoices are a few in an account (37 of a million in the bench):
-- a filter on them read the whole account (107 ms) for want of an index that finds them.
CREATE INDEX IF NOT EXISTS "invoices_grid_promised" ON "invoices" USING btree ("customer_id", "tran_currency_code", "status", "id") WHERE "promise";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "invoices_grid_payment_pending" ON "invoices" USING btree ("customer_id", "tran_currency_code", "status", "id") WHERE "payment_pending";--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "invoices_grid_disputed" ON "invoices" USING btree ("customer_id", "tran_currency_code", "status", "id") WHERE "dispute_amount" > 0;--> statement-breakpoint
ANALYZE "invoices";
