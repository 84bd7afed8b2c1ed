CREATE TABLE "vendor_syncs" (
	"merchant_code" text NOT NULL,
	"vassalage" text NOT NULL,
	"last_run_at" timestamp with time zone NOT NULL,
	"last_ok_at" timestamp with time zone,
	"added" integer DEFAULT 0 NOT NULL,
	"updated" integer DEFAULT 0 NOT NULL,
	"removed" integer DEFAULT 0 NOT NULL,
	"pictures" integer DEFAULT 0 NOT NULL,
	"listed" integer DEFAULT 0 NOT NULL,
	"error" text,
	"problems" jsonb DEFAULT '[]'::jsonb NOT NULL,
	CONSTRAINT "vendor_syncs_merchant_code_vassalage_pk" PRIMARY KEY("merchant_code","vassalage")
);
--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "feed" jsonb;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "overrides" jsonb DEFAULT '{}'::jsonb NOT NULL;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "picture_key" text;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "picture_source" text;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "removed_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "vendor_syncs" ADD CONSTRAINT "vendor_syncs_merchant_code_merchants_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."merchants"("code") ON DELETE no action ON UPDATE no action;