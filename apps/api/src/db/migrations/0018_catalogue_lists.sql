DROP INDEX "products_supplier_name_idx";--> statement-breakpoint
CREATE INDEX "pos_products_shop_description_idx" ON "pos_products" USING btree ("shop_id","description" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "pos_products_shop_code_idx" ON "pos_products" USING btree ("shop_id","product_code" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "pos_products_search_trgm_idx" ON "pos_products" USING gin (search_fold(coalesce("product_code", '') || ' ' || coalesce("description", '') || ' ' || coalesce("barcode", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_supplier_sku_idx" ON "products" USING btree ("supplier_id","sku" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "products_search_trgm_idx" ON "products" USING gin (search_fold(coalesce("sku", '') || ' ' || coalesce("name", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "products_supplier_name_idx" ON "products" USING btree ("supplier_id","name" DESC NULLS LAST,"id" DESC NULLS LAST);