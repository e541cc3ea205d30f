CREATE TABLE "nacha_file_payments" (
	"payment_id" integer PRIMARY KEY NOT NULL,
	"file_id" integer NOT NULL,
	"tenant_id" integer NOT NULL
);
--> statement-breakpoint
CREATE TABLE "nacha_files" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"cutoff_date" date NOT NULL,
	"currency_code" text NOT NULL,
	"file_name" text NOT NULL,
	"content" text DEFAULT '' NOT NULL,
	"entry_count" integer DEFAULT 0 NOT NULL,
	"total_debit" numeric(14, 2) DEFAULT '0' NOT NULL,
	"entry_hash" text DEFAULT '0000000000' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "nacha_files_one_per_cutoff" UNIQUE("tenant_id","cutoff_date","currency_code")
);
--> statement-breakpoint
ALTER TABLE "nacha_file_payments" ADD CONSTRAINT "nacha_file_payments_payment_id_payments_id_fk" FOREIGN KEY ("payment_id") REFERENCES "public"."payments"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nacha_file_payments" ADD CONSTRAINT "nacha_file_payments_file_id_nacha_files_id_fk" FOREIGN KEY ("file_id") REFERENCES "public"."nacha_files"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nacha_file_payments" ADD CONSTRAINT "nacha_file_payments_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "nacha_files" ADD CONSTRAINT "nacha_files_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "nacha_file_payments_file" ON "nacha_file_payments" USING btree ("file_id");