-- Bets become points: a bet placed before is one point that cost its stake and wins stake × odds per hit.
ALTER TABLE "lottery_bets" ADD COLUMN "points" integer;--> statement-breakpoint
ALTER TABLE "lottery_bets" ADD COLUMN "win_per_hit" bigint;--> statement-breakpoint
UPDATE "lottery_bets" SET "points" = 1, "win_per_hit" = "stake" * "odds_x100" / 100;--> statement-breakpoint
ALTER TABLE "lottery_bets" ALTER COLUMN "points" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "lottery_bets" ALTER COLUMN "win_per_hit" SET NOT NULL;--> statement-breakpoint
ALTER TABLE "lottery_bets" DROP COLUMN "odds_x100";
