CREATE INDEX "disputes_shop_status_idx" ON "disputes" USING btree ("shop_id","status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "disputes_supplier_status_idx" ON "disputes" USING btree ("supplier_id","status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "disputes_shop_active_idx" ON "disputes" USING btree ("shop_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "disputes"."status" in ('open', 'accepted', 'rejected');--> statement-breakpoint
CREATE INDEX "disputes_supplier_active_idx" ON "disputes" USING btree ("supplier_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST) WHERE "disputes"."status" in ('open', 'accepted', 'rejected');--> statement-breakpoint
CREATE INDEX "disputes_shop_supplier_idx" ON "disputes" USING btree ("shop_id","supplier_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "disputes_supplier_shop_idx" ON "disputes" USING btree ("supplier_id","shop_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "disputes_order_idx" ON "disputes" USING btree ("order_id");--> statement-breakpoint
CREATE INDEX "disputes_item_idx" ON "disputes" USING btree ("item_id");--> statement-breakpoint
CREATE INDEX "disputes_note_trgm_idx" ON "disputes" USING gin (search_fold("note") gin_trgm_ops);