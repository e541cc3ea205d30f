CREATE TABLE "customers" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"cust_no" text NOT NULL,
	"company" text NOT NULL,
	"currencies" text[] DEFAULT '{}' NOT NULL,
	"address_line1" text DEFAULT '' NOT NULL,
	"city" text DEFAULT '' NOT NULL,
	"postal_code" text DEFAULT '' NOT NULL,
	"country" text DEFAULT '' NOT NULL,
	"collector_name" text DEFAULT '' NOT NULL,
	"collector_email" text DEFAULT '' NOT NULL,
	"collector_phone" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "customers_tenant_cust_no" UNIQUE("tenant_id","cust_no")
);
--> statement-breakpoint
CREATE TABLE "invoice_extended_fields" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_id" integer NOT NULL,
	"line_item_id" integer,
	"field" text NOT NULL,
	"title" text NOT NULL,
	"data_type" text DEFAULT 'string' NOT NULL,
	"value" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "invoice_line_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"invoice_id" integer NOT NULL,
	"line_no" integer NOT NULL,
	"item" text NOT NULL,
	"description" text NOT NULL,
	"qty_ship" numeric(14, 3) NOT NULL,
	"price" numeric(14, 4) NOT NULL,
	"ext" numeric(14, 2) DEFAULT '0' NOT NULL,
	"disputed_count" numeric(14, 3) DEFAULT '0' NOT NULL,
	"disputed_amt" numeric(14, 2) DEFAULT '0' NOT NULL,
	CONSTRAINT "line_items_invoice_line" UNIQUE("invoice_id","line_no")
);
--> statement-breakpoint
CREATE TABLE "invoices" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"cust_no" text NOT NULL,
	"inv_no" text NOT NULL,
	"tran_id" text NOT NULL,
	"status" text NOT NULL,
	"invoice_date" date NOT NULL,
	"due_date" date NOT NULL,
	"tran_currency_code" text NOT NULL,
	"amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"balance" numeric(14, 2) DEFAULT '0' NOT NULL,
	"tran_bal" numeric(14, 2) DEFAULT '0' NOT NULL,
	"tran_orig" numeric(14, 2) DEFAULT '0' NOT NULL,
	"dispute_amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"paid_amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"payment_pending" boolean DEFAULT false NOT NULL,
	"payment_pending_amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"promise" boolean DEFAULT false NOT NULL,
	"promised_amount" numeric(14, 2) DEFAULT '0' NOT NULL,
	"next_followup_date" date,
	"po_number" text DEFAULT '' NOT NULL,
	"terms" text DEFAULT '' NOT NULL,
	"sales_rep" text DEFAULT '' NOT NULL,
	"ship_via" text DEFAULT '' NOT NULL,
	"ship_to" text DEFAULT '' NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "invoices_tenant_tran_id" UNIQUE("tenant_id","tran_id")
);
--> statement-breakpoint
CREATE TABLE "sessions" (
	"token_hash" text PRIMARY KEY NOT NULL,
	"public_id" text NOT NULL,
	"tenant_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"csrf_token" text NOT NULL,
	"state" text DEFAULT 'active' NOT NULL,
	"current_cust_no" text,
	"current_currency_code" text,
	"ip_address" text DEFAULT '' NOT NULL,
	"user_agent" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_seen_at" timestamp with time zone DEFAULT now() NOT NULL,
	"absolute_expires_at" timestamp with time zone NOT NULL,
	CONSTRAINT "sessions_public_id_unique" UNIQUE("public_id")
);
--> statement-breakpoint
CREATE TABLE "currencies" (
	"code" text PRIMARY KEY NOT NULL,
	"symbol" text NOT NULL,
	"name" text NOT NULL
);
--> statement-breakpoint
CREATE TABLE "legal_templates" (
	"tenant_id" integer NOT NULL,
	"type" integer NOT NULL,
	"language" text NOT NULL,
	"value" text NOT NULL,
	CONSTRAINT "legal_templates_tenant_id_type_language_pk" PRIMARY KEY("tenant_id","type","language")
);
--> statement-breakpoint
CREATE TABLE "tenants" (
	"id" serial PRIMARY KEY NOT NULL,
	"guid" text NOT NULL,
	"name" text NOT NULL,
	"app_header_name" text NOT NULL,
	"sso_enabled" boolean DEFAULT false NOT NULL,
	"is_default" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "tenants_guid_unique" UNIQUE("guid")
);
--> statement-breakpoint
CREATE TABLE "user_customers" (
	"user_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"def_account" boolean DEFAULT false NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "user_customers_user_id_customer_id_pk" PRIMARY KEY("user_id","customer_id")
);
--> statement-breakpoint
CREATE TABLE "user_roles" (
	"user_id" integer NOT NULL,
	"role" text NOT NULL,
	CONSTRAINT "user_roles_user_id_role_pk" PRIMARY KEY("user_id","role")
);
--> statement-breakpoint
CREATE TABLE "users" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"login_name" text NOT NULL,
	"login_key" text NOT NULL,
	"password_hash" text NOT NULL,
	"first_name" text NOT NULL,
	"last_name" text NOT NULL,
	"email" text DEFAULT '' NOT NULL,
	"locale" text DEFAULT 'en_US' NOT NULL,
	"locale_for_formatting" text DEFAULT 'en-US' NOT NULL,
	"language" text DEFAULT 'en' NOT NULL,
	"timezone" text DEFAULT 'America/New_York' NOT NULL,
	"sms_area_code" text DEFAULT '' NOT NULL,
	"sms_phone" text DEFAULT '' NOT NULL,
	"pin_policy" text DEFAULT 'NONE' NOT NULL,
	"active" boolean DEFAULT true NOT NULL,
	"last_cust_no" text,
	"last_currency_code" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "users_tenant_login_key" UNIQUE("tenant_id","login_key")
);
--> statement-breakpoint
ALTER TABLE "customers" ADD CONSTRAINT "customers_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_extended_fields" ADD CONSTRAINT "invoice_extended_fields_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_extended_fields" ADD CONSTRAINT "invoice_extended_fields_line_item_id_invoice_line_items_id_fk" FOREIGN KEY ("line_item_id") REFERENCES "public"."invoice_line_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoice_line_items" ADD CONSTRAINT "invoice_line_items_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "invoices" ADD CONSTRAINT "invoices_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sessions" ADD CONSTRAINT "sessions_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "legal_templates" ADD CONSTRAINT "legal_templates_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_customers" ADD CONSTRAINT "user_customers_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_customers" ADD CONSTRAINT "user_customers_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "user_roles" ADD CONSTRAINT "user_roles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "users" ADD CONSTRAINT "users_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "extended_fields_invoice" ON "invoice_extended_fields" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "invoices_grid" ON "invoices" USING btree ("customer_id","tran_currency_code","status","due_date","id");--> statement-breakpoint
CREATE INDEX "invoices_inv_no" ON "invoices" USING btree ("customer_id","inv_no");--> statement-breakpoint
CREATE INDEX "invoices_open_due" ON "invoices" USING btree ("customer_id","due_date") WHERE status = 'O';--> statement-breakpoint
CREATE INDEX "sessions_user" ON "sessions" USING btree ("user_id");--> statement-breakpoint
CREATE INDEX "user_customers_customer" ON "user_customers" USING btree ("customer_id");