-- Voice broadcasts (issue #18): a consent of its own, the broadcasts, one row per call (claimed
-- and leased like messages so no call is placed twice), and the emulator's calls with their audio.
ALTER TABLE "subscribers" ADD COLUMN "voice_consent_at" timestamptz;
--> statement-breakpoint
CREATE TABLE "voice_broadcasts" (
  "id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  "account_id" integer NOT NULL REFERENCES "accounts"("id") ON DELETE CASCADE,
  "phone_number_id" integer NOT NULL REFERENCES "phone_numbers"("id") ON DELETE CASCADE,
  "name" text NOT NULL DEFAULT '',
  "text" text NOT NULL,
  "voice" text NOT NULL,
  "language" text NOT NULL,
  "recipients" jsonb NOT NULL,
  "status" text NOT NULL DEFAULT 'scheduled',
  "send_at" timestamptz NOT NULL DEFAULT now(),
  "credits_per_call" integer NOT NULL DEFAULT 1,
  "error" text,
  "created_at" timestamptz NOT NULL DEFAULT now(),
  "updated_at" timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX "voice_broadcasts_account_idx" ON "voice_broadcasts" ("account_id", "created_at");
--> statement-breakpoint
CREATE INDEX "voice_broadcasts_due_idx" ON "voice_broadcasts" ("send_at") WHERE "status" = 'scheduled';
--> statement-breakpoint
CREATE TABLE "voice_calls" (
  "id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  "account_id" integer NOT NULL REFERENCES "accounts"("id") ON DELETE CASCADE,
  "broadcast_id" integer NOT NULL REFERENCES "voice_broadcasts"("id") ON DELETE CASCADE,
  "subscriber_id" bigint,
  "from_number" text NOT NULL,
  "to_number" text NOT NULL,
  "status" text NOT NULL DEFAULT 'pending',
  "carrier_sid" text,
  "claimed_until" timestamptz,
  "attempts" integer NOT NULL DEFAULT 0,
  "duration_seconds" integer,
  "credits" integer NOT NULL DEFAULT 0,
  "error" text,
  "created_at" timestamptz NOT NULL DEFAULT now(),
  "updated_at" timestamptz NOT NULL DEFAULT now(),
  UNIQUE ("broadcast_id", "to_number")
);
--> statement-breakpoint
CREATE INDEX "voice_calls_pending_idx" ON "voice_calls" ("id") WHERE "status" = 'pending';
--> statement-breakpoint
CREATE INDEX "voice_calls_sid_idx" ON "voice_calls" ("carrier_sid");
--> statement-breakpoint
CREATE TABLE "emu_calls" (
  "sid" text PRIMARY KEY,
  "from_number" text NOT NULL,
  "to_number" text NOT NULL,
  "twiml" text NOT NULL,
  "say_text" text NOT NULL,
  "voice" text NOT NULL,
  "language" text NOT NULL,
  "status" text NOT NULL DEFAULT 'queued',
  "duration_seconds" integer,
  "audio" bytea,
  "status_callback" text,
  "idempotency_key" text UNIQUE,
  "created_at" timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX "emu_calls_to_idx" ON "emu_calls" ("to_number", "created_at");
