CREATE TABLE "autopay_log" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"rule_id" integer,
	"currency_code" text NOT NULL,
	"run_date" date NOT NULL,
	"kind" text NOT NULL,
	"reason" text,
	"invoice_id" integer,
	"inv_no" text,
	"amount" numeric(14, 2),
	"payment_id" integer,
	"once_key" text NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "autopay_log_once_key_unique" UNIQUE("once_key")
);
--> statement-breakpoint
CREATE TABLE "autopay_rules" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"cust_no" text NOT NULL,
	"user_id" integer NOT NULL,
	"currency_code" text NOT NULL,
	"payment_profile_id" integer NOT NULL,
	"days_before" integer DEFAULT 0 NOT NULL,
	"max_amount" numeric(14, 2),
	"max_failures" integer DEFAULT 3 NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"failures" integer DEFAULT 0 NOT NULL,
	"stopped_reason" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "autopay_rules_one_per_currency" UNIQUE("user_id","customer_id","currency_code"),
	CONSTRAINT "autopay_rules_days_before" CHECK ("autopay_rules"."days_before" between 0 and 30),
	CONSTRAINT "autopay_rules_max_failures" CHECK ("autopay_rules"."max_failures" between 1 and 10),
	CONSTRAINT "autopay_rules_max_amount" CHECK ("autopay_rules"."max_amount" is null or "autopay_rules"."max_amount" > 0)
);
--> statement-breakpoint
CREATE TABLE "autopay_runs" (
	"rule_id" integer NOT NULL,
	"run_date" date NOT NULL,
	"customer_id" integer NOT NULL,
	"status" text NOT NULL,
	"payment_id" integer,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "autopay_runs_rule_id_run_date_pk" PRIMARY KEY("rule_id","run_date")
);
--> statement-breakpoint
CREATE TABLE "autopay_skips" (
	"rule_id" integer NOT NULL,
	"invoice_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "autopay_skips_rule_id_invoice_id_pk" PRIMARY KEY("rule_id","invoice_id")
);
--> statement-breakpoint
ALTER TABLE "autopay_log" ADD CONSTRAINT "autopay_log_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autopay_log" ADD CONSTRAINT "autopay_log_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autopay_log" ADD CONSTRAINT "autopay_log_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autopay_log" ADD CONSTRAINT "autopay_log_rule_id_autopay_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."autopay_rules"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autopay_log" ADD CONSTRAINT "autopay_log_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autopay_log" ADD CONSTRAINT "autopay_log_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autopay_rules" ADD CONSTRAINT "autopay_rules_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autopay_rules" ADD CONSTRAINT "autopay_rules_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autopay_rules" ADD CONSTRAINT "autopay_rules_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autopay_rules" ADD CONSTRAINT "autopay_rules_payment_profile_id_payment_profiles_id_fk" FOREIGN KEY ("payment_profile_id") REFERENCES "public"."payment_profiles"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autopay_runs" ADD CONSTRAINT "autopay_runs_rule_id_autopay_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."autopay_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autopay_runs" ADD CONSTRAINT "autopay_runs_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autopay_runs" ADD CONSTRAINT "autopay_runs_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autopay_skips" ADD CONSTRAINT "autopay_skips_rule_id_autopay_rules_id_fk" FOREIGN KEY ("rule_id") REFERENCES "public"."autopay_rules"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autopay_skips" ADD CONSTRAINT "autopay_skips_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autopay_skips" ADD CONSTRAINT "autopay_skips_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "autopay_skips" ADD CONSTRAINT "autopay_skips_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "autopay_log_owner" ON "autopay_log" USING btree ("user_id","customer_id","currency_code","id");--> statement-breakpoint
CREATE INDEX "autopay_rules_active" ON "autopay_rules" USING btree ("id") WHERE status = 'ACTIVE';