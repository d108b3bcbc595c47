DROP INDEX "notifications_user_company_idx";--> statement-breakpoint
DROP INDEX "notifications_unread_idx";--> statement-breakpoint
ALTER TABLE "notifications" ADD COLUMN "unread" smallint GENERATED ALWAYS AS (case when read_at is null then 1 else 0 end) STORED NOT NULL;--> statement-breakpoint
CREATE INDEX "notifications_user_company_unread_idx" ON "notifications" USING btree ("user_id","company_id","unread" DESC NULLS LAST,"id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_unmailed_idx" ON "notifications" USING btree ("created_at") WHERE emailed_at is null;--> statement-breakpoint
CREATE INDEX "notifications_user_company_idx" ON "notifications" USING btree ("user_id","company_id","id" DESC NULLS LAST);--> statement-breakpoint
CREATE INDEX "notifications_unread_idx" ON "notifications" USING btree ("user_id","company_id","id" DESC NULLS LAST) WHERE read_at is null;