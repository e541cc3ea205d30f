CREATE TABLE "invoice_version_bumps" (
	"transaction_id" text NOT NULL,
	"customer_id" integer NOT NULL,
	"currency_code" text NOT NULL,
	"status" text NOT NULL,
	CONSTRAINT "invoice_version_bumps_transaction_id_customer_id_currency_code_status_pk" PRIMARY KEY("transaction_id","customer_id","currency_code","status")
);
--> statement-breakpoint
CREATE TABLE "invoice_versions" (
	"customer_id" integer NOT NULL,
	"currency_code" text NOT NULL,
	"status" text NOT NULL,
	"version" bigint NOT NULL,
	CONSTRAINT "invoice_versions_customer_id_currency_code_status_pk" PRIMARY KEY("customer_id","currency_code","status")
);
--> statement-breakpoint
-- What a grid call read of a group of invoices (customer, currency, status) is current while the
-- group's number in invoice_versions is unchanged (the response cache of modules/grid-cache checks
-- it on every call, in the session's own statement). Every writer bumps it, whoever writes
-- (services, ledger loads, an operator's SQL): statement triggers note the groups a transaction
-- wrote, and a deferred trigger gives each a new number from a sequence at the transaction's
-- commit. At commit, so that these row locks are the last a writer takes, in key order, holding
-- nothing it could still wait on: taken during the transaction (in the statement trigger, as the
-- first version of this did beside invoice_totals), a payment start holding a group's row met a
-- settlement holding the day's payment totals, and each waited on the other. Numbers come from a
-- sequence and are applied under the group's row lock, so they grow in the order of the commits.
CREATE SEQUENCE "invoice_versions_seq";--> statement-breakpoint
CREATE FUNCTION invoice_versions_note() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO invoice_version_bumps (transaction_id, customer_id, currency_code, status)
    SELECT DISTINCT pg_current_xact_id()::text, customer_id, tran_currency_code, status FROM new_rows
    ON CONFLICT DO NOTHING;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO invoice_version_bumps (transaction_id, customer_id, currency_code, status)
    SELECT pg_current_xact_id()::text, customer_id, tran_currency_code, status
    FROM (SELECT customer_id, tran_currency_code, status FROM new_rows
          UNION SELECT customer_id, tran_currency_code, status FROM old_rows) AS written
    ON CONFLICT DO NOTHING;
  ELSE
    INSERT INTO invoice_version_bumps (transaction_id, customer_id, currency_code, status)
    SELECT DISTINCT pg_current_xact_id()::text, customer_id, tran_currency_code, status FROM old_rows
    ON CONFLICT DO NOTHING;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER invoice_versions_insert AFTER INSERT ON invoices REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION invoice_versions_note();--> statement-breakpoint
CREATE TRIGGER invoice_versions_update AFTER UPDATE ON invoices REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION invoice_versions_note();--> statement-breakpoint
CREATE TRIGGER invoice_versions_delete AFTER DELETE ON invoices REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION invoice_versions_note();--> statement-breakpoint
-- The first of a transaction's deferred calls applies all its groups, in key order; the others
-- find nothing left to do.
CREATE FUNCTION invoice_versions_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  transaction text := pg_current_xact_id()::text;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM invoice_version_bumps WHERE transaction_id = transaction) THEN
    RETURN NULL;
  END IF;
  INSERT INTO invoice_versions AS v (customer_id, currency_code, status, version)
  SELECT customer_id, currency_code, status, nextval('invoice_versions_seq')
  FROM invoice_version_bumps WHERE transaction_id = transaction
  ORDER BY customer_id, currency_code, status
  ON CONFLICT (customer_id, currency_code, status) DO UPDATE SET version = nextval('invoice_versions_seq');
  DELETE FROM invoice_version_bumps WHERE transaction_id = transaction;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE CONSTRAINT TRIGGER invoice_versions_at_commit AFTER INSERT ON invoice_version_bumps
  DEFERRABLE INITIALLY DEFERRED FOR EACH ROW EXECUTE FUNCTION invoice_versions_apply();--> statement-breakpoint
-- TRUNCATE takes the table whole and at once: every group gets a new number there and then.
CREATE FUNCTION invoice_versions_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE invoice_versions SET version = nextval('invoice_versions_seq');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER invoice_versions_truncate AFTER TRUNCATE ON invoices
  FOR EACH STATEMENT EXECUTE FUNCTION invoice_versions_truncate();--> statement-breakpoint
INSERT INTO invoice_versions (customer_id, currency_code, status, version)
  SELECT customer_id, currency_code, status, nextval('invoice_versions_seq') FROM invoice_totals
  ORDER BY customer_id, currency_code, status;
