CREATE TABLE "payment_profiles" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"cust_no" text NOT NULL,
	"user_id" integer NOT NULL,
	"profile_type" text NOT NULL,
	"status" text DEFAULT 'ACTIVE' NOT NULL,
	"reference" text,
	"provider" text,
	"provider_session_id" text,
	"token" text,
	"alias_name" text DEFAULT '' NOT NULL,
	"card_type" text,
	"last_digits" text,
	"card_holder_name" text,
	"expiry_month" integer,
	"expiry_year" integer,
	"account_encrypted" text,
	"account_masked" text,
	"routing_num" text,
	"account_type" text,
	"name" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "payment_profiles_reference_unique" UNIQUE("reference"),
	CONSTRAINT "payment_profiles_expiry_month" CHECK ("payment_profiles"."expiry_month" is null or "payment_profiles"."expiry_month" between 1 and 12)
);
--> statement-breakpoint
ALTER TABLE "payments" ADD COLUMN "payment_profile_id" integer;
--> statement-breakpoint
ALTER TABLE "payment_profiles" ADD CONSTRAINT "payment_profiles_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "payment_profiles" ADD CONSTRAINT "payment_profiles_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "payment_profiles" ADD CONSTRAINT "payment_profiles_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
CREATE INDEX "payment_profiles_owner" ON "payment_profiles" USING btree ("user_id","customer_id") WHERE deleted_at is null;
--> statement-breakpoint
ALTER TABLE "payments" ADD CONSTRAINT "payments_payment_profile_id_payment_profiles_id_fk" FOREIGN KEY ("payment_profile_id") REFERENCES "public"."payment_profiles"("id") ON DELETE set null ON UPDATE no action;
