-- Money and account state (issue 16): auto top-up of message credits, referral links and the
-- referrals made through them, and the stages of the cancellation flow a business reached.
CREATE TABLE "auto_topup_settings" (
  "account_id" integer PRIMARY KEY NOT NULL REFERENCES "accounts"("id") ON DELETE CASCADE,
  "enabled" boolean DEFAULT false NOT NULL,
  -- Credits are bought when the balance falls below this many.
  "threshold" integer DEFAULT 100 NOT NULL,
  -- How many credits one top-up buys (one of the message bundles).
  "bundle_qty" integer DEFAULT 500 NOT NULL,
  "last_topup_at" timestamp with time zone,
  -- A failed top-up is not tried again until the owner saves the setting or a day has passed.
  "last_failure_at" timestamp with time zone,
  "last_failure" text,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- The job looks only at enabled rows.
CREATE INDEX "auto_topup_enabled_idx" ON "auto_topup_settings" USING btree ("account_id") WHERE "enabled";
--> statement-breakpoint
CREATE TABLE "referral_links" (
  "account_id" integer PRIMARY KEY NOT NULL REFERENCES "accounts"("id") ON DELETE CASCADE,
  "code" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "referral_links_code_key" ON "referral_links" USING btree ("code");
--> statement-breakpoint
CREATE TABLE "referrals" (
  "id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  "referrer_account_id" integer NOT NULL REFERENCES "accounts"("id") ON DELETE CASCADE,
  -- Kept (as the business name) for the referrer when the referred account is removed.
  "referred_account_id" integer REFERENCES "accounts"("id") ON DELETE SET NULL,
  "referred_business" text NOT NULL,
  "signed_up_at" timestamp with time zone DEFAULT now() NOT NULL,
  -- Set once, by the referred account's first paid invoice.
  "credited_at" timestamp with time zone,
  "credits" integer DEFAULT 0 NOT NULL,
  "invoice_id" bigint
);
--> statement-breakpoint
-- An account is referred at most once.
CREATE UNIQUE INDEX "referrals_referred_key" ON "referrals" USING btree ("referred_account_id");
--> statement-breakpoint
CREATE INDEX "referrals_referrer_idx" ON "referrals" USING btree ("referrer_account_id", "signed_up_at");
--> statement-breakpoint
CREATE TABLE "cancel_flow_events" (
  "id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  "account_id" integer NOT NULL REFERENCES "accounts"("id") ON DELETE CASCADE,
  -- cancel | pause | confirm | offer_accepted | kept | canceled | paused
  "stage" text NOT NULL,
  "reason" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "cancel_flow_events_account_idx" ON "cancel_flow_events" USING btree ("account_id", "created_at");
