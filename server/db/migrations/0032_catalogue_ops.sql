ALTER TABLE "banners" ADD COLUMN "picture_key" text;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "hidden" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "games" ADD COLUMN "icon_key" text;