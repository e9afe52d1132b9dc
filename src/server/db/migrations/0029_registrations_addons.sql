-- Registration reviews (10DLC brand, campaign, toll-free verification): one row per thing under
-- review, queued until its due time, then decided by the registry (the emulator by default).
CREATE TABLE "registry_reviews" (
  "id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  "account_id" integer NOT NULL REFERENCES "accounts"("id") ON DELETE CASCADE,
  "kind" text NOT NULL,
  "phone_number_id" integer REFERENCES "phone_numbers"("id") ON DELETE CASCADE,
  "subject" text NOT NULL,
  "status" text DEFAULT 'queued' NOT NULL,
  "due_at" timestamp with time zone NOT NULL,
  "reason" text,
  "decided_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "registry_reviews_subject_key" ON "registry_reviews" USING btree ("account_id", "subject");
--> statement-breakpoint
CREATE INDEX "registry_reviews_due_idx" ON "registry_reviews" USING btree ("due_at") WHERE "status" = 'queued';
--> statement-breakpoint
-- The brand's trust score from the registry and the long-code throughput its tier allows.
CREATE TABLE "brand_trust" (
  "account_id" integer PRIMARY KEY NOT NULL REFERENCES "accounts"("id") ON DELETE CASCADE,
  "score" smallint NOT NULL,
  "tier" text NOT NULL,
  "long_code_mps" real NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Phone alerts add-on: where the owner gets a text when a reply arrives, and when not to.
CREATE TABLE "phone_alert_settings" (
  "account_id" integer PRIMARY KEY NOT NULL REFERENCES "accounts"("id") ON DELETE CASCADE,
  "phone" text NOT NULL,
  "quiet_start" text,
  "quiet_end" text,
  "last_alert_at" timestamp with time zone,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- Phone alerts read replies (message.received) from the account events outbox.
INSERT INTO "account_event_consumers" ("name") VALUES ('phone_alerts') ON CONFLICT DO NOTHING;
