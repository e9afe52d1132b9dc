-- The shared inbox (issue #8): one conversation per subscriber who texted in or was answered,
-- its markers (Archived / Unsubscribed), and message deletion. Written by hand; schema.ts
-- (section "Inbox") mirrors it.
ALTER TABLE "messages" ADD COLUMN "deleted_at" timestamp with time zone;
--> statement-breakpoint
CREATE TABLE "conversations" (
	"subscriber_id" bigint PRIMARY KEY NOT NULL,
	"account_id" integer NOT NULL,
	"phone_number_id" integer,
	"last_outbound_number_id" integer,
	"last_message_id" bigint,
	"last_message_at" timestamp with time zone DEFAULT now() NOT NULL,
	"last_message_type" text DEFAULT 'reply' NOT NULL,
	"preview" text DEFAULT '' NOT NULL,
	"read" boolean DEFAULT true NOT NULL,
	"unread_count" integer DEFAULT 0 NOT NULL,
	"assigned_user_id" integer,
	"archived_at" timestamp with time zone,
	"archived_by" integer,
	"blocked_at" timestamp with time zone,
	"has_chatbot" boolean DEFAULT false NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "conversation_events" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "conversation_events_id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"account_id" integer NOT NULL,
	"subscriber_id" bigint NOT NULL,
	"kind" text NOT NULL,
	"user_id" integer,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_phone_number_id_phone_numbers_id_fk" FOREIGN KEY ("phone_number_id") REFERENCES "public"."phone_numbers"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_last_outbound_number_id_phone_numbers_id_fk" FOREIGN KEY ("last_outbound_number_id") REFERENCES "public"."phone_numbers"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_assigned_user_id_users_id_fk" FOREIGN KEY ("assigned_user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "conversations" ADD CONSTRAINT "conversations_archived_by_users_id_fk" FOREIGN KEY ("archived_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "conversation_events" ADD CONSTRAINT "conversation_events_account_id_accounts_id_fk" FOREIGN KEY ("account_id") REFERENCES "public"."accounts"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "conversation_events" ADD CONSTRAINT "conversation_events_subscriber_id_subscribers_id_fk" FOREIGN KEY ("subscriber_id") REFERENCES "public"."subscribers"("id") ON DELETE cascade ON UPDATE no action;
--> statement-breakpoint
ALTER TABLE "conversation_events" ADD CONSTRAINT "conversation_events_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;
--> statement-breakpoint
-- The list, newest first, per tab: scanned backwards these give "last_message_at desc,
-- subscriber_id desc" without a sort, whatever the account's size.
CREATE INDEX "conversations_open_idx" ON "conversations" USING btree ("account_id","last_message_at","subscriber_id") WHERE "conversations"."archived_at" is null and "conversations"."blocked_at" is null;
--> statement-breakpoint
CREATE INDEX "conversations_archived_idx" ON "conversations" USING btree ("account_id","last_message_at","subscriber_id") WHERE "conversations"."archived_at" is not null and "conversations"."blocked_at" is null;
--> statement-breakpoint
-- Mine (= user) and Unassigned (is null).
CREATE INDEX "conversations_assignee_idx" ON "conversations" USING btree ("account_id","assigned_user_id","last_message_at","subscriber_id") WHERE "conversations"."archived_at" is null and "conversations"."blocked_at" is null;
--> statement-breakpoint
-- Outbound-number filter and restricted users (their numbers only).
CREATE INDEX "conversations_number_idx" ON "conversations" USING btree ("account_id","phone_number_id","last_message_at","subscriber_id") WHERE "conversations"."blocked_at" is null;
--> statement-breakpoint
-- Sort by unread: unread first, each part newest first.
CREATE INDEX "conversations_unread_first_idx" ON "conversations" USING btree ("account_id","read","last_message_at" DESC,"subscriber_id" DESC) WHERE "conversations"."archived_at" is null and "conversations"."blocked_at" is null;
--> statement-breakpoint
-- Tab counts (unread conversations per tab) read only this small index.
CREATE INDEX "conversations_unread_counts_idx" ON "conversations" USING btree ("account_id","assigned_user_id","archived_at") WHERE "conversations"."read" = false and "conversations"."blocked_at" is null;
--> statement-breakpoint
CREATE INDEX "conversation_events_subscriber_idx" ON "conversation_events" USING btree ("subscriber_id","created_at");
