CREATE TABLE "document_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"document_id" integer NOT NULL,
	"line_no" integer NOT NULL,
	"item_code" text,
	"unit_barcode" text,
	"item_qty" numeric(14, 4),
	"item_desc" text,
	"unit_of_measure" text,
	"pack" text,
	"price" numeric(14, 4),
	"discount" numeric(14, 4),
	"vat" numeric(14, 4),
	"vat_code" text,
	"amount" numeric(14, 4),
	"required" boolean,
	"rsp" numeric(14, 4)
);
--> statement-breakpoint
CREATE TABLE "documents" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"shop_supplier_id" integer NOT NULL,
	"status" text DEFAULT 'reading' NOT NULL,
	"uploaded_via" text DEFAULT 'upload' NOT NULL,
	"uploaded_by" text,
	"memo" text,
	"file_key" text NOT NULL,
	"file_name" text NOT NULL,
	"content_type" text NOT NULL,
	"sha256" text NOT NULL,
	"size" integer NOT NULL,
	"pages" integer DEFAULT 0 NOT NULL,
	"source" text,
	"document_type" text DEFAULT 'unknown' NOT NULL,
	"currency" text,
	"vendor" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"recipient" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"invoice_to" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"headers" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"totals" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"notes" text,
	"boxes" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"issues" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"confidence" real DEFAULT 0 NOT NULL,
	"in_training" boolean DEFAULT false NOT NULL,
	"ai_model" text DEFAULT 'builtin' NOT NULL,
	"read_at" timestamp with time zone,
	"processed_at" timestamp with time zone,
	"processed_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_changes" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"item_id" integer,
	"user_id" text,
	"field" text NOT NULL,
	"old_value" text,
	"new_value" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "order_items" (
	"id" serial PRIMARY KEY NOT NULL,
	"order_id" integer NOT NULL,
	"line_no" integer NOT NULL,
	"item_code" text,
	"unit_barcode" text,
	"item_qty" numeric(14, 4),
	"item_desc" text,
	"unit_of_measure" text,
	"pack" text,
	"price" numeric(14, 4),
	"discount" numeric(14, 4),
	"vat" numeric(14, 4),
	"vat_code" text,
	"amount" numeric(14, 4),
	"required" boolean,
	"rsp" numeric(14, 4),
	"received_quantity" numeric(14, 4),
	"notes" text
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"supplier_id" integer NOT NULL,
	"shop_supplier_id" integer NOT NULL,
	"document_id" integer,
	"status" text DEFAULT 'open' NOT NULL,
	"inserted_via" text DEFAULT 'upload' NOT NULL,
	"order_num" text,
	"invoice_num" text,
	"invoice_date" date,
	"due_date" date,
	"reference" text,
	"currency" text,
	"document_type" text DEFAULT 'invoice' NOT NULL,
	"vendor" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"recipient" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"invoice_to" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"goods" numeric(14, 4),
	"net" numeric(14, 4),
	"subtotal" numeric(14, 4),
	"discount" numeric(14, 4),
	"vat" numeric(14, 4),
	"invoice_total" numeric(14, 4),
	"memo" text,
	"file_key" text,
	"file_name" text,
	"ai_model" text DEFAULT 'builtin' NOT NULL,
	"item_count" integer DEFAULT 0 NOT NULL,
	"inserted_by" text,
	"updated_by" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "supplier_profiles" (
	"supplier_id" integer PRIMARY KEY NOT NULL,
	"profile" jsonb NOT NULL,
	"trained_documents" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "document_items" ADD CONSTRAINT "document_items_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_shop_id_companies_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_shop_supplier_id_shop_suppliers_id_fk" FOREIGN KEY ("shop_supplier_id") REFERENCES "public"."shop_suppliers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_uploaded_by_users_id_fk" FOREIGN KEY ("uploaded_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "documents" ADD CONSTRAINT "documents_processed_by_users_id_fk" FOREIGN KEY ("processed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_changes" ADD CONSTRAINT "order_changes_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_changes" ADD CONSTRAINT "order_changes_item_id_order_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."order_items"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_changes" ADD CONSTRAINT "order_changes_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "order_items" ADD CONSTRAINT "order_items_order_id_orders_id_fk" FOREIGN KEY ("order_id") REFERENCES "public"."orders"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_shop_id_companies_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_supplier_id_companies_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_shop_supplier_id_shop_suppliers_id_fk" FOREIGN KEY ("shop_supplier_id") REFERENCES "public"."shop_suppliers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_document_id_documents_id_fk" FOREIGN KEY ("document_id") REFERENCES "public"."documents"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_inserted_by_users_id_fk" FOREIGN KEY ("inserted_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_updated_by_users_id_fk" FOREIGN KEY ("updated_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "supplier_profiles" ADD CONSTRAINT "supplier_profiles_supplier_id_companies_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "document_items_document_idx" ON "document_items" USING btree ("document_id","line_no");--> statement-breakpoint
CREATE INDEX "documents_shop_status_idx" ON "documents" USING btree ("shop_id","status","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "documents_supplier_sha_uq" ON "documents" USING btree ("shop_supplier_id","sha256");--> statement-breakpoint
CREATE INDEX "order_changes_order_idx" ON "order_changes" USING btree ("order_id","created_at");--> statement-breakpoint
CREATE INDEX "order_items_order_idx" ON "order_items" USING btree ("order_id","line_no");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_document_uq" ON "orders" USING btree ("document_id");--> statement-breakpoint
CREATE INDEX "orders_shop_created_idx" ON "orders" USING btree ("shop_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_shop_status_created_idx" ON "orders" USING btree ("shop_id","status","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_shop_supplier_created_idx" ON "orders" USING btree ("shop_supplier_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_supplier_created_idx" ON "orders" USING btree ("supplier_id","created_at" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_shop_invoice_num_idx" ON "orders" USING btree ("shop_id",lower("invoice_num") text_pattern_ops);