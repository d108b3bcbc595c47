ALTER TABLE "mailboxes" ADD COLUMN "watched_by" text;--> statement-breakpoint
ALTER TABLE "mailboxes" ADD COLUMN "watch_until" timestamp with time zone;