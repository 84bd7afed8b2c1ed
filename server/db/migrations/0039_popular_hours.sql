CREATE TABLE "lottery_bet_hours" (
	"merchant_code" text NOT NULL,
	"hour" timestamp with time zone NOT NULL,
	"game_code" text NOT NULL,
	"bets" integer NOT NULL,
	CONSTRAINT "lottery_bet_hours_merchant_code_hour_game_code_pk" PRIMARY KEY("merchant_code","hour","game_code")
);
--> statement-breakpoint
ALTER TABLE "lottery_bet_hours" ADD CONSTRAINT "lottery_bet_hours_merchant_code_merchants_code_fk" FOREIGN KEY ("merchant_code") REFERENCES "public"."merchants"("code") ON DELETE no action ON UPDATE no action;