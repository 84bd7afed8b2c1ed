ALTER TABLE "audit_log" ALTER COLUMN "prev_hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ALTER COLUMN "hash" DROP NOT NULL;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "seq" bigint;--> statement-breakpoint
ALTER TABLE "audit_log" ADD COLUMN "body" text;--> statement-breakpoint
CREATE INDEX "audit_log_unlinked" ON "audit_log" USING btree ("id") WHERE "audit_log"."seq" is null;--> statement-breakpoint
ALTER TABLE "audit_log" ADD CONSTRAINT "audit_log_seq_unique" UNIQUE("seq");--> statement-breakpoint
ALTER TABLE "audit_log" DISABLE TRIGGER "audit_log_append_only";--> statement-breakpoint
UPDATE "audit_log" SET "seq" = o."n" FROM (SELECT "id", row_number() OVER (ORDER BY "id") AS "n" FROM "audit_log") o WHERE "audit_log"."id" = o."id";--> statement-breakpoint
ALTER TABLE "audit_log" ENABLE TRIGGER "audit_log_append_only";--> statement-breakpoint
CREATE OR REPLACE FUNCTION "audit_log_append_only"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- The one update allowed: linking an unlinked row into the chain, its content untouched.
  IF TG_OP = 'UPDATE' AND OLD."seq" IS NULL AND NEW."seq" IS NOT NULL AND NEW."hash" IS NOT NULL
    AND NEW."prev_hash" IS NOT NULL AND NEW."body" IS NULL AND NEW."id" = OLD."id"
    AND NEW."merchant_code" = OLD."merchant_code" AND NEW."actor" = OLD."actor" AND NEW."action" = OLD."action"
    AND NEW."subject" = OLD."subject" AND NEW."at" = OLD."at" THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'audit_log is append-only';
END $$;--> statement-breakpoint
CREATE FUNCTION "portico_audit_chain"() RETURNS integer LANGUAGE plpgsql AS $$
DECLARE
  last_seq bigint;
  last_hash text;
  r record;
  h text;
  n integer := 0;
BEGIN
  -- One linker at a time across processes; each statement below takes a fresh snapshot after the lock, so it sees
  -- every row the previous linker committed.
  PERFORM pg_advisory_xact_lock(hashtext('portico:audit'));
  SELECT "seq", "hash" INTO last_seq, last_hash FROM "audit_log" WHERE "seq" IS NOT NULL ORDER BY "seq" DESC LIMIT 1;
  last_seq := coalesce(last_seq, 0);
  last_hash := coalesce(last_hash, repeat('0', 64));
  FOR r IN SELECT "id", "body" FROM "audit_log" WHERE "seq" IS NULL ORDER BY "id" LOOP
    -- sha256 of the canonical JSON [prev_hash, merchant, actor, action, subject, at]: body is that array without
    -- its first element, so this is the same text server/modules/audit/log.ts hashes to verify.
    h := encode(sha256(convert_to('["' || last_hash || '",' || substr(r."body", 2), 'UTF8')), 'hex');
    last_seq := last_seq + 1;
    UPDATE "audit_log" SET "seq" = last_seq, "prev_hash" = last_hash, "hash" = h, "body" = NULL WHERE "id" = r."id";
    last_hash := h;
    n := n + 1;
  END LOOP;
  RETURN n;
END $$;
