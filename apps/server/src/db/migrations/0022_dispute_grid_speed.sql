-- The dispute grid on the invoice grid's strategy (issue 15): composite indexes for its scope
-- with the enumerated filters and the sorts, and its unfiltered totals from aggregates kept with
-- the data. The invoice's number, dates and amount are copied onto the dispute (kept by triggers
-- when either side changes): the grid sorts and filters on them through the disputes' own
-- indexes instead of joining every dispute of the account to its invoice, and the aggregates
-- follow the disputes alone, a cascade delete of an invoice included.
ALTER TABLE "disputes" ADD COLUMN "inv_no" text;--> statement-breakpoint
ALTER TABLE "disputes" ADD COLUMN "invoice_date" date;--> statement-breakpoint
ALTER TABLE "disputes" ADD COLUMN "due_date" date;--> statement-breakpoint
ALTER TABLE "disputes" ADD COLUMN "invoice_amount" numeric(14, 2);--> statement-breakpoint
UPDATE "disputes" d SET "inv_no" = i."inv_no", "invoice_date" = i."invoice_date", "due_date" = i."due_date",
  "invoice_amount" = i."amount"
  FROM "invoices" i WHERE i."id" = d."invoice_id";--> statement-breakpoint
CREATE TABLE "dispute_totals" (
	"customer_id" integer NOT NULL,
	"currency_code" text NOT NULL,
	"cust_dispute" boolean NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	"original_amount" numeric(20, 2) DEFAULT '0' NOT NULL,
	"disputed_amount" numeric(20, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "dispute_totals_customer_id_currency_code_cust_dispute_pk" PRIMARY KEY("customer_id","currency_code","cust_dispute")
);
--> statement-breakpoint
CREATE INDEX "disputes_grid_status" ON "disputes" USING btree ("customer_id","currency_code","status_code","created_at","id");--> statement-breakpoint
CREATE INDEX "disputes_grid_reason" ON "disputes" USING btree ("customer_id","currency_code","reason_code","created_at","id");--> statement-breakpoint
CREATE INDEX "disputes_grid_amount" ON "disputes" USING btree ("customer_id","currency_code","disputed_amount","id");--> statement-breakpoint
CREATE INDEX "disputes_grid_prob_no" ON "disputes" USING btree ("customer_id","currency_code","prob_no","id");--> statement-breakpoint
CREATE INDEX "disputes_grid_inv_no" ON "disputes" USING btree ("customer_id","currency_code","inv_no" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "disputes_grid_invoice_date" ON "disputes" USING btree ("customer_id","currency_code","invoice_date" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "disputes_grid_due_date" ON "disputes" USING btree ("customer_id","currency_code","due_date" NULLS FIRST,"id");--> statement-breakpoint
CREATE INDEX "disputes_grid_invoice_amount" ON "disputes" USING btree ("customer_id","currency_code","invoice_amount" NULLS FIRST,"id");--> statement-breakpoint
-- Whoever writes a dispute (the service, the integration, an operator), its invoice's fields come with it.
CREATE FUNCTION disputes_copy_invoice() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  SELECT i.inv_no, i.invoice_date, i.due_date, i.amount
    INTO NEW.inv_no, NEW.invoice_date, NEW.due_date, NEW.invoice_amount
    FROM invoices i WHERE i.id = NEW.invoice_id;
  IF NOT FOUND THEN
    NEW.inv_no := NULL; NEW.invoice_date := NULL; NEW.due_date := NULL; NEW.invoice_amount := NULL;
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER disputes_copy_invoice BEFORE INSERT OR UPDATE OF invoice_id, inv_no, invoice_date, due_date, invoice_amount
  ON disputes FOR EACH ROW EXECUTE FUNCTION disputes_copy_invoice();--> statement-breakpoint
-- Row-level with WHEN, so that the many invoice updates that leave these fields alone (payments,
-- promises, disputed amounts) cost nothing.
CREATE FUNCTION invoices_copy_to_disputes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE disputes SET inv_no = NEW.inv_no, invoice_date = NEW.invoice_date, due_date = NEW.due_date,
    invoice_amount = NEW.amount
    WHERE invoice_id = NEW.id;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER invoices_copy_to_disputes AFTER UPDATE OF inv_no, invoice_date, due_date, amount ON invoices
  FOR EACH ROW WHEN (OLD.inv_no IS DISTINCT FROM NEW.inv_no OR OLD.invoice_date IS DISTINCT FROM NEW.invoice_date
    OR OLD.due_date IS DISTINCT FROM NEW.due_date OR OLD.amount IS DISTINCT FROM NEW.amount)
  EXECUTE FUNCTION invoices_copy_to_disputes();--> statement-breakpoint
-- As invoice_totals (0009): statement-level with transition tables, groups applied in key order.
CREATE FUNCTION dispute_totals_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO dispute_totals AS t (customer_id, currency_code, cust_dispute, count, original_amount, disputed_amount)
    SELECT customer_id, currency_code, cust_dispute, sum(n), sum(original_amount), sum(disputed_amount)
    FROM (SELECT customer_id, currency_code, cust_dispute, 1, coalesce(invoice_amount, 0), disputed_amount FROM new_rows) AS delta (customer_id, currency_code, cust_dispute, n, original_amount, disputed_amount)
    GROUP BY customer_id, currency_code, cust_dispute
    HAVING sum(n) <> 0 OR sum(original_amount) <> 0 OR sum(disputed_amount) <> 0
    ORDER BY customer_id, currency_code, cust_dispute
    ON CONFLICT (customer_id, currency_code, cust_dispute) DO UPDATE SET
      count = t.count + excluded.count, original_amount = t.original_amount + excluded.original_amount,
      disputed_amount = t.disputed_amount + excluded.disputed_amount;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO dispute_totals AS t (customer_id, currency_code, cust_dispute, count, original_amount, disputed_amount)
    SELECT customer_id, currency_code, cust_dispute, sum(n), sum(original_amount), sum(disputed_amount)
    FROM (SELECT customer_id, currency_code, cust_dispute, 1, coalesce(invoice_amount, 0), disputed_amount FROM new_rows UNION ALL SELECT customer_id, currency_code, cust_dispute, -1, -coalesce(invoice_amount, 0), -disputed_amount FROM old_rows) AS delta (customer_id, currency_code, cust_dispute, n, original_amount, disputed_amount)
    GROUP BY customer_id, currency_code, cust_dispute
    HAVING sum(n) <> 0 OR sum(original_amount) <> 0 OR sum(disputed_amount) <> 0
    ORDER BY customer_id, currency_code, cust_dispute
    ON CONFLICT (customer_id, currency_code, cust_dispute) DO UPDATE SET
      count = t.count + excluded.count, original_amount = t.original_amount + excluded.original_amount,
      disputed_amount = t.disputed_amount + excluded.disputed_amount;
  ELSE
    INSERT INTO dispute_totals AS t (customer_id, currency_code, cust_dispute, count, original_amount, disputed_amount)
    SELECT customer_id, currency_code, cust_dispute, sum(n), sum(original_amount), sum(disputed_amount)
    FROM (SELECT customer_id, currency_code, cust_dispute, -1, -coalesce(invoice_amount, 0), -disputed_amount FROM old_rows) AS delta (customer_id, currency_code, cust_dispute, n, original_amount, disputed_amount)
    GROUP BY customer_id, currency_code, cust_dispute
    HAVING sum(n) <> 0 OR sum(original_amount) <> 0 OR sum(disputed_amount) <> 0
    ORDER BY customer_id, currency_code, cust_dispute
    ON CONFLICT (customer_id, currency_code, cust_dispute) DO UPDATE SET
      count = t.count + excluded.count, original_amount = t.original_amount + excluded.original_amount,
      disputed_amount = t.disputed_amount + excluded.disputed_amount;
  END IF;
  -- A group left empty is removed rather than kept at zero: only the groups the old rows name.
  IF TG_OP <> 'INSERT' THEN
    DELETE FROM dispute_totals t
    USING (SELECT DISTINCT customer_id, currency_code, cust_dispute FROM old_rows) AS o
    WHERE t.customer_id = o.customer_id AND t.currency_code = o.currency_code AND t.cust_dispute = o.cust_dispute
      AND t.count = 0;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER dispute_totals_insert AFTER INSERT ON disputes REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dispute_totals_apply();--> statement-breakpoint
CREATE TRIGGER dispute_totals_update AFTER UPDATE ON disputes REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dispute_totals_apply();--> statement-breakpoint
CREATE TRIGGER dispute_totals_delete AFTER DELETE ON disputes REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION dispute_totals_apply();--> statement-breakpoint
CREATE FUNCTION dispute_totals_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM dispute_totals;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER dispute_totals_truncate AFTER TRUNCATE ON disputes
  FOR EACH STATEMENT EXECUTE FUNCTION dispute_totals_clear();--> statement-breakpoint
INSERT INTO dispute_totals (customer_id, currency_code, cust_dispute, count, original_amount, disputed_amount)
  SELECT customer_id, currency_code, cust_dispute, count(*), coalesce(sum(invoice_amount), 0), sum(disputed_amount)
  FROM disputes GROUP BY customer_id, currency_code, cust_dispute;
