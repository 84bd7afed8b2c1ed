-- The back-office dashboard sums a merchant's rows by creation time: one index range scan each.
CREATE INDEX IF NOT EXISTS "payment_orders_merchant_time" ON "payment_orders" ("merchant_code", "created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "game_rounds_merchant_time" ON "game_rounds" ("merchant_code", "created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "members_merchant_time" ON "members" ("merchant_code", "created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "sessions_merchant_time" ON "sessions" ("merchant_code", "created_at");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "point_redemptions_merchant_status" ON "point_redemptions" ("merchant_code", "status");--> statement-breakpoint
CREATE INDEX IF NOT EXISTS "changes_merchant_status" ON "changes" ("merchant_code", "status");--> statement-breakpoint
CREATE FUNCTION "ops_event"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  -- Delivered to listeners at commit (one notice per distinct payload and transaction): the back office's live
  -- stream (GET /ops/events) tells operators' pages which queue of which merchant changed, in every API process.
  PERFORM pg_notify('ops_events', json_build_object(
    'merchant', COALESCE(NEW."merchant_code", OLD."merchant_code"), 'queue', TG_ARGV[0])::text);
  RETURN NULL;
END $$;--> statement-breakpoint
CREATE TRIGGER "payment_orders_ops_event" AFTER INSERT OR UPDATE ON "payment_orders"
  FOR EACH ROW EXECUTE FUNCTION "ops_event"('payments');--> statement-breakpoint
CREATE TRIGGER "changes_ops_event" AFTER INSERT OR UPDATE ON "changes"
  FOR EACH ROW EXECUTE FUNCTION "ops_event"('changes');--> statement-breakpoint
CREATE TRIGGER "point_redemptions_ops_event" AFTER INSERT OR UPDATE ON "point_redemptions"
  FOR EACH ROW EXECUTE FUNCTION "ops_event"('redemptions');--> statement-breakpoint
CREATE TRIGGER "feedback_ops_event" AFTER INSERT ON "feedback"
  FOR EACH ROW EXECUTE FUNCTION "ops_event"('feedback');
