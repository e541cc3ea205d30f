CREATE TABLE "payment_approval_lines" (
	"approval_id" integer NOT NULL,
	"invoice_id" integer NOT NULL,
	"inv_no" text NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"short_pay_reason" text,
	CONSTRAINT "payment_approval_lines_approval_id_invoice_id_pk" PRIMARY KEY("approval_id","invoice_id")
);
--> statement-breakpoint
CREATE TABLE "payment_approval_policies" (
	"tenant_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"currency_code" text NOT NULL,
	"threshold" numeric(14, 2) NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_approval_policies_customer_id_currency_code_pk" PRIMARY KEY("customer_id","currency_code"),
	CONSTRAINT "approval_policy_threshold" CHECK ("payment_approval_policies"."threshold" >= 0)
);
--> statement-breakpoint
CREATE TABLE "payment_approvals" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"cust_no" text NOT NULL,
	"currency_code" text NOT NULL,
	"cart_id" integer NOT NULL,
	"requested_by" integer NOT NULL,
	"requester_name" text NOT NULL,
	"payment_type" text NOT NULL,
	"payment_profile_id" integer NOT NULL,
	"amount" numeric(14, 2) NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"decided_by" integer,
	"decider_name" text,
	"decided_at" timestamp with time zone,
	"reason" text,
	"payment_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_approvals_second_user" CHECK ("payment_approvals"."decided_by" is null or "payment_approvals"."decided_by" <> "payment_approvals"."requested_by"),
	CONSTRAINT "payment_approvals_amount" CHECK ("payment_approvals"."amount" > 0)
);
--> statement-breakpoint
ALTER TABLE "user_customers" ADD COLUMN "approver" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "payment_approval_lines" ADD CONSTRAINT "payment_approval_lines_approval_id_payment_approvals_id_fk" FOREIGN KEY ("approval_id") REFERENCES "public"."payment_approvals"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_approval_lines" ADD CONSTRAINT "payment_approval_lines_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_approval_policies" ADD CONSTRAINT "payment_approval_policies_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_approval_policies" ADD CONSTRAINT "payment_approval_policies_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_approvals" ADD CONSTRAINT "payment_approvals_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_approvals" ADD CONSTRAINT "payment_approvals_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_approvals" ADD CONSTRAINT "payment_approvals_cart_id_payment_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."payment_carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_approvals" ADD CONSTRAINT "payment_approvals_requested_by_users_id_fk" FOREIGN KEY ("requested_by") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_approvals" ADD CONSTRAINT "payment_approvals_payment_profile_id_payment_profiles_id_fk" FOREIGN KEY ("payment_profile_id") REFERENCES "public"."payment_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_approvals" ADD CONSTRAINT "payment_approvals_decided_by_users_id_fk" FOREIGN KEY ("decided_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_approvals" ADD CONSTRAINT "payment_approvals_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "payment_approval_lines_invoice" ON "payment_approval_lines" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "payment_approvals_customer" ON "payment_approvals" USING btree ("customer_id","status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_approvals_one_pending_per_cart" ON "payment_approvals" USING btree ("cart_id") WHERE status = 'PENDING';--> statement-breakpoint
CREATE UNIQUE INDEX "payment_approvals_one_payment" ON "payment_approvals" USING btree ("payment_id");--> statement-breakpoint
-- A cart waiting for approval takes no new line, whichever code path tries (issue 18). Removals are
-- refused by the cart service; lines still leave when the ledger closes their invoice.
CREATE FUNCTION payment_cart_lines_locked() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF EXISTS (SELECT 1 FROM payment_approvals WHERE cart_id = NEW.cart_id AND status = 'PENDING') THEN
    RAISE EXCEPTION 'cart % is waiting for approval', NEW.cart_id USING ERRCODE = 'P0001', HINT = 'CART_LOCKED';
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER payment_cart_lines_locked BEFORE INSERT ON payment_cart_lines
  FOR EACH ROW EXECUTE FUNCTION payment_cart_lines_locked();
