DROP INDEX "lottery_bets_member_time";--> statement-breakpoint
CREATE INDEX "lottery_bets_member_time" ON "lottery_bets" USING btree ("member_id","merchant_code","created_at","draw_id");