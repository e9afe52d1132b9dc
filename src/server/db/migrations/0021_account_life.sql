-- A business's life: admin sign-up (the business phone), notifications, plans and billing
-- (subscription, card on file, invoices with numbers). The forbidden reason of doc 1 §4 stays
-- accounts.forbidden_reason, now written by billing events.
ALTER TABLE "accounts" ADD COLUMN "business_phone" text;
--> statement-breakpoint
CREATE TABLE "notifications" (
  "id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  "account_id" integer NOT NULL REFERENCES "accounts"("id") ON DELETE CASCADE,
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "kind" text NOT NULL,
  "title" text NOT NULL,
  "body" text DEFAULT '' NOT NULL,
  "link" text,
  "read_at" timestamp with time zone,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
-- The list reads one user's rows, unread first then newest (doc 3 §7).
CREATE INDEX "notifications_user_idx" ON "notifications" USING btree ("user_id", "read_at", "created_at");
--> statement-breakpoint
CREATE TABLE "billing_subscriptions" (
  "account_id" integer PRIMARY KEY NOT NULL REFERENCES "accounts"("id") ON DELETE CASCADE,
  "plan_id" text NOT NULL,
  -- trial | active | past_due | paused | canceled
  "status" text NOT NULL,
  "period_start" timestamp with time zone NOT NULL,
  "period_end" timestamp with time zone NOT NULL,
  "cancel_reason" text,
  "canceled_at" timestamp with time zone,
  -- A canceled account's data is removed a month after the paid-through date.
  "remove_data_at" timestamp with time zone,
  "failed_attempts" integer DEFAULT 0 NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE INDEX "billing_subscriptions_due_idx" ON "billing_subscriptions" USING btree ("period_end") WHERE "status" IN ('trial', 'active', 'past_due');
--> statement-breakpoint
CREATE TABLE "payment_methods" (
  "account_id" integer PRIMARY KEY NOT NULL REFERENCES "accounts"("id") ON DELETE CASCADE,
  "processor" text NOT NULL,
  "customer_ref" text NOT NULL,
  "method_ref" text NOT NULL,
  "brand" text NOT NULL,
  "last4" text NOT NULL,
  "exp_month" smallint NOT NULL,
  "exp_year" smallint NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE SEQUENCE "invoice_number_seq" START 1001;
--> statement-breakpoint
CREATE TABLE "invoices" (
  "id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  "account_id" integer NOT NULL REFERENCES "accounts"("id") ON DELETE CASCADE,
  "number" text NOT NULL,
  "description" text NOT NULL,
  "amount_cents" integer NOT NULL,
  -- paid | failed
  "status" text NOT NULL,
  "processor_ref" text,
  "failure" text,
  "card" text,
  "created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "invoices_number_key" ON "invoices" USING btree ("number");
--> statement-breakpoint
CREATE INDEX "invoices_account_idx" ON "invoices" USING btree ("account_id", "created_at");
