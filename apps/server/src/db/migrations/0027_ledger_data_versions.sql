ALTER TABLE "invoice_version_bumps" ADD COLUMN "data" boolean DEFAULT true NOT NULL;--> statement-breakpoint
ALTER TABLE "invoice_versions" ADD COLUMN "data_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
-- A second number per group, new only when a write changed more than the payment and promise
-- marks (promise, promised_amount, next_followup_date, payment_pending, payment_pending_amount):
-- a filtered list's totals that name none of them stay current across promises and payment starts,
-- the writes people make most (the soak: about five a second per account, where the sums move about
-- once). Compared row by row as jsonb less those marks, so a column added later counts as data.
UPDATE "invoice_versions" SET "data_version" = "version";--> statement-breakpoint
CREATE OR REPLACE FUNCTION invoice_versions_note() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  marks constant text[] := array['promise', 'promised_amount', 'next_followup_date', 'payment_pending', 'payment_pending_amount'];
  data_changed boolean := true;
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO invoice_version_bumps (transaction_id, customer_id, currency_code, status, data)
    SELECT DISTINCT pg_current_xact_id()::text, customer_id, tran_currency_code, status, true FROM new_rows
    ON CONFLICT (transaction_id, customer_id, currency_code, status) DO UPDATE SET data = true;
  ELSIF TG_OP = 'UPDATE' THEN
    -- A bulk statement (a ledger load) counts as data whatever it changed: not worth comparing.
    IF (SELECT count(*) FROM new_rows) <= 1000 THEN
      data_changed := EXISTS (
        SELECT 1 FROM old_rows o JOIN new_rows n ON n.id = o.id
        WHERE (to_jsonb(o) - marks) IS DISTINCT FROM (to_jsonb(n) - marks));
    END IF;
    INSERT INTO invoice_version_bumps (transaction_id, customer_id, currency_code, status, data)
    SELECT pg_current_xact_id()::text, customer_id, tran_currency_code, status, data_changed
    FROM (SELECT customer_id, tran_currency_code, status FROM new_rows
          UNION SELECT customer_id, tran_currency_code, status FROM old_rows) AS written
    ON CONFLICT (transaction_id, customer_id, currency_code, status)
      DO UPDATE SET data = invoice_version_bumps.data OR excluded.data;
  ELSE
    INSERT INTO invoice_version_bumps (transaction_id, customer_id, currency_code, status, data)
    SELECT DISTINCT pg_current_xact_id()::text, customer_id, tran_currency_code, status, true FROM old_rows
    ON CONFLICT (transaction_id, customer_id, currency_code, status) DO UPDATE SET data = true;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
-- data_version -1 in the row offered means "keep the group's": a group is always made by a data
-- write (invoices inserted or moved into it), so only an update of marks offers -1.
CREATE OR REPLACE FUNCTION invoice_versions_apply() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  transaction text := pg_current_xact_id()::text;
BEGIN
  IF NOT EXISTS (SELECT 1 FROM invoice_version_bumps WHERE transaction_id = transaction) THEN
    RETURN NULL;
  END IF;
  INSERT INTO invoice_versions AS v (customer_id, currency_code, status, version, data_version)
  SELECT customer_id, currency_code, status, nextval('invoice_versions_seq'),
    CASE WHEN data THEN nextval('invoice_versions_seq') ELSE -1 END
  FROM invoice_version_bumps WHERE transaction_id = transaction
  ORDER BY customer_id, currency_code, status
  ON CONFLICT (customer_id, currency_code, status) DO UPDATE SET
    version = excluded.version,
    data_version = CASE WHEN excluded.data_version = -1 THEN v.data_version ELSE excluded.data_version END;
  DELETE FROM invoice_version_bumps WHERE transaction_id = transaction;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE OR REPLACE FUNCTION invoice_versions_truncate() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  UPDATE invoice_versions SET version = nextval('invoice_versions_seq'), data_version = nextval('invoice_versions_seq');
  RETURN NULL;
END $$;
