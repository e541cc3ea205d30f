CREATE TABLE "idempotency_keys" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"key" text NOT NULL,
	"request_hash" text NOT NULL,
	"response_status" integer,
	"response_body" text,
	"response_type" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"completed_at" timestamp with time zone,
	CONSTRAINT "idempotency_keys_owner_key" UNIQUE("tenant_id","user_id","key")
);
--> statement-breakpoint
CREATE TABLE "payment_configs" (
	"tenant_id" integer NOT NULL,
	"flow" text NOT NULL,
	"currency_code" text NOT NULL,
	"allow_credit_card" boolean DEFAULT false NOT NULL,
	"allow_credit_card_profile" boolean DEFAULT false NOT NULL,
	"allow_debit_card" boolean DEFAULT false NOT NULL,
	"allow_debit_card_profile" boolean DEFAULT false NOT NULL,
	"allow_echeck" boolean DEFAULT false NOT NULL,
	"allow_echeck_profile" boolean DEFAULT false NOT NULL,
	"allow_combined" boolean DEFAULT true NOT NULL,
	"contract_number_required" boolean DEFAULT false NOT NULL,
	"elements" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"note_max_size" integer DEFAULT 100 NOT NULL,
	CONSTRAINT "payment_configs_tenant_id_flow_currency_code_pk" PRIMARY KEY("tenant_id","flow","currency_code")
);
--> statement-breakpoint
CREATE TABLE "payment_events" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"event" text NOT NULL,
	"detail" text,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"payment_id" integer NOT NULL,
	"invoice_id" integer NOT NULL,
	"inv_no" text NOT NULL,
	"amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"short_pay_reason" text,
	"in_flight" boolean DEFAULT true NOT NULL
);
--> statement-breakpoint
CREATE TABLE "payment_notifications" (
	"id" serial PRIMARY KEY NOT NULL,
	"provider" text NOT NULL,
	"notification_id" text NOT NULL,
	"ext_tran_ref_id" text NOT NULL,
	"payment_id" integer,
	"outcome" text NOT NULL,
	"received_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_notifications_once" UNIQUE("provider","notification_id")
);
--> statement-breakpoint
CREATE TABLE "payment_provider_settings" (
	"tenant_id" integer NOT NULL,
	"flow" text NOT NULL,
	"payment_type" text NOT NULL,
	"currency_code" text NOT NULL,
	"name" text NOT NULL,
	"width" integer,
	"height" integer,
	"local_processing" boolean DEFAULT false NOT NULL,
	"fee_percentage" numeric(5, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "payment_provider_settings_tenant_id_flow_payment_type_currency_code_pk" PRIMARY KEY("tenant_id","flow","payment_type","currency_code"),
	CONSTRAINT "provider_fee_range" CHECK ("payment_provider_settings"."fee_percentage" >= 0 and "payment_provider_settings"."fee_percentage" < 100)
);
--> statement-breakpoint
CREATE TABLE "payments" (
	"id" serial PRIMARY KEY NOT NULL,
	"ext_tran_ref_id" text NOT NULL,
	"tenant_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"cust_no" text NOT NULL,
	"user_id" integer,
	"payer_name" text NOT NULL,
	"payer_email" text DEFAULT '' NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"locale_for_formatting" text DEFAULT 'en-US' NOT NULL,
	"currency_code" text NOT NULL,
	"flow" text NOT NULL,
	"payment_type" text NOT NULL,
	"method_type" text NOT NULL,
	"provider" text NOT NULL,
	"provider_payment_id" text,
	"amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"fee" numeric(14, 2) DEFAULT '0' NOT NULL,
	"total" numeric(14, 2) DEFAULT '0' NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"response_text" text,
	"tracking_no" text,
	"auth_code" text,
	"account_masked" text,
	"account_encrypted" text,
	"account_holder" text,
	"account_type" text,
	"routing_number" text,
	"check_number" text,
	"note" text,
	"contract_number" text,
	"idempotency_key" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "payments_ext_tran_ref_id_unique" UNIQUE("ext_tran_ref_id"),
	CONSTRAINT "payments_total" CHECK ("payments"."total" = "payments"."amount" + "payments"."fee")
);
--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "idempotency_keys" ADD CONSTRAINT "idempotency_keys_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_configs" ADD CONSTRAINT "payment_configs_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_events" ADD CONSTRAINT "payment_events_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_lines" ADD CONSTRAINT "payment_lines_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_lines" ADD CONSTRAINT "payment_lines_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_notifications" ADD CONSTRAINT "payment_notifications_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_provider_settings" ADD CONSTRAINT "payment_provider_settings_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "idempotency_keys_created" ON "idempotency_keys" USING btree ("created_at");--> statement-breakpoint
CREATE INDEX "payment_events_payment" ON "payment_events" USING btree ("payment_id","at");--> statement-breakpoint
CREATE INDEX "payment_lines_payment" ON "payment_lines" USING btree ("payment_id");--> statement-breakpoint
CREATE UNIQUE INDEX "payment_lines_one_in_flight" ON "payment_lines" USING btree ("invoice_id") WHERE in_flight;--> statement-breakpoint
CREATE INDEX "payments_customer" ON "payments" USING btree ("customer_id","created_at");--> statement-breakpoint
CREATE INDEX "payments_pending" ON "payments" USING btree ("created_at") WHERE status = 'PENDING';--> statement-breakpoint
CREATE UNIQUE INDEX "payments_one_pending_per_cart" ON "payments" USING btree ("user_id","customer_id","currency_code") WHERE status = 'PENDING' and flow = 'cart';