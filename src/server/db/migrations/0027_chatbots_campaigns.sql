-- Chatbots: one per business number, a tree of nodes (question, collect, message, hand-off, end).
CREATE TABLE "chatbots" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"account_id" integer NOT NULL REFERENCES "accounts"("id") ON DELETE cascade,
	"phone_number_id" integer NOT NULL REFERENCES "phone_numbers"("id") ON DELETE cascade,
	"name" text NOT NULL,
	"enabled" boolean DEFAULT false NOT NULL,
	"trigger_words" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"tree" jsonb NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "chatbots_number_key" ON "chatbots" ("phone_number_id");
--> statement-breakpoint
CREATE INDEX "chatbots_account_idx" ON "chatbots" ("account_id", "id");
--> statement-breakpoint
-- One conversation with a chatbot: the node it waits at. At most one open session per person and bot.
CREATE TABLE "chatbot_sessions" (
	"id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"chatbot_id" integer NOT NULL REFERENCES "chatbots"("id") ON DELETE cascade,
	"account_id" integer NOT NULL REFERENCES "accounts"("id") ON DELETE cascade,
	"subscriber_id" bigint NOT NULL REFERENCES "subscribers"("id") ON DELETE cascade,
	"status" text DEFAULT 'open' NOT NULL,
	"node_id" text,
	"replies" integer DEFAULT 0 NOT NULL,
	"started_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"finished_at" timestamp with time zone
);
--> statement-breakpoint
CREATE UNIQUE INDEX "chatbot_sessions_open_key" ON "chatbot_sessions" ("chatbot_id", "subscriber_id") WHERE "status" = 'open';
--> statement-breakpoint
CREATE INDEX "chatbot_sessions_subscriber_idx" ON "chatbot_sessions" ("subscriber_id", "chatbot_id", "updated_at");
--> statement-breakpoint
CREATE INDEX "chatbot_sessions_report_idx" ON "chatbot_sessions" ("chatbot_id", "status");
--> statement-breakpoint
-- Each inbound text a chatbot answered, committed with its replies: a text is answered once.
CREATE TABLE "chatbot_turns" (
	"inbound_message_id" bigint PRIMARY KEY NOT NULL,
	"session_id" bigint NOT NULL REFERENCES "chatbot_sessions"("id") ON DELETE cascade,
	"replies" integer DEFAULT 0 NOT NULL,
	"at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Campaigns: a name over sends and automations, for their combined results.
CREATE TABLE "campaigns" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"account_id" integer NOT NULL REFERENCES "accounts"("id") ON DELETE cascade,
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "campaigns_account_name_key" ON "campaigns" ("account_id", lower("name"));
--> statement-breakpoint
-- A member is a send or an automation (drip, workflow); each belongs to at most one campaign.
CREATE TABLE "campaign_members" (
	"id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
	"campaign_id" integer NOT NULL REFERENCES "campaigns"("id") ON DELETE cascade,
	"send_id" bigint REFERENCES "sends"("id") ON DELETE cascade,
	"automation_id" integer REFERENCES "automations"("id") ON DELETE cascade,
	"added_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "campaign_members_one_kind" CHECK (("send_id" IS NULL) <> ("automation_id" IS NULL))
);
--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_members_send_key" ON "campaign_members" ("send_id") WHERE "send_id" IS NOT NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX "campaign_members_automation_key" ON "campaign_members" ("automation_id") WHERE "automation_id" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "campaign_members_campaign_idx" ON "campaign_members" ("campaign_id");
