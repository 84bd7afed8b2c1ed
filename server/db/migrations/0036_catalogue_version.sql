ALTER TABLE "merchant_config" ADD COLUMN "catalogue_version" bigint DEFAULT 0 NOT NULL;--> statement-breakpoint
CREATE FUNCTION "catalogue_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- In the writer's transaction, as merchant_config_bump (0016): a reader sees the new version exactly when it can
  -- see the new rows. PostgreSQL processes read the version with the merchant's on every request (no notification
  -- to wait for); the embedded PGlite's one process counts the notifications instead, handed over at commit.
  UPDATE "merchant_config" SET "catalogue_version" = "catalogue_version" + 1 WHERE "id" = 1;
  PERFORM "portico_invalidate"('catalogue', '*');
  RETURN NULL;
END $$;--> statement-breakpoint
-- The public catalogue's tables: none is written on the money path (bets, wallets, ledger), so the notification
-- never lengthens a money transaction. Winners change with every settled win: they are not here (the winner board
-- is cached for a few seconds instead).
CREATE TRIGGER "games_bump_catalogue" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "games"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_bump"();--> statement-breakpoint
CREATE TRIGGER "vendors_bump_catalogue" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "vendors"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_bump"();--> statement-breakpoint
CREATE TRIGGER "notices_bump_catalogue" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "notices"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_bump"();--> statement-breakpoint
CREATE TRIGGER "banners_bump_catalogue" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "banners"
  FOR EACH STATEMENT EXECUTE FUNCTION "catalogue_bump"();
