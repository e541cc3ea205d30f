-- The customer multi-select source matches a case-insensitive prefix of the number or the company
-- (lower(col) like lower($1) || '%'); text_pattern_ops lets a btree answer that prefix in any collation.
CREATE INDEX IF NOT EXISTS "customers_cust_no_prefix" ON "customers" USING btree (lower("cust_no") text_pattern_ops);--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "customers_company_prefix" ON "customers" USING btree (lower("company") text_pattern_ops);
