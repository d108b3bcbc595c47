ALTER TABLE "dispute_messages" ADD COLUMN "shop_id" integer;--> statement-breakpoint
ALTER TABLE "dispute_messages" ADD COLUMN "supplier_id" integer;--> statement-breakpoint
-- Written by hand: existing messages take their dispute's shop and supplier before the columns become NOT NULL.
UPDATE "dispute_messages" m SET "shop_id" = d."shop_id", "supplier_id" = d."supplier_id" FROM "disputes" d WHERE d."id" = m."dispute_id";--> statement-breakpoint
ALTER TABLE "dispute_messages" ALTER COLUMN "shop_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "dispute_messages" ALTER COLUMN "supplier_id" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "dispute_messages" ADD CONSTRAINT "dispute_messages_shop_id_companies_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "dispute_messages" ADD CONSTRAINT "dispute_messages_supplier_id_companies_id_fk" FOREIGN KEY ("supplier_id") REFERENCES "public"."companies"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "integration_syncs_shop_type_idx" ON "integration_syncs" USING btree ("shop_id","integration_id","entity_type","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "line_matches_shop_changes_idx" ON "line_matches" USING btree ("shop_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "line_matches"."price_change_pct" is not null;--> statement-breakpoint
CREATE INDEX "shop_supplier_products_shop_created_idx" ON "shop_supplier_products" USING btree ("shop_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "shop_supplier_products_link_created_idx" ON "shop_supplier_products" USING btree ("shop_id","shop_supplier_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "dispute_messages_shop_idx" ON "dispute_messages" USING btree ("shop_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "dispute_messages_supplier_idx" ON "dispute_messages" USING btree ("supplier_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "dispute_messages_shop_unread_idx" ON "dispute_messages" USING btree ("shop_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "dispute_messages"."read_at" is null and "dispute_messages"."is_response" = true;--> statement-breakpoint
CREATE INDEX "dispute_messages_supplier_unread_idx" ON "dispute_messages" USING btree ("supplier_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "dispute_messages"."read_at" is null and "dispute_messages"."is_response" = false;--> statement-breakpoint
CREATE INDEX "order_items_code_trgm_idx" ON "order_items" USING gin (search_fold("item_code") gin_trgm_ops);