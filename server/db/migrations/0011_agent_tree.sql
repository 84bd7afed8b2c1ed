CREATE TABLE "member_tree" (
	"ancestor_id" integer NOT NULL,
	"descendant_id" integer NOT NULL,
	"depth" integer NOT NULL,
	CONSTRAINT "member_tree_ancestor_id_descendant_id_pk" PRIMARY KEY("ancestor_id","descendant_id")
);
--> statement-breakpoint
ALTER TABLE "member_tree" ADD CONSTRAINT "member_tree_ancestor_id_members_id_fk" FOREIGN KEY ("ancestor_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "member_tree" ADD CONSTRAINT "member_tree_descendant_id_members_id_fk" FOREIGN KEY ("descendant_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "member_tree_descendant" ON "member_tree" USING btree ("descendant_id");--> statement-breakpoint
INSERT INTO "member_tree" ("ancestor_id", "descendant_id", "depth")
WITH RECURSIVE "up" ("descendant_id", "ancestor_id", "depth") AS (
  SELECT "id", "id", 0 FROM "members"
  UNION ALL
  SELECT "up"."descendant_id", "m"."upline_id", "up"."depth" + 1
  FROM "up" JOIN "members" "m" ON "m"."id" = "up"."ancestor_id"
  WHERE "m"."upline_id" IS NOT NULL
)
SELECT "ancestor_id", "descendant_id", "depth" FROM "up";--> statement-breakpoint
CREATE FUNCTION "member_tree_insert"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  INSERT INTO "member_tree" ("ancestor_id", "descendant_id", "depth") VALUES (NEW."id", NEW."id", 0);
  IF NEW."upline_id" IS NOT NULL THEN
    INSERT INTO "member_tree" ("ancestor_id", "descendant_id", "depth")
    SELECT "ancestor_id", NEW."id", "depth" + 1 FROM "member_tree" WHERE "descendant_id" = NEW."upline_id";
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "member_tree_insert" AFTER INSERT ON "members" FOR EACH ROW EXECUTE FUNCTION "member_tree_insert"();--> statement-breakpoint
CREATE FUNCTION "member_tree_move"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."upline_id" IS NOT NULL AND EXISTS (
    SELECT 1 FROM "member_tree" WHERE "ancestor_id" = NEW."id" AND "descendant_id" = NEW."upline_id"
  ) THEN
    RAISE EXCEPTION 'member % cannot be placed under its own downline %', NEW."id", NEW."upline_id";
  END IF;
  -- The subtree leaves its old ancestors, then joins the new upline's.
  DELETE FROM "member_tree"
  WHERE "descendant_id" IN (SELECT "descendant_id" FROM "member_tree" WHERE "ancestor_id" = NEW."id")
    AND "ancestor_id" IN (SELECT "ancestor_id" FROM "member_tree" WHERE "descendant_id" = NEW."id" AND "ancestor_id" <> NEW."id");
  IF NEW."upline_id" IS NOT NULL THEN
    INSERT INTO "member_tree" ("ancestor_id", "descendant_id", "depth")
    SELECT "a"."ancestor_id", "d"."descendant_id", "a"."depth" + "d"."depth" + 1
    FROM "member_tree" "a", "member_tree" "d"
    WHERE "a"."descendant_id" = NEW."upline_id" AND "d"."ancestor_id" = NEW."id";
  END IF;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "member_tree_move" AFTER UPDATE OF "upline_id" ON "members" FOR EACH ROW
WHEN (OLD."upline_id" IS DISTINCT FROM NEW."upline_id") EXECUTE FUNCTION "member_tree_move"();
