CREATE TABLE "banners" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"group_name" text NOT NULL,
	"linkage_type" text DEFAULT 'NONE' NOT NULL,
	"link" text DEFAULT '' NOT NULL,
	"titles" jsonb NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "games" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"node_id" text NOT NULL,
	"vassalage" text NOT NULL,
	"game_type" text NOT NULL,
	"names" jsonb NOT NULL,
	"game_classify" text NOT NULL,
	"is_new" boolean DEFAULT false NOT NULL,
	"is_hot" boolean DEFAULT false NOT NULL,
	"support_play" boolean DEFAULT false NOT NULL,
	"min_bet" bigint NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	"maintenance_until" timestamp with time zone,
	CONSTRAINT "games_merchant_node" UNIQUE("merchant_code","node_id")
);
--> statement-breakpoint
CREATE TABLE "notices" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"type" text NOT NULL,
	"titles" jsonb NOT NULL,
	"contents" jsonb NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "vendors" (
	"merchant_code" text NOT NULL,
	"vassalage" text NOT NULL,
	"game_type" text NOT NULL,
	"game_category" text NOT NULL,
	"display_name" text NOT NULL,
	"sort" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "vendors_merchant_code_vassalage_game_type_pk" PRIMARY KEY("merchant_code","vassalage","game_type")
);
--> statement-breakpoint
CREATE TABLE "domains" (
	"domain" text PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"speed" integer DEFAULT 0 NOT NULL
);
--> statement-breakpoint
CREATE TABLE "merchants" (
	"code" text PRIMARY KEY NOT NULL,
	"brand" jsonb NOT NULL,
	"settings" jsonb NOT NULL,
	"maintenance" boolean DEFAULT false NOT NULL,
	"maintenance_end" timestamp with time zone,
	"restricted_countries" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "banners" ADD CONSTRAINT "banners_merchant_code_merchants_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."merchants"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "games" ADD CONSTRAINT "games_merchant_code_merchants_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."merchants"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "notices" ADD CONSTRAINT "notices_merchant_code_merchants_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."merchants"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "vendors" ADD CONSTRAINT "vendors_merchant_code_merchants_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."merchants"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "domains" ADD CONSTRAINT "domains_merchant_code_merchants_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."merchants"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "games_merchant_type_vendor" ON "games" USING btree ("merchant_code","game_type","vassalage");