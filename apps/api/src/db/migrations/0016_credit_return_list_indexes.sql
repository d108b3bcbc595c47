DROP INDEX "credits_shop_created_idx";--> statement-breakpoint
DROP INDEX "credits_supplier_created_idx";--> statement-breakpoint
DROP INDEX "returns_supplier_status_idx";--> statement-breakpoint
CREATE INDEX "credits_shop_status_created_idx" ON "credits" USING btree ("shop_id","status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "credits_supplier_status_created_idx" ON "credits" USING btree ("supplier_id","status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "returns_supplier_created_idx" ON "returns" USING btree ("supplier_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "credits_shop_created_idx" ON "credits" USING btree ("shop_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "credits_supplier_created_idx" ON "credits" USING btree ("supplier_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "returns_supplier_status_idx" ON "returns" USING btree ("supplier_id","status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);