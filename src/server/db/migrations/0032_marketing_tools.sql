-- Marketing tools (issue 18): loyalty rewards, digital coupons, text-in giveaways, viral texting
-- (refer a friend) and event registration. One programs table (a tool's settings are jsonb, its
-- texted word is unique per account across tools), one row per person in a program, the rewards
-- and codes handed out, an activity log for the reports and the giveaway draws.
CREATE TABLE "marketing_programs" (
  "id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  "account_id" integer NOT NULL REFERENCES "accounts"("id") ON DELETE CASCADE,
  "kind" text NOT NULL CHECK ("kind" IN ('loyalty', 'coupon', 'giveaway', 'referral', 'registration')),
  "name" text NOT NULL,
  "keyword" text,
  "keyword_norm" text,
  "phone_number_id" integer REFERENCES "phone_numbers"("id") ON DELETE SET NULL,
  "status" text NOT NULL DEFAULT 'active',
  "settings" jsonb NOT NULL DEFAULT '{}',
  "public_token" text NOT NULL,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  "updated_at" timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE UNIQUE INDEX "marketing_programs_word_key" ON "marketing_programs" ("account_id", "keyword_norm") WHERE "keyword_norm" IS NOT NULL;
--> statement-breakpoint
CREATE UNIQUE INDEX "marketing_programs_token_key" ON "marketing_programs" ("public_token");
--> statement-breakpoint
CREATE INDEX "marketing_programs_account_idx" ON "marketing_programs" ("account_id", "kind", "id");
--> statement-breakpoint
CREATE TABLE "marketing_members" (
  "id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  "account_id" integer NOT NULL REFERENCES "accounts"("id") ON DELETE CASCADE,
  "program_id" integer NOT NULL REFERENCES "marketing_programs"("id") ON DELETE CASCADE,
  "subscriber_id" bigint NOT NULL REFERENCES "subscribers"("id") ON DELETE CASCADE,
  "phone" text NOT NULL,
  "state" text NOT NULL,
  "points" integer NOT NULL DEFAULT 0,
  "checkins" integer NOT NULL DEFAULT 0,
  "last_checkin_at" timestamp with time zone,
  "code" text,
  "referred_by" bigint REFERENCES "marketing_members"("id") ON DELETE SET NULL,
  "phone_number_id" integer REFERENCES "phone_numbers"("id") ON DELETE SET NULL,
  "message_id" bigint,
  "redeemed_at" timestamp with time zone,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  "updated_at" timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE UNIQUE INDEX "marketing_members_person_key" ON "marketing_members" ("program_id", "subscriber_id");
--> statement-breakpoint
CREATE UNIQUE INDEX "marketing_members_code_key" ON "marketing_members" ("program_id", "code") WHERE "code" IS NOT NULL;
--> statement-breakpoint
CREATE INDEX "marketing_members_state_idx" ON "marketing_members" ("program_id", "state", "created_at");
--> statement-breakpoint
CREATE TABLE "marketing_rewards" (
  "id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  "account_id" integer NOT NULL REFERENCES "accounts"("id") ON DELETE CASCADE,
  "program_id" integer NOT NULL REFERENCES "marketing_programs"("id") ON DELETE CASCADE,
  "member_id" bigint NOT NULL REFERENCES "marketing_members"("id") ON DELETE CASCADE,
  "code" text NOT NULL,
  "issued_at" timestamp with time zone NOT NULL DEFAULT now(),
  "redeemed_at" timestamp with time zone,
  "message_id" bigint
);
--> statement-breakpoint
CREATE UNIQUE INDEX "marketing_rewards_code_key" ON "marketing_rewards" ("program_id", "code");
--> statement-breakpoint
CREATE INDEX "marketing_rewards_member_idx" ON "marketing_rewards" ("member_id");
--> statement-breakpoint
CREATE TABLE "marketing_activity" (
  "id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  "account_id" integer NOT NULL REFERENCES "accounts"("id") ON DELETE CASCADE,
  "program_id" integer NOT NULL REFERENCES "marketing_programs"("id") ON DELETE CASCADE,
  "member_id" bigint REFERENCES "marketing_members"("id") ON DELETE CASCADE,
  "kind" text NOT NULL,
  "detail" text NOT NULL DEFAULT '',
  "message_id" bigint,
  "created_at" timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX "marketing_activity_program_idx" ON "marketing_activity" ("program_id", "created_at");
--> statement-breakpoint
CREATE TABLE "marketing_draws" (
  "id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  "account_id" integer NOT NULL REFERENCES "accounts"("id") ON DELETE CASCADE,
  "program_id" integer NOT NULL REFERENCES "marketing_programs"("id") ON DELETE CASCADE,
  "entrants" integer NOT NULL,
  "winner_member_ids" bigint[] NOT NULL,
  "method" text NOT NULL,
  "drawn_by_user_id" integer,
  "drawn_at" timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX "marketing_draws_program_idx" ON "marketing_draws" ("program_id", "drawn_at");
