CREATE TABLE "inbound_work" (
	"message_id" bigint NOT NULL,
	"account_id" integer NOT NULL,
	"phone_number_id" integer NOT NULL,
	"to_number" text NOT NULL,
	"sender" text NOT NULL,
	"body" text NOT NULL,
	"media_urls" text[] DEFAULT '{}' NOT NULL,
	"priority" smallint DEFAULT 1 NOT NULL,
	"not_before" timestamp with time zone DEFAULT now() NOT NULL,
	"attempts" integer DEFAULT 0 NOT NULL,
	"last_error" text,
	CONSTRAINT "inbound_work_pk" PRIMARY KEY("account_id","message_id")
);
--> statement-breakpoint
ALTER TABLE "inbound_work" ADD CONSTRAINT "inbound_work_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "inbound_work_key_idx" ON "inbound_work" USING btree ("phone_number_id","sender","message_id");--> statement-breakpoint
CREATE INDEX "inbound_work_claim_idx" ON "inbound_work" USING btree ("priority","message_id");--> statement-breakpoint
-- The ingress workers are woken at commit (the pipeline's channel, as account_events' trigger of
-- 0018 does), so a text is handled within milliseconds when they are idle.
CREATE FUNCTION "inbound_work_wake"() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  PERFORM pg_notify('parley_pipeline', '');
  RETURN NULL;
END $$;
--> statement-breakpoint
CREATE TRIGGER "inbound_work_wake" AFTER INSERT ON "inbound_work"
  FOR EACH STATEMENT EXECUTE FUNCTION "inbound_work_wake"();
