CREATE TABLE "account_credits" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"balance" integer DEFAULT 0 NOT NULL,
	"international_balance" integer DEFAULT 0 NOT NULL,
	"period_allowance" integer DEFAULT 0 NOT NULL,
	"period_started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "credit_ledger" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "credit_ledger_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"kind" text DEFAULT 'standard' NOT NULL,
	"delta" integer NOT NULL,
	"reason" text NOT NULL,
	"run_id" bigint,
	"message_id" bigint,
	"description" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "send_runs" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "send_runs_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"send_id" bigint NOT NULL,
	"account_id" integer NOT NULL,
	"run_at" timestamp with time zone NOT NULL,
	"status" text DEFAULT 'pending' NOT NULL,
	"text" text NOT NULL,
	"recipients" integer DEFAULT 0 NOT NULL,
	"excluded" integer DEFAULT 0 NOT NULL,
	"credits" integer DEFAULT 0 NOT NULL,
	"error" text,
	"started_at" timestamp with time zone,
	"fanned_out_at" timestamp with time zone,
	"completed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sends" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "sends_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"user_id" integer,
	"phone_number_id" integer,
	"form" jsonb NOT NULL,
	"text" text NOT NULL,
	"is_mms" boolean DEFAULT false NOT NULL,
	"media_urls" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"link_id" bigint,
	"template_id" integer,
	"recipients" jsonb NOT NULL,
	"timezone" text NOT NULL,
	"rrule" text,
	"ignore_quiet_hours" boolean DEFAULT false NOT NULL,
	"status" text DEFAULT 'scheduled' NOT NULL,
	"next_run_at" timestamp with time zone,
	"run_count" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "subscriber_id" bigint;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "user_id" integer;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "run_id" bigint;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "credits" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "pending_dispatch" boolean DEFAULT false NOT NULL;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "not_before" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "claimed_until" timestamp with time zone;--> statement-breakpoint
ALTER TABLE "messages" ADD COLUMN "attempts" smallint DEFAULT 0 NOT NULL;--> statement-breakpoint
ALTER TABLE "account_credits" ADD CONSTRAINT "account_credits_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "credit_ledger" ADD CONSTRAINT "credit_ledger_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "send_runs" ADD CONSTRAINT "send_runs_send_id_sends_id_fk" FOREIGN KEY ("send_id") REFERENCES "public"."sends"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "send_runs" ADD CONSTRAINT "send_runs_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sends" ADD CONSTRAINT "sends_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sends" ADD CONSTRAINT "sends_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "sends" ADD CONSTRAINT "sends_phone_number_id_phone_numbers_id_fk" FOREIGN KEY ("phone_number_id") REFERENCES "public"."phone_numbers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "credit_ledger_account_idx" ON "credit_ledger" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "credit_ledger_refund_key" ON "credit_ledger" USING btree ("message_id") WHERE "credit_ledger"."reason" = 'refund';--> statement-breakpoint
CREATE UNIQUE INDEX "send_runs_occurrence_key" ON "send_runs" USING btree ("send_id","run_at");--> statement-breakpoint
CREATE INDEX "send_runs_account_idx" ON "send_runs" USING btree ("account_id","run_at");--> statement-breakpoint
CREATE INDEX "sends_account_created_idx" ON "sends" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "sends_due_idx" ON "sends" USING btree ("next_run_at") WHERE "sends"."status" = 'scheduled';--> statement-breakpoint
DROP INDEX "messages_carrier_sid_key";--> statement-breakpoint
CREATE UNIQUE INDEX "messages_carrier_sid_key" ON "messages" USING btree ("carrier_sid") WHERE "messages"."carrier_sid" is not null;--> statement-breakpoint
CREATE INDEX "messages_dispatch_idx" ON "messages" USING btree ("not_before","id") WHERE "messages"."pending_dispatch";--> statement-breakpoint
CREATE INDEX "messages_run_pending_idx" ON "messages" USING btree ("run_id") WHERE "messages"."pending_dispatch";--> statement-breakpoint
CREATE INDEX "messages_run_status_idx" ON "messages" USING btree ("run_id","status") WHERE "messages"."run_id" is not null;--> statement-breakpoint
CREATE INDEX "messages_subscriber_idx" ON "messages" USING btree ("subscriber_id","id") WHERE "messages"."subscriber_id" is not null;--> statement-breakpoint
-- Written by hand (not in schema.ts): the realtime adapter's table for large payloads.
CREATE TABLE IF NOT EXISTS "socket_io_attachments" (
	"id" bigserial UNIQUE,
	"created_at" timestamp with time zone DEFAULT now(),
	"payload" bytea
);
--> statement-breakpoint
-- Segments of an SMS exactly as src/domain/segments.ts counts them (a test holds the two
-- together), so fan-out prices a million personalised messages in SQL. Short texts and texts
-- without two-unit characters take the fast paths; only the rest walk the characters.
CREATE OR REPLACE FUNCTION parley_segments(body text) RETURNS integer
LANGUAGE plpgsql IMMUTABLE PARALLEL SAFE AS $fn$
DECLARE
  gsm boolean := body ~ '^[@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞÆæßÉ !"#¤%&''()*+,./0-9:;<=>?¡A-ZÄÖÑÜ§¿a-zäöñüà^{}\\\[~\]|€\f-]*$';
  special text := CASE WHEN gsm THEN '[\^{}\\\[~\]|€\f]' ELSE '[\U00010000-\U0010FFFF]' END;
  n_special integer := char_length(body) - char_length(regexp_replace(body, special, '', 'g'));
  units integer := char_length(body) + n_special;
  single integer := CASE WHEN gsm THEN 160 ELSE 70 END;
  multi integer := CASE WHEN gsm THEN 153 ELSE 67 END;
  segs integer := 1;
  used integer := 0;
  size integer;
  ch text;
BEGIN
  IF units <= single THEN RETURN 1; END IF;
  IF n_special = 0 THEN RETURN ceil(units::numeric / multi)::integer; END IF;
  FOREACH ch IN ARRAY regexp_split_to_array(body, '') LOOP
    size := CASE WHEN ch ~ special THEN 2 ELSE 1 END;
    IF used + size > multi THEN
      segs := segs + 1;
      used := 0;
    END IF;
    used := used + size;
  END LOOP;
  RETURN segs;
END
$fn$;
