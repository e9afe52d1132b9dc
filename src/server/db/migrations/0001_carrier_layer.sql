CREATE TABLE "billing_records" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "billing_records_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"kind" text NOT NULL,
	"description" text NOT NULL,
	"amount_cents" integer NOT NULL,
	"recurring" text,
	"reference" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "brand_registrations" (
	"account_id" integer PRIMARY KEY NOT NULL,
	"brand" jsonb NOT NULL,
	"brand_status" text DEFAULT 'pending' NOT NULL,
	"campaign" jsonb,
	"campaign_status" text DEFAULT 'none' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "consent_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "consent_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"phone" text NOT NULL,
	"action" text NOT NULL,
	"source" text NOT NULL,
	"detail" text DEFAULT '' NOT NULL,
	"phone_number_id" integer,
	"user_id" integer,
	"message_id" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "emu_messages" (
	"sid" text PRIMARY KEY NOT NULL,
	"direction" text NOT NULL,
	"from_number" text NOT NULL,
	"to_number" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"media_urls" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"num_segments" smallint DEFAULT 1 NOT NULL,
	"status" text NOT NULL,
	"error_code" integer,
	"status_callback" text,
	"idempotency_key" text,
	"pending_events" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"next_event_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "emu_messages_idempotency_key_unique" UNIQUE("idempotency_key")
);
--> statement-breakpoint
CREATE TABLE "emu_numbers" (
	"sid" text PRIMARY KEY NOT NULL,
	"number" text NOT NULL,
	"friendly_name" text DEFAULT '' NOT NULL,
	"sms_url" text DEFAULT '' NOT NULL,
	"status_callback" text DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "emu_numbers_number_unique" UNIQUE("number")
);
--> statement-breakpoint
CREATE TABLE "messages" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "messages_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"direction" text NOT NULL,
	"phone_number_id" integer,
	"from_number" text NOT NULL,
	"to_number" text NOT NULL,
	"body" text DEFAULT '' NOT NULL,
	"media_urls" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"segments" smallint DEFAULT 1 NOT NULL,
	"status" text NOT NULL,
	"error_code" integer,
	"carrier_sid" text,
	"source" text DEFAULT 'api' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "phone_numbers" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "phone_numbers_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 2147483647 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"number" text NOT NULL,
	"carrier_sid" text NOT NULL,
	"name" text DEFAULT '' NOT NULL,
	"toll_free" boolean DEFAULT false NOT NULL,
	"state" text DEFAULT 'active' NOT NULL,
	"tf_verification" text DEFAULT 'none' NOT NULL,
	"tf_verification_form" jsonb,
	"included" boolean DEFAULT false NOT NULL,
	"monthly_price_cents" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"released_at" timestamp with time zone
);
--> statement-breakpoint
CREATE TABLE "suppressions" (
	"account_id" integer NOT NULL,
	"phone" text NOT NULL,
	"reason" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "suppressions_account_id_phone_reason_pk" PRIMARY KEY("account_id","phone","reason")
);
--> statement-breakpoint
ALTER TABLE "billing_records" ADD CONSTRAINT "billing_records_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "brand_registrations" ADD CONSTRAINT "brand_registrations_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_events" ADD CONSTRAINT "consent_events_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_events" ADD CONSTRAINT "consent_events_phone_number_id_phone_numbers_id_fk" FOREIGN KEY ("phone_number_id") REFERENCES "public"."phone_numbers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "consent_events" ADD CONSTRAINT "consent_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "messages" ADD CONSTRAINT "messages_phone_number_id_phone_numbers_id_fk" FOREIGN KEY ("phone_number_id") REFERENCES "public"."phone_numbers"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "phone_numbers" ADD CONSTRAINT "phone_numbers_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "suppressions" ADD CONSTRAINT "suppressions_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "billing_records_account_idx" ON "billing_records" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "consent_events_account_phone_idx" ON "consent_events" USING btree ("account_id","phone","created_at");--> statement-breakpoint
CREATE INDEX "emu_messages_next_event_idx" ON "emu_messages" USING btree ("next_event_at") WHERE "emu_messages"."next_event_at" is not null;--> statement-breakpoint
CREATE INDEX "emu_messages_to_idx" ON "emu_messages" USING btree ("to_number","created_at");--> statement-breakpoint
CREATE INDEX "emu_messages_from_idx" ON "emu_messages" USING btree ("from_number","created_at");--> statement-breakpoint
CREATE UNIQUE INDEX "messages_carrier_sid_key" ON "messages" USING btree ("carrier_sid");--> statement-breakpoint
CREATE INDEX "messages_account_created_idx" ON "messages" USING btree ("account_id","created_at");--> statement-breakpoint
CREATE INDEX "messages_account_peer_idx" ON "messages" USING btree ("account_id","to_number");--> statement-breakpoint
CREATE UNIQUE INDEX "phone_numbers_live_number_key" ON "phone_numbers" USING btree ("number") WHERE "phone_numbers"."state" <> 'released';--> statement-breakpoint
CREATE INDEX "phone_numbers_account_id_idx" ON "phone_numbers" USING btree ("account_id");