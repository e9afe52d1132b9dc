-- Automations on one engine: definitions with versions, one run row per person and automation
-- (its timer is due_at, claimed with FOR UPDATE SKIP LOCKED), a log of the steps each run took.
CREATE TABLE "automations" (
  "id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  "account_id" integer NOT NULL REFERENCES "accounts"("id") ON DELETE CASCADE,
  "kind" text NOT NULL,
  "name" text NOT NULL,
  "status" text NOT NULL DEFAULT 'draft',
  "trigger" jsonb NOT NULL,
  "phone_number_id" integer REFERENCES "phone_numbers"("id") ON DELETE SET NULL,
  "exit_on_reply" boolean NOT NULL DEFAULT true,
  "exit_on_group_leave" boolean NOT NULL DEFAULT true,
  "version" integer NOT NULL DEFAULT 1,
  "created_at" timestamptz NOT NULL DEFAULT now(),
  "updated_at" timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX "automations_account_idx" ON "automations" ("account_id", "kind", "id");
--> statement-breakpoint
CREATE INDEX "automations_trigger_idx" ON "automations" ("account_id", ("trigger"->>'type')) WHERE "status" = 'active';
--> statement-breakpoint
CREATE TABLE "automation_versions" (
  "automation_id" integer NOT NULL REFERENCES "automations"("id") ON DELETE CASCADE,
  "version" integer NOT NULL,
  "graph" jsonb NOT NULL,
  "created_at" timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("automation_id", "version")
);
--> statement-breakpoint
CREATE TABLE "automation_runs" (
  "id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  "account_id" integer NOT NULL REFERENCES "accounts"("id") ON DELETE CASCADE,
  "automation_id" integer NOT NULL REFERENCES "automations"("id") ON DELETE CASCADE,
  "version" integer NOT NULL,
  "subscriber_id" bigint NOT NULL REFERENCES "subscribers"("id") ON DELETE CASCADE,
  "status" text NOT NULL DEFAULT 'active',
  "exit_reason" text,
  "step_id" text,
  "due_at" timestamptz,
  "waiting_reply" boolean NOT NULL DEFAULT false,
  "occurrence" text,
  "replied_at" timestamptz,
  "clicked_at" timestamptz,
  "texts" integer NOT NULL DEFAULT 0,
  "entered_at" timestamptz NOT NULL DEFAULT now(),
  "finished_at" timestamptz,
  "updated_at" timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE UNIQUE INDEX "automation_runs_active_key" ON "automation_runs" ("automation_id", "subscriber_id") WHERE "status" = 'active';
--> statement-breakpoint
CREATE UNIQUE INDEX "automation_runs_occurrence_key" ON "automation_runs" ("automation_id", "subscriber_id", "occurrence") WHERE "occurrence" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "automation_runs_due_idx" ON "automation_runs" ("due_at") WHERE "status" = 'active' AND "due_at" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "automation_runs_subscriber_idx" ON "automation_runs" ("subscriber_id") WHERE "status" = 'active';
--> statement-breakpoint
CREATE INDEX "automation_runs_report_idx" ON "automation_runs" ("automation_id", "status", "step_id");
--> statement-breakpoint
CREATE TABLE "automation_step_log" (
  "id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  "run_id" bigint NOT NULL REFERENCES "automation_runs"("id") ON DELETE CASCADE,
  "automation_id" integer NOT NULL,
  "step_id" text NOT NULL,
  "message_id" bigint,
  "at" timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX "automation_step_log_automation_idx" ON "automation_step_log" ("automation_id", "step_id");
--> statement-breakpoint
CREATE INDEX "automation_step_log_run_idx" ON "automation_step_log" ("run_id");
--> statement-breakpoint
-- The engine's clock: real time plus an offset that tests (and a demo) move forward.
CREATE TABLE "automation_clock" (
  "id" boolean PRIMARY KEY DEFAULT true CHECK ("id"),
  "offset_ms" bigint NOT NULL DEFAULT 0,
  "date_scan_on" date
);
--> statement-breakpoint
INSERT INTO "automation_clock" ("id") VALUES (true);
--> statement-breakpoint
CREATE TABLE "auto_replies" (
  "id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  "account_id" integer NOT NULL REFERENCES "accounts"("id") ON DELETE CASCADE,
  "name" text NOT NULL,
  "match" text NOT NULL,
  "words" jsonb NOT NULL DEFAULT '[]',
  "phone_number_id" integer REFERENCES "phone_numbers"("id") ON DELETE CASCADE,
  "reply" text NOT NULL,
  "once_every_minutes" integer NOT NULL DEFAULT 1440,
  "business_hours" jsonb,
  "enabled" boolean NOT NULL DEFAULT true,
  "position" integer NOT NULL DEFAULT 0,
  "created_at" timestamptz NOT NULL DEFAULT now(),
  "updated_at" timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX "auto_replies_account_idx" ON "auto_replies" ("account_id", "position", "id");
--> statement-breakpoint
-- When a rule last answered a person: at most once per the rule's period.
CREATE TABLE "auto_reply_answers" (
  "auto_reply_id" integer NOT NULL REFERENCES "auto_replies"("id") ON DELETE CASCADE,
  "subscriber_id" bigint NOT NULL REFERENCES "subscribers"("id") ON DELETE CASCADE,
  "answered_at" timestamptz NOT NULL,
  "count" integer NOT NULL DEFAULT 1,
  PRIMARY KEY ("auto_reply_id", "subscriber_id")
);
--> statement-breakpoint
-- The engine consumes the account events (entries, replies, opt-outs, leaving a group).
INSERT INTO "account_event_consumers" ("name") VALUES ('automations') ON CONFLICT DO NOTHING;
