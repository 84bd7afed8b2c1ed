ALTER TABLE "ledger_transactions" ADD COLUMN "request_hash" text;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD COLUMN "request_hash" text;