CREATE TABLE "agent_contracts" (
	"id" serial PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"kind" text NOT NULL,
	"upline_id" integer,
	"downline_id" integer NOT NULL,
	"period" text,
	"tiers" jsonb NOT NULL,
	"status" text NOT NULL,
	"proposed_at" timestamp with time zone DEFAULT now() NOT NULL,
	"active_from" timestamp with time zone,
	"ended_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "contract_settlements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"contract_id" integer NOT NULL,
	"member_id" integer NOT NULL,
	"kind" text NOT NULL,
	"window_start" timestamp with time zone NOT NULL,
	"window_end" timestamp with time zone NOT NULL,
	"active_members" integer NOT NULL,
	"bet" bigint NOT NULL,
	"base" bigint NOT NULL,
	"rate_bp" integer NOT NULL,
	"gross" bigint NOT NULL,
	"deducted" bigint NOT NULL,
	"amount" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "contract_settlements_window" UNIQUE("contract_id","window_start")
);
--> statement-breakpoint
ALTER TABLE "agent_contracts" ADD CONSTRAINT "agent_contracts_merchant_code_merchants_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."merchants"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_contracts" ADD CONSTRAINT "agent_contracts_upline_id_members_id_fk" FOREIGN KEY ("upline_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "agent_contracts" ADD CONSTRAINT "agent_contracts_downline_id_members_id_fk" FOREIGN KEY ("downline_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_settlements" ADD CONSTRAINT "contract_settlements_merchant_code_merchants_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."merchants"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_settlements" ADD CONSTRAINT "contract_settlements_contract_id_agent_contracts_id_fk" FOREIGN KEY ("contract_id") REFERENCES "public"."agent_contracts"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "contract_settlements" ADD CONSTRAINT "contract_settlements_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "agent_contracts_open" ON "agent_contracts" USING btree ("downline_id","kind","status") WHERE "agent_contracts"."status" in ('PROPOSED', 'ACTIVE');--> statement-breakpoint
CREATE INDEX "agent_contracts_upline" ON "agent_contracts" USING btree ("upline_id","kind");--> statement-breakpoint
CREATE INDEX "contract_settlements_member" ON "contract_settlements" USING btree ("member_id","window_start");--> statement-breakpoint
CREATE INDEX "game_rounds_member_settled" ON "game_rounds" USING btree ("member_id","settled_at");--> statement-breakpoint
UPDATE "merchants" SET "settings" = jsonb_set("settings", '{features}', "settings"->'features' || '{"AGENT_DIVIDEND": true, "DAILY_SALARY": true, "HOURLY_SALARY": true, "REALTIME_SALARY": true}'::jsonb);
