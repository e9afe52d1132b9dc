-- The Stripe Customer of each account, made once (the first card) and kept, so every card and
-- charge of the account is under the same customer and a webhook finds its account by it.
CREATE TABLE "stripe_customers" (
  "account_id" integer PRIMARY KEY NOT NULL REFERENCES "accounts"("id") ON DELETE CASCADE,
  "customer_ref" text NOT NULL,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "stripe_customers_ref_key" ON "stripe_customers" USING btree ("customer_ref");
--> statement-breakpoint
-- Stripe events already applied: Stripe delivers an event at least once, so a repeat is skipped.
CREATE TABLE "stripe_events" (
  "event_id" text PRIMARY KEY NOT NULL,
  "type" text NOT NULL,
  "account_id" integer REFERENCES "accounts"("id") ON DELETE SET NULL,
  "received_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- What a payment buys (plan renewal, upgrade, credits), applied when a payment that needed the
-- customer (authentication) succeeds later. Invoice status is now paid | failed |
-- requires_action | refunded.
ALTER TABLE "invoices" ADD COLUMN "purpose" jsonb;
--> statement-breakpoint
CREATE INDEX "invoices_processor_ref_idx" ON "invoices" USING btree ("processor_ref") WHERE "processor_ref" IS NOT NULL;
