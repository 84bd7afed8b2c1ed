ALTER TABLE "members" ADD COLUMN "payment_password_checks" integer DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "payment_password_checked_at" timestamp with time zone;