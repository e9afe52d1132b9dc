-- Managed accounts: a parent's user may act in a child account. The session stays the parent
-- user's own (user_id, account_id); acting_* name the child and the child's owner it acts as, so
-- every request knows both, and logging out of the child clears them (back to the parent).
ALTER TABLE "sessions" ADD COLUMN "acting_account_id" integer REFERENCES "accounts"("id") ON DELETE CASCADE;
--> statement-breakpoint
ALTER TABLE "sessions" ADD COLUMN "acting_user_id" integer REFERENCES "users"("id") ON DELETE CASCADE;
--> statement-breakpoint
CREATE INDEX "accounts_parent_idx" ON "accounts" USING btree ("parent_account_id") WHERE "parent_account_id" IS NOT NULL;
--> statement-breakpoint
-- What was done in an account by someone of another account (a parent acting in a child).
CREATE TABLE "account_audit" (
  "id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY NOT NULL,
  "account_id" integer NOT NULL REFERENCES "accounts"("id") ON DELETE CASCADE,
  "user_id" integer REFERENCES "users"("id") ON DELETE SET NULL,
  "actor_account_id" integer REFERENCES "accounts"("id") ON DELETE SET NULL,
  "actor_user_id" integer REFERENCES "users"("id") ON DELETE SET NULL,
  "action" text NOT NULL,
  "detail" text DEFAULT '' NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "account_audit_account_idx" ON "account_audit" USING btree ("account_id","id");
--> statement-breakpoint
CREATE INDEX "account_audit_actor_idx" ON "account_audit" USING btree ("actor_account_id","id");
--> statement-breakpoint
-- Webinars: events (from a CSV, Zoom or GoTo), their registrants, and one reminder row per
-- registrant and offset, due at starts_at - offset; the reminders job queues the due ones.
CREATE TABLE "webinar_events" (
  "id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY NOT NULL,
  "account_id" integer NOT NULL REFERENCES "accounts"("id") ON DELETE CASCADE,
  "title" text NOT NULL,
  "source" text DEFAULT 'csv' NOT NULL,
  "external_id" text,
  "starts_at" timestamp with time zone NOT NULL,
  "duration_minutes" integer DEFAULT 60 NOT NULL,
  "join_url" text DEFAULT '' NOT NULL,
  "phone_number_id" integer REFERENCES "phone_numbers"("id") ON DELETE SET NULL,
  "reminder_offsets" integer[] DEFAULT '{1440,60}' NOT NULL,
  "reminder_message" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "webinar_events_account_idx" ON "webinar_events" USING btree ("account_id","starts_at");
--> statement-breakpoint
CREATE TABLE "webinar_registrants" (
  "id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY NOT NULL,
  "event_id" integer NOT NULL REFERENCES "webinar_events"("id") ON DELETE CASCADE,
  "account_id" integer NOT NULL REFERENCES "accounts"("id") ON DELETE CASCADE,
  "phone" text NOT NULL,
  "first_name" text DEFAULT '' NOT NULL,
  "last_name" text DEFAULT '' NOT NULL,
  "email" text DEFAULT '' NOT NULL,
  "join_url" text DEFAULT '' NOT NULL,
  "consent" boolean DEFAULT false NOT NULL,
  "subscriber_id" bigint,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "webinar_registrants_event_phone_key" ON "webinar_registrants" USING btree ("event_id","phone");
--> statement-breakpoint
CREATE TABLE "webinar_reminders" (
  "id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY NOT NULL,
  "event_id" integer NOT NULL REFERENCES "webinar_events"("id") ON DELETE CASCADE,
  "registrant_id" bigint NOT NULL REFERENCES "webinar_registrants"("id") ON DELETE CASCADE,
  "account_id" integer NOT NULL REFERENCES "accounts"("id") ON DELETE CASCADE,
  "offset_minutes" integer NOT NULL,
  "due_at" timestamp with time zone NOT NULL,
  -- scheduled | queued | cancelled | skipped (too late when imported, or not sendable)
  "status" text DEFAULT 'scheduled' NOT NULL,
  "message_id" bigint,
  "note" text DEFAULT '' NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "webinar_reminders_registrant_offset_key" ON "webinar_reminders" USING btree ("registrant_id","offset_minutes");
--> statement-breakpoint
CREATE INDEX "webinar_reminders_due_idx" ON "webinar_reminders" USING btree ("due_at","id") WHERE "status" = 'scheduled';
