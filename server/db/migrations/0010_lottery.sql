CREATE TABLE "lottery_bets" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"merchant_code" text NOT NULL,
	"member_id" integer NOT NULL,
	"draw_id" bigint NOT NULL,
	"round_id" bigint NOT NULL,
	"play_type" text NOT NULL,
	"numbers" jsonb NOT NULL,
	"stake" bigint NOT NULL,
	"odds_x100" integer NOT NULL,
	"status" text DEFAULT 'OPEN' NOT NULL,
	"win_units" integer,
	"payout" bigint,
	"request_id" text NOT NULL,
	"line" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"settled_at" timestamp with time zone,
	CONSTRAINT "lottery_bets_request" UNIQUE("member_id","request_id","line")
);
--> statement-breakpoint
CREATE TABLE "lottery_draws" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"game_code" text NOT NULL,
	"issue" text NOT NULL,
	"draw_at" timestamp with time zone NOT NULL,
	"lock_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'COMMITTED' NOT NULL,
	"commitment" text NOT NULL,
	"numbers" text NOT NULL,
	"salt" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"drawn_at" timestamp with time zone,
	"settled_at" timestamp with time zone,
	CONSTRAINT "lottery_draws_issue" UNIQUE("game_code","issue")
);
--> statement-breakpoint
ALTER TABLE "lottery_bets" ADD CONSTRAINT "lottery_bets_merchant_code_merchants_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."merchants"("code") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_bets" ADD CONSTRAINT "lottery_bets_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_bets" ADD CONSTRAINT "lottery_bets_draw_id_lottery_draws_id_fk" FOREIGN KEY ("draw_id") REFERENCES "public"."lottery_draws"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "lottery_bets" ADD CONSTRAINT "lottery_bets_round_id_game_rounds_id_fk" FOREIGN KEY ("round_id") REFERENCES "public"."game_rounds"("id") ON DELETE no action ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "lottery_bets_draw" ON "lottery_bets" USING btree ("draw_id","status");--> statement-breakpoint
CREATE INDEX "lottery_bets_member_time" ON "lottery_bets" USING btree ("member_id","created_at");--> statement-breakpoint
CREATE INDEX "lottery_draws_status_time" ON "lottery_draws" USING btree ("status","draw_at");--> statement-breakpoint
CREATE INDEX "lottery_draws_game_time" ON "lottery_draws" USING btree ("game_code","draw_at");