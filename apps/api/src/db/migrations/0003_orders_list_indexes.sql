DROP INDEX "orders_shop_status_created_idx";--> statement-breakpoint
CREATE INDEX "orders_shop_link_created_idx" ON "orders" USING btree ("shop_id","shop_supplier_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_shop_order_num_idx" ON "orders" USING btree ("shop_id",lower("order_num") text_pattern_ops);--> statement-breakpoint
CREATE INDEX "orders_shop_status_created_idx" ON "orders" USING btree ("shop_id","status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);