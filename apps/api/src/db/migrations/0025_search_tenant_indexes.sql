-- Tenant-first search indexes of orders (README "Paging and search"): btree_gin lets a GIN index key the trigrams
-- by the tenant too. A trusted extension that ships with PGlite (db/client.ts loads it).
CREATE EXTENSION IF NOT EXISTS btree_gin WITH SCHEMA public;--> statement-breakpoint
CREATE INDEX "orders_shop_numbers_trgm_idx" ON "orders" USING gin ("shop_id",search_fold(coalesce("invoice_num", '') || ' ' || coalesce("order_num", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_supplier_numbers_trgm_idx" ON "orders" USING gin ("supplier_id",search_fold(coalesce("invoice_num", '') || ' ' || coalesce("order_num", '')) gin_trgm_ops);--> statement-breakpoint
CREATE INDEX "orders_shop_invoice_num_idx" ON "orders" USING btree ("shop_id",search_fold("invoice_num") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "orders_shop_order_num_idx" ON "orders" USING btree ("shop_id",search_fold("order_num") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "orders_supplier_invoice_num_idx" ON "orders" USING btree ("supplier_id",search_fold("invoice_num") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "orders_supplier_order_num_idx" ON "orders" USING btree ("supplier_id",search_fold("order_num") text_pattern_ops);