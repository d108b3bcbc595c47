CREATE TABLE "attempts" (
	"scope" text NOT NULL,
	"key" text NOT NULL,
	"at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "attempts_scope_key_at_idx" ON "attempts" USING btree ("scope","key","at");