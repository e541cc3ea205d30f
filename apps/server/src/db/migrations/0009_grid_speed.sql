-- Speed at a million invoices (issue 15): text searches through trigram indexes, the enumerated
-- terms filter through a composite index, and the grid's unfiltered totals from aggregates kept
-- with the data. pg_trgm is a trusted extension: a database owner may create it (PGlite loads it
-- in db/client.ts).
CREATE EXTENSION IF NOT EXISTS pg_trgm;--> statement-breakpoint
CREATE TABLE "invoice_totals" (
	"customer_id" integer NOT NULL,
	"currency_code" text NOT NULL,
	"status" text NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	"amount" numeric(20, 2) DEFAULT '0' NOT NULL,
	"balance" numeric(20, 2) DEFAULT '0' NOT NULL,
	"dispute_amount" numeric(20, 2) DEFAULT '0' NOT NULL,
	"paid_amount" numeric(20, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "invoice_totals_customer_id_currency_code_status_pk" PRIMARY KEY("customer_id","currency_code","status")
);
--> statement-breakpoint
CREATE INDEX "invoices_grid_terms" ON "invoices" USING btree ("customer_id","tran_currency_code","status","terms","due_date","id");--> statement-breakpoint
CREATE INDEX "invoices_trgm_inv_no" ON "invoices" USING gin ("inv_no" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "invoices_trgm_tran_id" ON "invoices" USING gin ("tran_id" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "invoices_trgm_po_number" ON "invoices" USING gin ("po_number" gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "invoices_trgm_terms" ON "invoices" USING gin ("terms" gin_trgm_ops);--> statement-breakpoint
-- Triggers rather than a repository function: every writer (payments, disputes, imports, an
-- operator's SQL) keeps the totals right in its own transaction without knowing they exist.
-- Statement-level with transition tables, so a bulk insert of a million rows costs one grouped
-- pass, not a million row triggers. Groups are applied in key order so that two transactions
-- touching the same groups lock them in the same order (no deadlock).
CREATE FUNCTION invoice_totals_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO invoice_totals AS t (customer_id, currency_code, status, count, amount, balance, dispute_amount, paid_amount)
    SELECT customer_id, currency_code, status, sum(n), sum(amount), sum(balance), sum(dispute_amount), sum(paid_amount)
    FROM (SELECT customer_id, tran_currency_code, status, 1, amount, balance, dispute_amount, paid_amount FROM new_rows) AS delta (customer_id, currency_code, status, n, amount, balance, dispute_amount, paid_amount)
    GROUP BY customer_id, currency_code, status
    HAVING sum(n) <> 0 OR sum(amount) <> 0 OR sum(balance) <> 0 OR sum(dispute_amount) <> 0 OR sum(paid_amount) <> 0
    ORDER BY customer_id, currency_code, status
    ON CONFLICT (customer_id, currency_code, status) DO UPDATE SET
      count = t.count + excluded.count, amount = t.amount + excluded.amount, balance = t.balance + excluded.balance,
      dispute_amount = t.dispute_amount + excluded.dispute_amount, paid_amount = t.paid_amount + excluded.paid_amount;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO invoice_totals AS t (customer_id, currency_code, status, count, amount, balance, dispute_amount, paid_amount)
    SELECT customer_id, currency_code, status, sum(n), sum(amount), sum(balance), sum(dispute_amount), sum(paid_amount)
    FROM (SELECT customer_id, tran_currency_code, status, 1, amount, balance, dispute_amount, paid_amount FROM new_rows UNION ALL SELECT customer_id, tran_currency_code, status, -1, -amount, -balance, -dispute_amount, -paid_amount FROM old_rows) AS delta (customer_id, currency_code, status, n, amount, balance, dispute_amount, paid_amount)
    GROUP BY customer_id, currency_code, status
    HAVING sum(n) <> 0 OR sum(amount) <> 0 OR sum(balance) <> 0 OR sum(dispute_amount) <> 0 OR sum(paid_amount) <> 0
    ORDER BY customer_id, currency_code, status
    ON CONFLICT (customer_id, currency_code, status) DO UPDATE SET
      count = t.count + excluded.count, amount = t.amount + excluded.amount, balance = t.balance + excluded.balance,
      dispute_amount = t.dispute_amount + excluded.dispute_amount, paid_amount = t.paid_amount + excluded.paid_amount;
  ELSE
    INSERT INTO invoice_totals AS t (customer_id, currency_code, status, count, amount, balance, dispute_amount, paid_amount)
    SELECT customer_id, currency_code, status, sum(n), sum(amount), sum(balance), sum(dispute_amount), sum(paid_amount)
    FROM (SELECT customer_id, tran_currency_code, status, -1, -amount, -balance, -dispute_amount, -paid_amount FROM old_rows) AS delta (customer_id, currency_code, status, n, amount, balance, dispute_amount, paid_amount)
    GROUP BY customer_id, currency_code, status
    HAVING sum(n) <> 0 OR sum(amount) <> 0 OR sum(balance) <> 0 OR sum(dispute_amount) <> 0 OR sum(paid_amount) <> 0
    ORDER BY customer_id, currency_code, status
    ON CONFLICT (customer_id, currency_code, status) DO UPDATE SET
      count = t.count + excluded.count, amount = t.amount + excluded.amount, balance = t.balance + excluded.balance,
      dispute_amount = t.dispute_amount + excluded.dispute_amount, paid_amount = t.paid_amount + excluded.paid_amount;
  END IF;
  -- A group left empty (its last invoice deleted or moved) is removed rather than kept at zero.
  DELETE FROM invoice_totals WHERE count = 0;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER invoice_totals_insert AFTER INSERT ON invoices REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION invoice_totals_apply();--> statement-breakpoint
CREATE TRIGGER invoice_totals_update AFTER UPDATE ON invoices REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION invoice_totals_apply();--> statement-breakpoint
CREATE TRIGGER invoice_totals_delete AFTER DELETE ON invoices REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION invoice_totals_apply();--> statement-breakpoint
CREATE FUNCTION invoice_totals_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM invoice_totals;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER invoice_totals_truncate AFTER TRUNCATE ON invoices
  FOR EACH STATEMENT EXECUTE FUNCTION invoice_totals_clear();--> statement-breakpoint
INSERT INTO invoice_totals (customer_id, currency_code, status, count, amount, balance, dispute_amount, paid_amount)
  SELECT customer_id, tran_currency_code, status, count(*), sum(amount), sum(balance), sum(dispute_amount), sum(paid_amount)
  FROM invoices GROUP BY customer_id, tran_currency_code, status;
