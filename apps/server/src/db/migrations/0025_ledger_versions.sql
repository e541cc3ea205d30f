-- A version per group of invoice_totals (customer, currency, status), new at every write to the
-- group's invoices: a grid page read while it is unchanged is still the page (the response cache of
-- modules/grid-cache is checked against it on every call, in the session's own statement). From a
-- sequence, so that a group removed and made again never repeats a number. The trigger now
-- touches every group a statement wrote, not only those whose sums moved (a promise, a PO number
-- or a term changed moves no sum but changes the page); it already locked those groups in key
-- order for the sums, so no writer waits on a new lock order.
CREATE SEQUENCE IF NOT EXISTS "invoice_totals_version";--> statement-breakpoint
ALTER TABLE "invoice_totals" ADD COLUMN "version" bigint DEFAULT nextval('invoice_totals_version') NOT NULL;--> statement-breakpoint
CREATE OR REPLACE FUNCTION invoice_totals_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO invoice_totals AS t (customer_id, currency_code, status, count, amount, balance, dispute_amount, paid_amount)
    SELECT customer_id, currency_code, status, sum(n), sum(amount), sum(balance), sum(dispute_amount), sum(paid_amount)
    FROM (SELECT customer_id, tran_currency_code, status, 1, amount, balance, dispute_amount, paid_amount FROM new_rows) AS delta (customer_id, currency_code, status, n, amount, balance, dispute_amount, paid_amount)
    GROUP BY customer_id, currency_code, status
    ORDER BY customer_id, currency_code, status
    ON CONFLICT (customer_id, currency_code, status) DO UPDATE SET
      count = t.count + excluded.count, amount = t.amount + excluded.amount, balance = t.balance + excluded.balance,
      dispute_amount = t.dispute_amount + excluded.dispute_amount, paid_amount = t.paid_amount + excluded.paid_amount,
      version = nextval('invoice_totals_version');
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO invoice_totals AS t (customer_id, currency_code, status, count, amount, balance, dispute_amount, paid_amount)
    SELECT customer_id, currency_code, status, sum(n), sum(amount), sum(balance), sum(dispute_amount), sum(paid_amount)
    FROM (SELECT customer_id, tran_currency_code, status, 1, amount, balance, dispute_amount, paid_amount FROM new_rows UNION ALL SELECT customer_id, tran_currency_code, status, -1, -amount, -balance, -dispute_amount, -paid_amount FROM old_rows) AS delta (customer_id, currency_code, status, n, amount, balance, dispute_amount, paid_amount)
    GROUP BY customer_id, currency_code, status
    ORDER BY customer_id, currency_code, status
    ON CONFLICT (customer_id, currency_code, status) DO UPDATE SET
      count = t.count + excluded.count, amount = t.amount + excluded.amount, balance = t.balance + excluded.balance,
      dispute_amount = t.dispute_amount + excluded.dispute_amount, paid_amount = t.paid_amount + excluded.paid_amount,
      version = nextval('invoice_totals_version');
  ELSE
    INSERT INTO invoice_totals AS t (customer_id, currency_code, status, count, amount, balance, dispute_amount, paid_amount)
    SELECT customer_id, currency_code, status, sum(n), sum(amount), sum(balance), sum(dispute_amount), sum(paid_amount)
    FROM (SELECT customer_id, tran_currency_code, status, -1, -amount, -balance, -dispute_amount, -paid_amount FROM old_rows) AS delta (customer_id, currency_code, status, n, amount, balance, dispute_amount, paid_amount)
    GROUP BY customer_id, currency_code, status
    ORDER BY customer_id, currency_code, status
    ON CONFLICT (customer_id, currency_code, status) DO UPDATE SET
      count = t.count + excluded.count, amount = t.amount + excluded.amount, balance = t.balance + excluded.balance,
      dispute_amount = t.dispute_amount + excluded.dispute_amount, paid_amount = t.paid_amount + excluded.paid_amount,
      version = nextval('invoice_totals_version');
  END IF;
  -- A group left empty (its last invoice deleted or moved) is removed rather than kept at zero.
  DELETE FROM invoice_totals WHERE count = 0;
  RETURN NULL;
END $$;--> statement-breakpoint
