CREATE TABLE "lottery_result_entries" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"draw_id" bigint NOT NULL,
	"source" text NOT NULL,
	"operator_id" integer,
	"entered_by" text NOT NULL,
	"numbers" text NOT NULL,
	"status" text DEFAULT 'PENDING' NOT NULL,
	"checked_by" text,
	"differs" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "lottery_result_feed" (
	"name" text PRIMARY KEY NOT NULL,
	"checked_at" timestamp with time zone,
	"ok_at" timestamp with time zone,
	"error" text,
	"error_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "lottery_draws" ADD COLUMN "source" text;--> statement-breakpoint
ALTER TABLE "lottery_draws" ADD COLUMN "voided_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "lottery_result_entries" ADD CONSTRAINT "lottery_result_entries_draw_id_lottery_draws_id_fk" FOREIGN KEY ("draw_id") REFERENCES "public"."lottery_draws"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "lottery_result_entries_pending" ON "lottery_result_entries" USING btree ("draw_id") WHERE "lottery_result_entries"."status" = 'PENDING';--> statement-breakpoint
CREATE INDEX "lottery_result_entries_draw" ON "lottery_result_entries" USING btree ("draw_id","created_at");