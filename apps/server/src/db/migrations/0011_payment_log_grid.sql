-- The payment log grid reads one customer's payments in one currency, newest first, with id as the
-- tie-break; its date ranges are ranges of created_at. The included columns let the totals (count and
-- sum of the successful payments) and the common filters (status, amounts, method, type) come from an
-- index-only scan instead of the table.
CREATE INDEX IF NOT EXISTS "payments_log_grid" ON "payments" USING btree ("customer_id","currency_code","created_at","id") INCLUDE ("status","amount","fee","total","method_type","payment_type","flow");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "payments_log_amount" ON "payments" USING btree ("customer_id","currency_code","amount","id");
