CREATE TABLE "catalogue_settings" (
	"shop_id" integer PRIMARY KEY NOT NULL,
	"price_change_threshold_pct" real DEFAULT 5 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "integration_connections" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"integration_id" integer NOT NULL,
	"token_hash" text,
	"token_status" text,
	"token_expires_at" timestamp with time zone,
	"scopes" text[] DEFAULT '{}'::text[] NOT NULL,
	"device_name" text,
	"last_seen_at" timestamp with time zone,
	"last_error" text,
	"last_sync_at" timestamp with time zone,
	"sync_requested_at" timestamp with time zone,
	"connected_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "integration_syncs" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"integration_id" integer NOT NULL,
	"entity_type" text NOT NULL,
	"entity_id" text,
	"operation" text NOT NULL,
	"status" text NOT NULL,
	"duration_ms" integer DEFAULT 0 NOT NULL,
	"rows" integer DEFAULT 0 NOT NULL,
	"errors" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"payload" jsonb,
	"acknowledged_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "integrations" (
	"id" serial PRIMARY KEY NOT NULL,
	"name" text NOT NULL,
	"description" text DEFAULT '' NOT NULL,
	"logo_url" text,
	"type" text NOT NULL,
	"is_public" boolean DEFAULT true NOT NULL,
	"revoked" boolean DEFAULT false NOT NULL,
	"assets" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "integrations_name_unique" UNIQUE("name")
);
--> statement-breakpoint
CREATE TABLE "line_matches" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"document_id" integer NOT NULL,
	"line_no" integer NOT NULL,
	"pos_product_id" integer,
	"method" text NOT NULL,
	"confidence" real DEFAULT 0 NOT NULL,
	"units_per_line" integer DEFAULT 1 NOT NULL,
	"unit_cost" numeric(14, 4),
	"previous_unit_cost" numeric(14, 4),
	"previous_date" text,
	"price_change_pct" real,
	"confirmed_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pairing_codes" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"integration_id" integer NOT NULL,
	"code_hash" text NOT NULL,
	"expires_at" timestamp with time zone NOT NULL,
	"used_at" timestamp with time zone,
	"created_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "pos_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"integration_id" integer NOT NULL,
	"product_code" text NOT NULL,
	"description" text NOT NULL,
	"pos_description" text,
	"barcode" text,
	"box_barcode" text,
	"qty" numeric(14, 4),
	"case_qty" integer DEFAULT 1 NOT NULL,
	"units" text,
	"price" numeric(14, 4),
	"case_price" numeric(14, 4),
	"vat_rate" numeric(14, 4),
	"active" boolean DEFAULT true NOT NULL,
	"control_stock" boolean DEFAULT false NOT NULL,
	"sync_id" integer,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "product_aliases" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"shop_supplier_id" integer NOT NULL,
	"kind" text NOT NULL,
	"value" text NOT NULL,
	"pos_product_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "products" (
	"id" serial PRIMARY KEY NOT NULL,
	"supplier_id" integer NOT NULL,
	"sku" text NOT NULL,
	"name" text NOT NULL,
	"description" text,
	"unit_price" numeric(14, 4),
	"pack_size" integer DEFAULT 1 NOT NULL,
	"barcode" text,
	"aliases" text[] DEFAULT '{}'::text[] NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "shop_supplier_products" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"shop_supplier_id" integer NOT NULL,
	"product_id" integer NOT NULL,
	"pos_product_id" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "catalogue_settings" ADD CONSTRAINT "catalogue_settings_shop_id_companies_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_connections" ADD CONSTRAINT "integration_connections_shop_id_companies_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_connections" ADD CONSTRAINT "integration_connections_integration_id_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."integrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_syncs" ADD CONSTRAINT "integration_syncs_shop_id_companies_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "integration_syncs" ADD CONSTRAINT "integration_syncs_integration_id_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."integrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_matches" ADD CONSTRAINT "line_matches_shop_id_companies_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_matches" ADD CONSTRAINT "line_matches_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_matches" ADD CONSTRAINT "line_matches_pos_product_id_pos_products_id_fk" FOREIGN KEY ("pos_product_id") REFERENCES "public"."pos_products"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "line_matches" ADD CONSTRAINT "line_matches_confirmed_by_users_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pairing_codes" ADD CONSTRAINT "pairing_codes_shop_id_companies_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pairing_codes" ADD CONSTRAINT "pairing_codes_integration_id_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."integrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pairing_codes" ADD CONSTRAINT "pairing_codes_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_products" ADD CONSTRAINT "pos_products_shop_id_companies_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "pos_products" ADD CONSTRAINT "pos_products_integration_id_integrations_id_fk" FOREIGN KEY ("integration_id") REFERENCES "public"."integrations"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_aliases" ADD CONSTRAINT "product_aliases_shop_id_companies_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_aliases" ADD CONSTRAINT "product_aliases_shop_supplier_id_shop_suppliers_id_fk" FOREIGN KEY ("shop_supplier_id") REFERENCES "public"."shop_suppliers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "product_aliases" ADD CONSTRAINT "product_aliases_pos_product_id_pos_products_id_fk" FOREIGN KEY ("pos_product_id") REFERENCES "public"."pos_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "products" ADD CONSTRAINT "products_supplier_id_companies_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_supplier_products" ADD CONSTRAINT "shop_supplier_products_shop_id_companies_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_supplier_products" ADD CONSTRAINT "shop_supplier_products_shop_supplier_id_shop_suppliers_id_fk" FOREIGN KEY ("shop_supplier_id") REFERENCES "public"."shop_suppliers"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_supplier_products" ADD CONSTRAINT "shop_supplier_products_product_id_products_id_fk" FOREIGN KEY ("product_id") REFERENCES "public"."products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "shop_supplier_products" ADD CONSTRAINT "shop_supplier_products_pos_product_id_pos_products_id_fk" FOREIGN KEY ("pos_product_id") REFERENCES "public"."pos_products"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "integration_connections_shop_uq" ON "integration_connections" USING btree ("shop_id","integration_id");--> statement-breakpoint
CREATE UNIQUE INDEX "integration_connections_token_uq" ON "integration_connections" USING btree ("token_hash");--> statement-breakpoint
CREATE INDEX "integration_syncs_shop_idx" ON "integration_syncs" USING btree ("shop_id","integration_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "integration_syncs_pending_push_uq" ON "integration_syncs" USING btree ("shop_id","integration_id","entity_id") WHERE "integration_syncs"."operation" = 'push' and "integration_syncs"."status" = 'pending';--> statement-breakpoint
CREATE UNIQUE INDEX "line_matches_line_uq" ON "line_matches" USING btree ("document_id","line_no");--> statement-breakpoint
CREATE INDEX "line_matches_pos_idx" ON "line_matches" USING btree ("shop_id","pos_product_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "pairing_codes_hash_uq" ON "pairing_codes" USING btree ("code_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "pos_products_shop_code_uq" ON "pos_products" USING btree ("shop_id","integration_id","product_code");--> statement-breakpoint
CREATE INDEX "pos_products_shop_barcode_idx" ON "pos_products" USING btree ("shop_id","barcode");--> statement-breakpoint
CREATE INDEX "pos_products_shop_box_barcode_idx" ON "pos_products" USING btree ("shop_id","box_barcode");--> statement-breakpoint
CREATE UNIQUE INDEX "product_aliases_uq" ON "product_aliases" USING btree ("shop_supplier_id","kind","value");--> statement-breakpoint
CREATE UNIQUE INDEX "products_supplier_sku_uq" ON "products" USING btree ("supplier_id",lower("sku"));--> statement-breakpoint
CREATE INDEX "products_supplier_name_idx" ON "products" USING btree ("supplier_id",lower("name"));--> statement-breakpoint
CREATE UNIQUE INDEX "shop_supplier_products_product_uq" ON "shop_supplier_products" USING btree ("shop_id","product_id");--> statement-breakpoint
CREATE INDEX "shop_supplier_products_pos_idx" ON "shop_supplier_products" USING btree ("pos_product_id");--> statement-breakpoint
INSERT INTO "integrations" ("name", "description", "logo_url", "type", "assets") VALUES ('Semtek', 'Semtek point-of-sale: the agent on the POS computer sends the product catalogue and writes goods-received files for processed orders.', '/integrations/semtek.svg', '8-digit-code', '[{"type":"download","name":"OrderBridge Semtek agent (Node.js 20 or later)","url":"/api/integrations/semtek/agent.mjs"}]'::jsonb) ON CONFLICT ("name") DO NOTHING;
