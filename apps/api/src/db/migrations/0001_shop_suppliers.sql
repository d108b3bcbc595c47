CREATE TABLE "shop_suppliers" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"supplier_id" integer NOT NULL,
	"name" text NOT NULL,
	"main_email" text NOT NULL,
	"secondary_emails" text[] DEFAULT '{}'::text[] NOT NULL,
	"is_auto_processed" boolean DEFAULT false NOT NULL,
	"skip_approval" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "shop_suppliers" ADD CONSTRAINT "shop_suppliers_shop_id_companies_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_suppliers" ADD CONSTRAINT "shop_suppliers_supplier_id_companies_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "shop_suppliers_shop_name_uq" ON "shop_suppliers" USING btree ("shop_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "shop_suppliers_shop_supplier_uq" ON "shop_suppliers" USING btree ("shop_id","supplier_id");--> statement-breakpoint
CREATE INDEX "shop_suppliers_supplier_idx" ON "shop_suppliers" USING btree ("supplier_id");