DROP INDEX "orders_shop_supplier_created_idx";--> statement-breakpoint
DROP INDEX "orders_supplier_created_idx";--> statement-breakpoint
CREATE INDEX "documents_shop_review_idx" ON "documents" USING btree ("shop_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "documents"."status" in ('pending_review', 'failed');--> statement-breakpoint
CREATE INDEX "documents_shop_unprocessed_idx" ON "documents" USING btree ("shop_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "documents"."status" in ('reading', 'pending_review', 'failed');--> statement-breakpoint
CREATE INDEX "documents_link_review_idx" ON "documents" USING btree ("shop_supplier_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "documents"."status" in ('pending_review', 'failed');--> statement-breakpoint
CREATE INDEX "documents_link_unprocessed_idx" ON "documents" USING btree ("shop_supplier_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "documents"."status" in ('reading', 'pending_review', 'failed');--> statement-breakpoint
CREATE INDEX "orders_shop_total_idx" ON "orders" USING btree ("shop_id","invoice_total" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_shop_invoice_date_idx" ON "orders" USING btree ("shop_id","invoice_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_shop_status_total_idx" ON "orders" USING btree ("shop_id","status","invoice_total" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_shop_status_invoice_date_idx" ON "orders" USING btree ("shop_id","status","invoice_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_supplier_status_created_idx" ON "orders" USING btree ("supplier_id","status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_supplier_total_idx" ON "orders" USING btree ("supplier_id","invoice_total" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_supplier_invoice_date_idx" ON "orders" USING btree ("supplier_id","invoice_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_supplier_status_total_idx" ON "orders" USING btree ("supplier_id","status","invoice_total" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_supplier_status_invoice_date_idx" ON "orders" USING btree ("supplier_id","status","invoice_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_created_idx" ON "orders" USING btree ("created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_link_total_idx" ON "orders" USING btree ("shop_supplier_id","invoice_total" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_link_invoice_date_idx" ON "orders" USING btree ("shop_supplier_id","invoice_date" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_shop_supplier_created_idx" ON "orders" USING btree ("shop_supplier_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "orders_supplier_created_idx" ON "orders" USING btree ("supplier_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
-- A link belongs to one shop and one supplier: without these the planner multiplies the selectivities of a
-- list's tenant and link clauses, expects a handful of rows and sorts them instead of reading a link index in order.
CREATE STATISTICS IF NOT EXISTS "orders_link_deps" (dependencies) ON "shop_id", "supplier_id", "shop_supplier_id" FROM "orders";--> statement-breakpoint
CREATE STATISTICS IF NOT EXISTS "documents_link_deps" (dependencies) ON "shop_id", "shop_supplier_id" FROM "documents";
