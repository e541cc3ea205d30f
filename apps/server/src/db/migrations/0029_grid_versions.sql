-- The dispute and payment-log grids get what the invoice grid has had since 0025: a number per
-- customer and currency, new at the commit of every transaction that wrote what their rows show,
-- so that the grid answer cache (modules/grid-cache) can give a page again while it is unchanged.
-- They are groups of invoice_versions with a status of their own ('disputes', 'payments'; an
-- invoice's status is 'O' or 'C'), noted in invoice_version_bumps and applied at commit by 0025's
-- deferred trigger: one table and one function take every group's row lock, in key order, so a
-- transaction writing invoices and disputes (a dispute's creation) cannot meet another that took
-- the same rows the other way round. These groups have no data_version of their own use: every
-- write counts (data = true).
--
-- What a dispute row shows: the dispute, its latest exposed notes, its reason's description (the
-- tenant's reason codes) and its invoice (whose groups' data_version the grid's validator reads).
-- What a payment-log row shows: the payment and the count of its lines.
CREATE FUNCTION grid_versions_note() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- TG_ARGV[0]: the group's status; the table has customer_id and currency_code.
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO invoice_version_bumps (transaction_id, customer_id, currency_code, status, data)
    SELECT DISTINCT pg_current_xact_id()::text, customer_id, currency_code, TG_ARGV[0], true FROM new_rows
    ON CONFLICT DO NOTHING;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO invoice_version_bumps (transaction_id, customer_id, currency_code, status, data)
    SELECT DISTINCT pg_current_xact_id()::text, customer_id, currency_code, TG_ARGV[0], true FROM old_rows
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER grid_versions_insert AFTER INSERT ON disputes REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION grid_versions_note('disputes');--> statement-breakpoint
CREATE TRIGGER grid_versions_update AFTER UPDATE ON disputes REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION grid_versions_note('disputes');--> statement-breakpoint
CREATE TRIGGER grid_versions_delete AFTER DELETE ON disputes REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION grid_versions_note('disputes');--> statement-breakpoint
CREATE TRIGGER grid_versions_insert AFTER INSERT ON payments REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION grid_versions_note('payments');--> statement-breakpoint
CREATE TRIGGER grid_versions_update AFTER UPDATE ON payments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION grid_versions_note('payments');--> statement-breakpoint
CREATE TRIGGER grid_versions_delete AFTER DELETE ON payments REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION grid_versions_note('payments');--> statement-breakpoint
-- A dispute's notes: the group of the dispute they belong to.
CREATE FUNCTION grid_versions_note_dispute_notes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO invoice_version_bumps (transaction_id, customer_id, currency_code, status, data)
    SELECT DISTINCT pg_current_xact_id()::text, d.customer_id, d.currency_code, 'disputes', true
    FROM new_rows n JOIN disputes d ON d.id = n.dispute_id
    ON CONFLICT DO NOTHING;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO invoice_version_bumps (transaction_id, customer_id, currency_code, status, data)
    SELECT DISTINCT pg_current_xact_id()::text, d.customer_id, d.currency_code, 'disputes', true
    FROM old_rows n JOIN disputes d ON d.id = n.dispute_id
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER grid_versions_insert AFTER INSERT ON dispute_notes REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION grid_versions_note_dispute_notes();--> statement-breakpoint
CREATE TRIGGER grid_versions_update AFTER UPDATE ON dispute_notes REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION grid_versions_note_dispute_notes();--> statement-breakpoint
CREATE TRIGGER grid_versions_delete AFTER DELETE ON dispute_notes REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION grid_versions_note_dispute_notes();--> statement-breakpoint
-- A payment's lines: the group of their payment (the log shows how many it has).
CREATE FUNCTION grid_versions_note_payment_lines() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP IN ('INSERT', 'UPDATE') THEN
    INSERT INTO invoice_version_bumps (transaction_id, customer_id, currency_code, status, data)
    SELECT DISTINCT pg_current_xact_id()::text, p.customer_id, p.currency_code, 'payments', true
    FROM new_rows l JOIN payments p ON p.id = l.payment_id
    ON CONFLICT DO NOTHING;
  END IF;
  IF TG_OP IN ('UPDATE', 'DELETE') THEN
    INSERT INTO invoice_version_bumps (transaction_id, customer_id, currency_code, status, data)
    SELECT DISTINCT pg_current_xact_id()::text, p.customer_id, p.currency_code, 'payments', true
    FROM old_rows l JOIN payments p ON p.id = l.payment_id
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER grid_versions_insert AFTER INSERT ON payment_lines REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION grid_versions_note_payment_lines();--> statement-breakpoint
CREATE TRIGGER grid_versions_update AFTER UPDATE ON payment_lines REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION grid_versions_note_payment_lines();--> statement-breakpoint
CREATE TRIGGER grid_versions_delete AFTER DELETE ON payment_lines REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION grid_versions_note_payment_lines();--> statement-breakpoint
-- A reason code's description: a number per tenant (dispute_reason_versions), new whenever a
-- description a dispute could show changed (a nightly load that sends the same codes again, or only
-- moves them in the dropdown, renews nothing). The dispute grid's validator reads it beside the
-- group's. Not a bump of the groups with a dispute of that code: a dispute committed while the
-- change runs would not be seen by it, and its customer's page would keep the old description.
-- Taken at once, not at commit: only these rare writes lock the tenant's row.
CREATE TABLE "dispute_reason_versions" (
	"tenant_id" integer PRIMARY KEY NOT NULL,
	"version" bigint NOT NULL
);
--> statement-breakpoint
ALTER TABLE "dispute_reason_versions" ADD CONSTRAINT "dispute_reason_versions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE FUNCTION grid_versions_note_reason_codes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO dispute_reason_versions AS v (tenant_id, version)
    SELECT tenant_id, nextval('invoice_versions_seq') FROM (SELECT DISTINCT tenant_id FROM new_rows) AS written
    ORDER BY tenant_id
    ON CONFLICT (tenant_id) DO UPDATE SET version = nextval('invoice_versions_seq');
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO dispute_reason_versions AS v (tenant_id, version)
    SELECT tenant_id, nextval('invoice_versions_seq') FROM (
      SELECT DISTINCT tenant_id FROM (
        (SELECT tenant_id, code, description FROM new_rows EXCEPT SELECT tenant_id, code, description FROM old_rows)
        UNION
        (SELECT tenant_id, code, description FROM old_rows EXCEPT SELECT tenant_id, code, description FROM new_rows)
      ) AS changed) AS written
    ORDER BY tenant_id
    ON CONFLICT (tenant_id) DO UPDATE SET version = nextval('invoice_versions_seq');
  ELSE
    INSERT INTO dispute_reason_versions AS v (tenant_id, version)
    -- Not for a tenant being deleted (its codes go with it, by cascade).
    SELECT tenant_id, nextval('invoice_versions_seq') FROM (SELECT DISTINCT tenant_id FROM old_rows) AS written
    WHERE EXISTS (SELECT 1 FROM tenants t WHERE t.id = written.tenant_id)
    ORDER BY tenant_id
    ON CONFLICT (tenant_id) DO UPDATE SET version = nextval('invoice_versions_seq');
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER grid_versions_insert AFTER INSERT ON dispute_reason_codes REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION grid_versions_note_reason_codes();--> statement-breakpoint
CREATE TRIGGER grid_versions_update AFTER UPDATE ON dispute_reason_codes REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION grid_versions_note_reason_codes();--> statement-breakpoint
CREATE TRIGGER grid_versions_delete AFTER DELETE ON dispute_reason_codes REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION grid_versions_note_reason_codes();--> statement-breakpoint
CREATE FUNCTION grid_versions_truncate_reason_codes() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE dispute_reason_versions SET version = nextval('invoice_versions_seq');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER grid_versions_truncate AFTER TRUNCATE ON dispute_reason_codes
  FOR EACH STATEMENT EXECUTE FUNCTION grid_versions_truncate_reason_codes();--> statement-breakpoint
-- TRUNCATE takes a table whole: every group of its kind gets a new number there and then. Every
-- group with something to lose has a row: made by the first write, or below for what was written
-- before this migration.
CREATE FUNCTION grid_versions_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE invoice_versions SET version = nextval('invoice_versions_seq'), data_version = nextval('invoice_versions_seq')
  WHERE status = TG_ARGV[0];
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER grid_versions_truncate AFTER TRUNCATE ON disputes
  FOR EACH STATEMENT EXECUTE FUNCTION grid_versions_truncate('disputes');--> statement-breakpoint
CREATE TRIGGER grid_versions_truncate AFTER TRUNCATE ON dispute_notes
  FOR EACH STATEMENT EXECUTE FUNCTION grid_versions_truncate('disputes');--> statement-breakpoint
CREATE TRIGGER grid_versions_truncate AFTER TRUNCATE ON payments
  FOR EACH STATEMENT EXECUTE FUNCTION grid_versions_truncate('payments');--> statement-breakpoint
CREATE TRIGGER grid_versions_truncate AFTER TRUNCATE ON payment_lines
  FOR EACH STATEMENT EXECUTE FUNCTION grid_versions_truncate('payments');--> statement-breakpoint
INSERT INTO invoice_versions (customer_id, currency_code, status, version, data_version)
  SELECT customer_id, currency_code, status, nextval('invoice_versions_seq'), nextval('invoice_versions_seq') FROM (
    SELECT DISTINCT customer_id, currency_code, 'disputes' AS status FROM disputes
    UNION SELECT DISTINCT customer_id, currency_code, 'payments' FROM payments) AS groups
  ORDER BY customer_id, currency_code, status;--> statement-breakpoint
INSERT INTO dispute_reason_versions (tenant_id, version)
  SELECT tenant_id, nextval('invoice_versions_seq') FROM (SELECT DISTINCT tenant_id FROM dispute_reason_codes) AS tenants
  ORDER BY tenant_id;
