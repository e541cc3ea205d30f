CREATE TABLE "payment_cart_lines" (
	"cart_id" integer NOT NULL,
	"invoice_id" integer NOT NULL,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_cart_lines_cart_id_invoice_id_pk" PRIMARY KEY("cart_id","invoice_id")
);
--> statement-breakpoint
CREATE TABLE "payment_carts" (
	"id" serial PRIMARY KEY NOT NULL,
	"tenant_id" integer NOT NULL,
	"user_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"currency_code" text NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "payment_carts_owner" UNIQUE("user_id","customer_id","currency_code")
);
--> statement-breakpoint
CREATE TABLE "grid_preferences" (
	"user_id" integer NOT NULL,
	"grid" text NOT NULL,
	"payload" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "grid_preferences_user_id_grid_pk" PRIMARY KEY("user_id","grid")
);
--> statement-breakpoint
CREATE TABLE "saved_searches" (
	"id" serial PRIMARY KEY NOT NULL,
	"user_id" integer NOT NULL,
	"grid" text NOT NULL,
	"name" text NOT NULL,
	"criteria" jsonb NOT NULL,
	"filter" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "saved_searches_name" UNIQUE("user_id","grid","name")
);
--> statement-breakpoint
ALTER TABLE "payment_cart_lines" ADD CONSTRAINT "payment_cart_lines_cart_id_payment_carts_id_fk" FOREIGN KEY ("cart_id") REFERENCES "public"."payment_carts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_cart_lines" ADD CONSTRAINT "payment_cart_lines_invoice_id_invoices_id_fk" FOREIGN KEY ("invoice_id") REFERENCES "public"."invoices"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_carts" ADD CONSTRAINT "payment_carts_tenant_id_tenants_id_fk" FOREIGN KEY ("tenant_id") REFERENCES "public"."tenants"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_carts" ADD CONSTRAINT "payment_carts_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "payment_carts" ADD CONSTRAINT "payment_carts_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "grid_preferences" ADD CONSTRAINT "grid_preferences_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "saved_searches" ADD CONSTRAINT "saved_searches_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "cart_lines_invoice" ON "payment_cart_lines" USING btree ("invoice_id");