-- A member's recent lotteries (server/modules/lottery/service.ts, recentMenu): "the lotteries the member bet on, latest
-- first, at most 20" grouped every bet of the member's history by its draw's lottery (1,724 bets and as many draw
-- lookups for a 90-day player). This table holds one row per member, merchant and lottery with the last bet's time,
-- kept by lottery_bets' triggers in the writer's statement, so the menu reads at most one row per lottery.
CREATE TABLE "member_lotteries" (
	"member_id" integer NOT NULL,
	"merchant_code" text NOT NULL,
	"game_code" text NOT NULL,
	"last_bet_at" timestamp with time zone NOT NULL,
	CONSTRAINT "member_lotteries_member_id_merchant_code_game_code_pk" PRIMARY KEY("member_id","merchant_code","game_code")
);
--> statement-breakpoint
ALTER TABLE "member_lotteries" ADD CONSTRAINT "member_lotteries_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_lotteries" ADD CONSTRAINT "member_lotteries_merchant_code_merchants_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."merchants"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
-- Inserted bets (a slip's lines, a seed's thousands): one upsert per member, merchant and lottery of the statement.
CREATE FUNCTION "member_lotteries_add"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "member_lotteries" AS m ("member_id", "merchant_code", "game_code", "last_bet_at")
    SELECT b."member_id", b."merchant_code", d."game_code", max(b."created_at")
    FROM "new_bets" b JOIN "lottery_draws" d ON d."id" = b."draw_id"
    GROUP BY 1, 2, 3
    ON CONFLICT ("member_id", "merchant_code", "game_code")
      DO UPDATE SET "last_bet_at" = greatest(m."last_bet_at", excluded."last_bet_at");
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "lottery_bets_add_member_lotteries" AFTER INSERT ON "lottery_bets"
  REFERENCING NEW TABLE AS "new_bets" FOR EACH STATEMENT EXECUTE FUNCTION "member_lotteries_add"();--> statement-breakpoint
-- A bet is never deleted, and its member, merchant, draw and time never change (settlement and refunds set its status):
-- should one be, its member's row for that lottery is counted again from the bets, so the table stays exact.
CREATE FUNCTION "member_lotteries_recount"(p_member integer, p_merchant text, p_draw bigint) RETURNS void
LANGUAGE plpgsql AS $$
DECLARE
  g text := (SELECT "game_code" FROM "lottery_draws" WHERE "id" = p_draw);
BEGIN
  DELETE FROM "member_lotteries"
    WHERE "member_id" = p_member AND "merchant_code" = p_merchant AND "game_code" = g;
  INSERT INTO "member_lotteries" ("member_id", "merchant_code", "game_code", "last_bet_at")
    SELECT p_member, p_merchant, g, max(b."created_at")
    FROM "lottery_bets" b JOIN "lottery_draws" d ON d."id" = b."draw_id"
    WHERE b."member_id" = p_member AND b."merchant_code" = p_merchant AND d."game_code" = g
    HAVING count(*) > 0;
END $$;--> statement-breakpoint
CREATE FUNCTION "member_lotteries_change"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "member_lotteries_recount"(OLD."member_id", OLD."merchant_code", OLD."draw_id");
  IF TG_OP = 'UPDATE' THEN
    PERFORM "member_lotteries_recount"(NEW."member_id", NEW."merchant_code", NEW."draw_id");
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "lottery_bets_change_member_lotteries"
  AFTER DELETE OR UPDATE OF "member_id", "merchant_code", "draw_id", "created_at" ON "lottery_bets"
  FOR EACH ROW EXECUTE FUNCTION "member_lotteries_change"();--> statement-breakpoint
CREATE FUNCTION "member_lotteries_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "member_lotteries";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "lottery_bets_clear_member_lotteries" AFTER TRUNCATE ON "lottery_bets"
  FOR EACH STATEMENT EXECUTE FUNCTION "member_lotteries_clear"();--> statement-breakpoint
-- The bets placed before this migration.
INSERT INTO "member_lotteries" ("member_id", "merchant_code", "game_code", "last_bet_at")
  SELECT b."member_id", b."merchant_code", d."game_code", max(b."created_at")
  FROM "lottery_bets" b JOIN "lottery_draws" d ON d."id" = b."draw_id"
  GROUP BY 1, 2, 3;
