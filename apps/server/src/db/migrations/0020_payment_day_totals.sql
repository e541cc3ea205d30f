-- The payment log grid's totals without counting the selection (issue 15): per customer, currency
-- and UTC day of creation (the date ranges are UTC days, shared/rules/payment-log-dates.ts), kept by
-- statement-level triggers on payments in the writer's transaction, as invoice_totals (0009).
CREATE TABLE "payment_day_totals" (
	"customer_id" integer NOT NULL,
	"currency_code" text NOT NULL,
	"day" date NOT NULL,
	"count" bigint DEFAULT 0 NOT NULL,
	"succeeded_count" bigint DEFAULT 0 NOT NULL,
	"succeeded_total" numeric(20, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "payment_day_totals_customer_id_currency_code_day_pk" PRIMARY KEY("customer_id","currency_code","day")
);
--> statement-breakpoint
-- Only the transition tables the event has are named in its branch (plpgsql plans a branch when it runs).
CREATE FUNCTION payment_day_totals_apply() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'INSERT' THEN
    INSERT INTO payment_day_totals AS t (customer_id, currency_code, day, count, succeeded_count, succeeded_total)
    SELECT customer_id, currency_code, day, sum(n), sum(s), sum(total)
    FROM (SELECT customer_id, currency_code, (created_at AT TIME ZONE 'UTC')::date, 1, CASE WHEN status = 'SUCCESS' THEN 1 ELSE 0 END, CASE WHEN status = 'SUCCESS' THEN total ELSE 0 END FROM new_rows) AS delta (customer_id, currency_code, day, n, s, total)
    GROUP BY customer_id, currency_code, day
    HAVING sum(n) <> 0 OR sum(s) <> 0 OR sum(total) <> 0
    ORDER BY customer_id, currency_code, day
    ON CONFLICT (customer_id, currency_code, day) DO UPDATE SET
      count = t.count + excluded.count, succeeded_count = t.succeeded_count + excluded.succeeded_count,
      succeeded_total = t.succeeded_total + excluded.succeeded_total;
  ELSIF TG_OP = 'UPDATE' THEN
    INSERT INTO payment_day_totals AS t (customer_id, currency_code, day, count, succeeded_count, succeeded_total)
    SELECT customer_id, currency_code, day, sum(n), sum(s), sum(total)
    FROM (SELECT customer_id, currency_code, (created_at AT TIME ZONE 'UTC')::date, 1, CASE WHEN status = 'SUCCESS' THEN 1 ELSE 0 END, CASE WHEN status = 'SUCCESS' THEN total ELSE 0 END FROM new_rows UNION ALL SELECT customer_id, currency_code, (created_at AT TIME ZONE 'UTC')::date, -1, CASE WHEN status = 'SUCCESS' THEN -1 ELSE 0 END, CASE WHEN status = 'SUCCESS' THEN -total ELSE 0 END FROM old_rows) AS delta (customer_id, currency_code, day, n, s, total)
    GROUP BY customer_id, currency_code, day
    HAVING sum(n) <> 0 OR sum(s) <> 0 OR sum(total) <> 0
    ORDER BY customer_id, currency_code, day
    ON CONFLICT (customer_id, currency_code, day) DO UPDATE SET
      count = t.count + excluded.count, succeeded_count = t.succeeded_count + excluded.succeeded_count,
      succeeded_total = t.succeeded_total + excluded.succeeded_total;
  ELSE
    INSERT INTO payment_day_totals AS t (customer_id, currency_code, day, count, succeeded_count, succeeded_total)
    SELECT customer_id, currency_code, day, sum(n), sum(s), sum(total)
    FROM (SELECT customer_id, currency_code, (created_at AT TIME ZONE 'UTC')::date, -1, CASE WHEN status = 'SUCCESS' THEN -1 ELSE 0 END, CASE WHEN status = 'SUCCESS' THEN -total ELSE 0 END FROM old_rows) AS delta (customer_id, currency_code, day, n, s, total)
    GROUP BY customer_id, currency_code, day
    HAVING sum(n) <> 0 OR sum(s) <> 0 OR sum(total) <> 0
    ORDER BY customer_id, currency_code, day
    ON CONFLICT (customer_id, currency_code, day) DO UPDATE SET
      count = t.count + excluded.count, succeeded_count = t.succeeded_count + excluded.succeeded_count,
      succeeded_total = t.succeeded_total + excluded.succeeded_total;
  END IF;
  -- A day left empty (its payments deleted or moved) is removed rather than kept at zero: only the
  -- days the old rows name are looked at, by primary key.
  IF TG_OP <> 'INSERT' THEN
    DELETE FROM payment_day_totals t
    USING (SELECT DISTINCT customer_id, currency_code, (created_at AT TIME ZONE 'UTC')::date AS day FROM old_rows) AS o
    WHERE t.customer_id = o.customer_id AND t.currency_code = o.currency_code AND t.day = o.day AND t.count = 0;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER payment_day_totals_insert AFTER INSERT ON payments REFERENCING NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION payment_day_totals_apply();--> statement-breakpoint
CREATE TRIGGER payment_day_totals_update AFTER UPDATE ON payments REFERENCING OLD TABLE AS old_rows NEW TABLE AS new_rows
  FOR EACH STATEMENT EXECUTE FUNCTION payment_day_totals_apply();--> statement-breakpoint
CREATE TRIGGER payment_day_totals_delete AFTER DELETE ON payments REFERENCING OLD TABLE AS old_rows
  FOR EACH STATEMENT EXECUTE FUNCTION payment_day_totals_apply();--> statement-breakpoint
CREATE FUNCTION payment_day_totals_clear() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM payment_day_totals;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER payment_day_totals_truncate AFTER TRUNCATE ON payments
  FOR EACH STATEMENT EXECUTE FUNCTION payment_day_totals_clear();--> statement-breakpoint
INSERT INTO payment_day_totals (customer_id, currency_code, day, count, succeeded_count, succeeded_total)
  SELECT customer_id, currency_code, (created_at AT TIME ZONE 'UTC')::date, count(*),
    count(*) FILTER (WHERE status = 'SUCCESS'), coalesce(sum(total) FILTER (WHERE status = 'SUCCESS'), 0)
  FROM payments GROUP BY 1, 2, 3;
