CREATE TABLE "activity" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"invoice_id" integer,
	"prob_no" integer,
	"kind" text NOT NULL,
	"actor_id" integer,
	"actor_name" text NOT NULL,
	"details" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "dispute_attachments" (
	"id" serial PRIMARY KEY NOT NULL,
	"dispute_id" integer NOT NULL,
	"upload_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dispute_attachments_upload" UNIQUE("upload_id")
);
--> statement-breakpoint
CREATE TABLE "dispute_lines" (
	"dispute_id" integer NOT NULL,
	"line_item_id" integer NOT NULL,
	"disputed_count" numeric(14, 3) NOT NULL,
	"disputed_amt" numeric(14, 2) NOT NULL,
	CONSTRAINT "dispute_lines_dispute_id_line_item_id_pk" PRIMARY KEY("dispute_id","line_item_id"),
	CONSTRAINT "dispute_lines_count_positive" CHECK ("dispute_lines"."disputed_count" > 0)
);
--> statement-breakpoint
CREATE TABLE "dispute_notes" (
	"id" serial PRIMARY KEY NOT NULL,
	"dispute_id" integer NOT NULL,
	"note" text NOT NULL,
	"exposed" boolean DEFAULT true NOT NULL,
	"entered_by" text NOT NULL,
	"entered_by_id" integer,
	"entered_on" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "dispute_notes_length" CHECK (char_length("dispute_notes"."note") between 1 and 2000)
);
--> statement-breakpoint
CREATE TABLE "dispute_reason_codes" (
	"tenant_id" integer NOT NULL,
	"code" text NOT NULL,
	"description" text NOT NULL,
	"position" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "dispute_reason_codes_tenant_id_code_pk" PRIMARY KEY("tenant_id","code")
);
--> statement-breakpoint
CREATE TABLE "disputes" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"prob_no" integer NOT NULL,
	"invoice_id" integer,
	"cust_dispute" boolean DEFAULT false NOT NULL,
	"currency_code" text NOT NULL,
	"style" text NOT NULL,
	"disputed_amount" numeric(14, 2) NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"reason_code" text NOT NULL,
	"status_code" text DEFAULT 'U' NOT NULL,
	"created_by" integer,
	"created_by_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "disputes_tenant_prob_no" UNIQUE("tenant_id","prob_no"),
	CONSTRAINT "disputes_amount_positive" CHECK ("disputes"."disputed_amount" > 0),
	CONSTRAINT "disputes_invoice_or_customer" CHECK (("disputes"."cust_dispute" and "disputes"."invoice_id" is null) or (not "disputes"."cust_dispute" and "disputes"."invoice_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "uploads" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"uuid" text NOT NULL,
	"file_name" text NOT NULL,
	"doc_type" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"size" bigint NOT NULL,
	"sha256" text NOT NULL,
	"storage_key" text NOT NULL,
	"created_by" integer,
	"creator_name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "uploads_uuid" UNIQUE("uuid"),
	CONSTRAINT "uploads_size_positive" CHECK ("uploads"."size" > 0)
);
--> statement-breakpoint
ALTER TABLE "activity" ADD CONSTRAINT "activity_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity" ADD CONSTRAINT "activity_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity" ADD CONSTRAINT "activity_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "activity" ADD CONSTRAINT "activity_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispute_attachments" ADD CONSTRAINT "dispute_attachments_dispute_id_disputes_id_fk" FOREIGN KEY ("dispute_id") REFERENCES "public"."disputes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispute_attachments" ADD CONSTRAINT "dispute_attachments_upload_id_uploads_id_fk" FOREIGN KEY ("upload_id") REFERENCES "public"."uploads"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispute_lines" ADD CONSTRAINT "dispute_lines_dispute_id_disputes_id_fk" FOREIGN KEY ("dispute_id") REFERENCES "public"."disputes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispute_lines" ADD CONSTRAINT "dispute_lines_line_item_id_invoice_line_items_id_fk" FOREIGN KEY ("line_item_id") REFERENCES "public"."invoice_line_items"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispute_notes" ADD CONSTRAINT "dispute_notes_dispute_id_disputes_id_fk" FOREIGN KEY ("dispute_id") REFERENCES "public"."disputes"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispute_notes" ADD CONSTRAINT "dispute_notes_entered_by_id_users_id_fk" FOREIGN KEY ("entered_by_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispute_reason_codes" ADD CONSTRAINT "dispute_reason_codes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "disputes" ADD CONSTRAINT "disputes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "uploads" ADD CONSTRAINT "uploads_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "activity_invoice" ON "activity" USING btree ("invoice_id","at");--> statement-breakpoint
CREATE INDEX "activity_customer" ON "activity" USING btree ("customer_id","at");--> statement-breakpoint
CREATE INDEX "dispute_attachments_dispute" ON "dispute_attachments" USING btree ("dispute_id");--> statement-breakpoint
CREATE INDEX "dispute_lines_line" ON "dispute_lines" USING btree ("line_item_id");--> statement-breakpoint
CREATE INDEX "dispute_notes_dispute" ON "dispute_notes" USING btree ("dispute_id","entered_on");--> statement-breakpoint
CREATE INDEX "disputes_customer_created" ON "disputes" USING btree ("customer_id","currency_code","created_at","id");--> statement-breakpoint
CREATE INDEX "disputes_invoice" ON "disputes" USING btree ("invoice_id");--> statement-breakpoint
CREATE INDEX "uploads_customer" ON "uploads" USING btree ("customer_id");