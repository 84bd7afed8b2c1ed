-- Per-process caches (server/db/invalidation.ts) learn that rows they keep changed from one channel,
-- `portico_invalidate`, whose payload is `topic:key`. Delivered at commit to every API process's listener.
CREATE FUNCTION "portico_invalidate"("topic" text, "key" text) RETURNS void LANGUAGE sql AS $$
  SELECT pg_notify('portico_invalidate', "topic" || ':' || "key");
$$;--> statement-breakpoint
-- The session cache (server/modules/auth/sessions.ts) keeps a session's member row: any change of the member, and a
-- session's revocation, drops the member's cached sessions. The payment password's wrong-try counters are left out:
-- they change on every check, and no cached reader uses them (the check reads them in its own statement).
CREATE FUNCTION "member_invalidate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' OR (to_jsonb(OLD) - 'payment_password_failures' - 'payment_password_checks'
      - 'payment_password_checked_at' - 'payment_password_locked_until')
    IS DISTINCT FROM (to_jsonb(NEW) - 'payment_password_failures' - 'payment_password_checks'
      - 'payment_password_checked_at' - 'payment_password_locked_until') THEN
    PERFORM "portico_invalidate"('member', OLD."id"::text);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "members_invalidate" AFTER UPDATE OR DELETE ON "members"
  FOR EACH ROW EXECUTE FUNCTION "member_invalidate"();--> statement-breakpoint
-- last_seen_at (touched at most once a minute) does not notify: the cache keeps its own copy of it.
CREATE FUNCTION "session_invalidate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM "portico_invalidate"('member', OLD."member_id"::text);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "sessions_invalidate" AFTER UPDATE OF "revoked_at", "member_id", "merchant_code", "remembered", "created_at"
  OR DELETE ON "sessions"
  FOR EACH ROW EXECUTE FUNCTION "session_invalidate"();--> statement-breakpoint
-- Wallets notify on PGlite only. There one process owns the data and its notifications are handed over before the
-- writing query returns, so the balance route may keep balances (server/modules/wallet/balance.ts). On PostgreSQL a
-- NOTIFY in every money transaction would serialise their commits on one global lock: no trigger there.
CREATE FUNCTION "wallet_invalidate"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF COALESCE(NEW."member_id", OLD."member_id") IS NOT NULL THEN
    PERFORM "portico_invalidate"('wallet', COALESCE(NEW."member_id", OLD."member_id")::text);
  END IF;
  RETURN NULL;
END $$;--> statement-breakpoint
DO $$
BEGIN
  IF version() LIKE '%PGlite%' THEN
    CREATE TRIGGER "wallets_invalidate" AFTER INSERT OR UPDATE OR DELETE ON "wallets"
      FOR EACH ROW EXECUTE FUNCTION "wallet_invalidate"();
  END IF;
END $$;
