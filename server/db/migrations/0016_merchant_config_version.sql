CREATE TABLE "merchant_config" (
	"id" integer PRIMARY KEY DEFAULT 1 NOT NULL,
	"version" bigint DEFAULT 0 NOT NULL
);
--> statement-breakpoint
INSERT INTO "merchant_config" ("id", "version") VALUES (1, 0);--> statement-breakpoint
CREATE FUNCTION "merchant_config_bump"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- In the writer's transaction: readers see the new version exactly when they can see the new rows. The notice
  -- reaches listeners of this database at commit (the embedded PGlite's cache listens instead of reading the version).
  UPDATE "merchant_config" SET "version" = "version" + 1 WHERE "id" = 1;
  PERFORM pg_notify('merchant_config', '');
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "merchants_bump_config" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "merchants"
  FOR EACH STATEMENT EXECUTE FUNCTION "merchant_config_bump"();--> statement-breakpoint
CREATE TRIGGER "domains_bump_config" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "domains"
  FOR EACH STATEMENT EXECUTE FUNCTION "merchant_config_bump"();
