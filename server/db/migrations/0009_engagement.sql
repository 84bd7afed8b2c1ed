CREATE TABLE "merchant_rules" (
	"merchant_code" text NOT NULL,
	"topic" text NOT NULL,
	"rules" jsonb NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "merchant_rules_merchant_code_topic_pk" PRIMARY KEY("merchant_code","topic")
);
--> statement-breakpoint
CREATE TABLE "message_states" (
	"message_id" bigint NOT NULL,
	"member_id" integer NOT NULL,
	"read_at" timestamp with time zone,
	"deleted_at" timestamp with time zone,
	CONSTRAINT "message_states_message_id_member_id_pk" PRIMARY KEY("message_id","member_id")
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"member_id" integer,
	"category" text NOT NULL,
	"template" text,
	"params" jsonb DEFAULT '{}'::jsonb NOT NULL,
	"title" text NOT NULL,
	"body" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "mission_claims" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"member_id" integer NOT NULL,
	"mission_code" text NOT NULL,
	"period_start" date NOT NULL,
	"reward" bigint NOT NULL,
	"ledger_transaction_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "mission_claims_once" UNIQUE("merchant_code","member_id","mission_code","period_start")
);
--> statement-breakpoint
CREATE TABLE "rebate_claims" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"member_id" integer NOT NULL,
	"from_at" timestamp with time zone NOT NULL,
	"until_at" timestamp with time zone NOT NULL,
	"amount" bigint NOT NULL,
	"detail" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"ledger_transaction_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "rebate_claims_from" UNIQUE("merchant_code","member_id","from_at")
);
--> statement-breakpoint
CREATE TABLE "reward_tickets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"member_id" integer NOT NULL,
	"type" text NOT NULL,
	"source" text NOT NULL,
	"source_ref" text NOT NULL,
	"status" text DEFAULT 'AVAILABLE' NOT NULL,
	"prize" bigint,
	"prize_index" integer,
	"ledger_transaction_id" bigint,
	"expires_at" timestamp with time zone NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"opened_at" timestamp with time zone,
	CONSTRAINT "reward_tickets_source" UNIQUE("merchant_code","member_id","source","source_ref")
);
--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "referral_code" text;--> statement-breakpoint
ALTER TABLE "members" ADD COLUMN "referred_by" integer;--> statement-breakpoint
ALTER TABLE "payment_orders" ADD COLUMN "force_receive_at" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "merchant_rules" ADD CONSTRAINT "merchant_rules_merchant_code_merchants_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."merchants"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_states" ADD CONSTRAINT "message_states_message_id_messages_id_fk" FOREIGN KEY ("message_id") REFERENCES "public"."messages"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "message_states" ADD CONSTRAINT "message_states_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_merchant_code_merchants_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."merchants"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_claims" ADD CONSTRAINT "mission_claims_merchant_code_merchants_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."merchants"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "mission_claims" ADD CONSTRAINT "mission_claims_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rebate_claims" ADD CONSTRAINT "rebate_claims_merchant_code_merchants_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."merchants"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "rebate_claims" ADD CONSTRAINT "rebate_claims_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_tickets" ADD CONSTRAINT "reward_tickets_merchant_code_merchants_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."merchants"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "reward_tickets" ADD CONSTRAINT "reward_tickets_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "messages_recipient_time" ON "messages" USING btree ("merchant_code","member_id","created_at");--> statement-breakpoint
CREATE INDEX "reward_tickets_member" ON "reward_tickets" USING btree ("member_id","status","expires_at");--> statement-breakpoint
CREATE UNIQUE INDEX "members_merchant_referral" ON "members" USING btree ("merchant_code","referral_code") WHERE "members"."referral_code" is not null;--> statement-breakpoint
CREATE INDEX "members_referred_by" ON "members" USING btree ("referred_by");--> statement-breakpoint
UPDATE "payment_orders" SET "force_receive_at" = "disbursed_at" + interval '30 minutes' WHERE "status" = 'DISBURSED';