-- The audit chain becomes insert-only: linking a row used to rewrite it (seq, prev_hash, hash set, body cleared), a
-- new version of a row whose seq and hash are indexed, so never a HOT update: every transfer's record was written
-- twice with all its index entries. Now the row is final as inserted; the chain is a table of its own that the
-- linking pass appends to, and the rows waiting for it are a small queue filled by the audit row's insert.
CREATE TABLE "audit_chain" (
	"seq" bigint PRIMARY KEY NOT NULL,
	"audit_id" bigint NOT NULL,
	"prev_hash" text NOT NULL,
	"hash" text NOT NULL,
	CONSTRAINT "audit_chain_audit_id_unique" UNIQUE("audit_id")
);
--> statement-breakpoint
CREATE TABLE "audit_pending" (
	"id" bigint PRIMARY KEY NOT NULL,
	"body" text NOT NULL
);
--> statement-breakpoint
-- The chain so far moves as it is (seq, hashes); the rows not yet linked wait in the queue with their body.
INSERT INTO "audit_chain" ("seq", "audit_id", "prev_hash", "hash")
  SELECT "seq", "id", "prev_hash", "hash" FROM "audit_log" WHERE "seq" IS NOT NULL;--> statement-breakpoint
INSERT INTO "audit_pending" ("id", "body") SELECT "id", "body" FROM "audit_log" WHERE "seq" IS NULL;--> statement-breakpoint
ALTER TABLE "audit_log" DISABLE TRIGGER "audit_log_append_only";--> statement-breakpoint
UPDATE "audit_log" SET "body" = NULL WHERE "body" IS NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ENABLE TRIGGER "audit_log_append_only";--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_seq_unique";--> statement-breakpoint
ALTER TABLE "audit_log" DROP CONSTRAINT "audit_log_hash_unique";--> statement-breakpoint
DROP INDEX "audit_log_unlinked";--> statement-breakpoint
ALTER TABLE "audit_log" DROP COLUMN "seq";--> statement-breakpoint
ALTER TABLE "audit_log" DROP COLUMN "prev_hash";--> statement-breakpoint
ALTER TABLE "audit_log" DROP COLUMN "hash";--> statement-breakpoint
-- No update of an audit row any more, linking included.
CREATE OR REPLACE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  RAISE EXCEPTION '% is append-only', TG_TABLE_NAME;
END $$;--> statement-breakpoint
CREATE TRIGGER "audit_chain_append_only" BEFORE UPDATE OR DELETE ON "audit_chain"
  FOR EACH ROW EXECUTE FUNCTION "audit_log_append_only"();--> statement-breakpoint
-- Every audit row enters the queue in its own insert, so none can miss the chain; its body is kept there only
-- (the chain's hash covers the row's columns, from which verify computes the same text).
CREATE FUNCTION "audit_log_enqueue"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW."body" IS NULL THEN
    RAISE EXCEPTION 'audit_log: a row needs the canonical body its hash covers';
  END IF;
  INSERT INTO "audit_pending" ("id", "body") VALUES (NEW."id", NEW."body");
  NEW."body" := NULL;
  RETURN NEW;
END $$;--> statement-breakpoint
CREATE TRIGGER "audit_log_enqueue" BEFORE INSERT ON "audit_log"
  FOR EACH ROW EXECUTE FUNCTION "audit_log_enqueue"();--> statement-breakpoint
CREATE OR REPLACE FUNCTION "portico_audit_chain"() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  last_seq bigint;
  last_hash text;
  first_prev text;
  r record;
  ids bigint[] := '{}';
  hashes text[] := '{}';
BEGIN
  -- One linker at a time across processes; each statement below takes a fresh snapshot after the lock, so it sees
  -- every row the previous linker committed and none of the rows it took off the queue.
  PERFORM pg_advisory_xact_lock(hashtext('portico:audit'));
  SELECT "seq", "hash" INTO last_seq, last_hash FROM "audit_chain" ORDER BY "seq" DESC LIMIT 1;
  last_seq := coalesce(last_seq, 0);
  last_hash := coalesce(last_hash, repeat('0', 64));
  first_prev := last_hash;
  FOR r IN SELECT "id", "body" FROM "audit_pending" ORDER BY "id" LOOP
    -- sha256 of the canonical JSON [prev_hash, merchant, actor, action, subject, at]: body is that array without
    -- its first element, so this is the same text server/modules/audit/log.ts hashes to verify.
    last_hash := encode(sha256(convert_to('["' || last_hash || '",' || substr(r."body", 2), 'UTF8')), 'hex');
    ids := ids || r."id";
    hashes := hashes || last_hash;
  END LOOP;
  IF cardinality(ids) = 0 THEN
    RETURN 0;
  END IF;
  -- One insert and one delete for the whole pass, not a statement per row.
  INSERT INTO "audit_chain" ("seq", "audit_id", "prev_hash", "hash")
    SELECT last_seq + u.n, u.id, coalesce(hashes[u.n - 1], first_prev), u.hash
    FROM unnest(ids, hashes) WITH ORDINALITY AS u(id, hash, n);
  DELETE FROM "audit_pending" WHERE "id" = ANY(ids);
  RETURN cardinality(ids);
END $$;
