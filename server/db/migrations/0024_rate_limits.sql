-- Unlogged (hand-edited): counters need no crash safety, and skipping the WAL flush at each hit makes a count
-- 1.5–2 times as fast (bench/rate-limit-store.ts). A crash empties the table: every window starts again.
CREATE UNLOGGED TABLE "rate_limits" (
	"key" text PRIMARY KEY NOT NULL,
	"hits" integer NOT NULL,
	"reset_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE INDEX "rate_limits_reset_at" ON "rate_limits" USING btree ("reset_at");