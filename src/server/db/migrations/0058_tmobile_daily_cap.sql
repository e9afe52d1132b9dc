CREATE TABLE "tmobile_daily_sends" (
	"account_id" integer NOT NULL,
	"day" date NOT NULL,
	"sent" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "tmobile_daily_sends_account_id_day_pk" PRIMARY KEY("account_id","day")
);
--> statement-breakpoint
ALTER TABLE "subscribers" ADD COLUMN "carrier_name" text;--> statement-breakpoint
ALTER TABLE "tmobile_daily_sends" ADD CONSTRAINT "tmobile_daily_sends_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;