CREATE TABLE "changes" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"kind" text NOT NULL,
	"ref" text NOT NULL,
	"value" jsonb NOT NULL,
	"status" text DEFAULT 'DRAFT' NOT NULL,
	"drafted_by_id" integer NOT NULL,
	"drafted_by" text NOT NULL,
	"drafted_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_by_id" integer,
	"decided_by" text,
	"decided_at" timestamp with time zone,
	"remark" text
);
--> statement-breakpoint
ALTER TABLE "promotions" ADD COLUMN "approved_at" timestamp with time zone DEFAULT now();--> statement-breakpoint
ALTER TABLE "changes" ADD CONSTRAINT "changes_merchant_code_merchants_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."merchants"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "changes_one_draft" ON "changes" USING btree ("merchant_code","kind","ref") WHERE "changes"."status" = 'DRAFT';--> statement-breakpoint
CREATE INDEX "changes_status" ON "changes" USING btree ("status","id");