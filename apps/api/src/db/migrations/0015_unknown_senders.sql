ALTER TABLE "documents" ALTER COLUMN "shop_supplier_id" DROP NOT NULL;--> statement-breakpoint
CREATE INDEX "mail_messages_shop_status_created_idx" ON "mail_messages" USING btree ("shop_id","status","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "mailboxes_shop_created_idx" ON "mailboxes" USING btree ("shop_id","created_at" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE UNIQUE INDEX "documents_shop_unassigned_sha_uq" ON "documents" USING btree ("shop_id","sha256") WHERE "documents"."shop_supplier_id" is null;