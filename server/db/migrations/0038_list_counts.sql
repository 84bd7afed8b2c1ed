-- The public game lists' totals (server/modules/games/list.ts): a page is an index scan of its 42 rows, but its exact
-- total counted every listed game of the filter (20,000 in a large catalogue). Listed games are counted here per
-- merchant, type and vendor, kept in the writer's transaction by the games' own trigger, so a list filtered by type
-- and vendor (or neither) reads its total from a few rows. Only catalogue writes (vendor sync, /ops Games) pay for it.
CREATE TABLE "game_counts" (
	"merchant_code" text NOT NULL,
	"game_type" text NOT NULL,
	"vassalage" text NOT NULL,
	"n" integer NOT NULL,
	CONSTRAINT "game_counts_merchant_code_game_type_vassalage_pk" PRIMARY KEY("merchant_code","game_type","vassalage")
);--> statement-breakpoint
CREATE FUNCTION "game_counts_keep"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Listed: the predicate of listedPredicate (server/db/schema/catalogue.ts) and of the games_listed_* indexes.
  IF TG_OP IN ('UPDATE', 'DELETE') AND OLD."removed_at" IS NULL AND NOT OLD."hidden" THEN
    UPDATE "game_counts" SET "n" = "n" - 1
      WHERE "merchant_code" = OLD."merchant_code" AND "game_type" = OLD."game_type" AND "vassalage" = OLD."vassalage";
  END IF;
  IF TG_OP IN ('UPDATE', 'INSERT') AND NEW."removed_at" IS NULL AND NOT NEW."hidden" THEN
    INSERT INTO "game_counts" VALUES (NEW."merchant_code", NEW."game_type", NEW."vassalage", 1)
      ON CONFLICT ("merchant_code", "game_type", "vassalage") DO UPDATE SET "n" = "game_counts"."n" + 1;
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "games_keep_counts" AFTER INSERT OR DELETE OR UPDATE OF "merchant_code", "game_type", "vassalage", "removed_at", "hidden" ON "games"
  FOR EACH ROW EXECUTE FUNCTION "game_counts_keep"();--> statement-breakpoint
CREATE FUNCTION "game_counts_clear"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  DELETE FROM "game_counts";
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "games_clear_counts" AFTER TRUNCATE ON "games"
  FOR EACH STATEMENT EXECUTE FUNCTION "game_counts_clear"();--> statement-breakpoint
INSERT INTO "game_counts"
  SELECT "merchant_code", "game_type", "vassalage", count(*)::integer FROM "games"
  WHERE "removed_at" IS NULL AND NOT "hidden" GROUP BY 1, 2, 3;--> statement-breakpoint
-- Searching names: trigrams (pg_trgm, in PostgreSQL's contrib and loaded by PGlite, server/db/client.ts) find the
-- few games whose name holds the text instead of reading every listed game's names. One index, one column a locale:
-- a search in the visitor's language or English is a BitmapOr of two of its columns.
CREATE EXTENSION IF NOT EXISTS "pg_trgm";--> statement-breakpoint
CREATE INDEX "games_listed_names" ON "games" USING gin (
  ("names"->>'en') gin_trgm_ops, ("names"->>'vi') gin_trgm_ops, ("names"->>'th') gin_trgm_ops, ("names"->>'zh') gin_trgm_ops
) WHERE "removed_at" IS NULL AND NOT "hidden";
