-- Growth tools (issue 14): keywords, the public sign-up page, opt-in forms and their views,
-- pending double opt-ins, QR code templates and the web banner.
CREATE TABLE "keywords" (
  "id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  "account_id" integer NOT NULL REFERENCES "accounts"("id") ON DELETE CASCADE,
  "phone_number_id" integer REFERENCES "phone_numbers"("id") ON DELETE CASCADE,
  "keyword" text NOT NULL,
  "keyword_norm" text NOT NULL,
  "status" text NOT NULL DEFAULT 'active',
  "reply" text NOT NULL,
  "already_subscribed_reply" text NOT NULL DEFAULT '',
  "double_opt_in" boolean NOT NULL DEFAULT false,
  "ask_name" boolean NOT NULL DEFAULT false,
  "ask_email" boolean NOT NULL DEFAULT false,
  "expires_at" timestamp with time zone,
  "group_ids" integer[] NOT NULL DEFAULT '{}',
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  "updated_at" timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE UNIQUE INDEX "keywords_account_number_word_key" ON "keywords" ("account_id", coalesce("phone_number_id", 0), "keyword_norm");
--> statement-breakpoint
CREATE INDEX "keywords_match_idx" ON "keywords" ("account_id", "keyword_norm");
--> statement-breakpoint
CREATE TABLE "keyword_joins" (
  "id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  "account_id" integer NOT NULL REFERENCES "accounts"("id") ON DELETE CASCADE,
  "keyword_id" integer NOT NULL REFERENCES "keywords"("id") ON DELETE CASCADE,
  "subscriber_id" bigint NOT NULL REFERENCES "subscribers"("id") ON DELETE CASCADE,
  "phone" text NOT NULL,
  "message_id" bigint,
  "confirmed" boolean NOT NULL DEFAULT true,
  "created_at" timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX "keyword_joins_keyword_idx" ON "keyword_joins" ("keyword_id", "created_at");
--> statement-breakpoint
CREATE TABLE "optin_pending" (
  "id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  "account_id" integer NOT NULL REFERENCES "accounts"("id") ON DELETE CASCADE,
  "phone" text NOT NULL,
  "kind" text NOT NULL,
  "stage" text NOT NULL,
  "ref_id" integer,
  "data" jsonb NOT NULL DEFAULT '{}'::jsonb,
  "expires_at" timestamp with time zone NOT NULL,
  "created_at" timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX "optin_pending_phone_idx" ON "optin_pending" ("account_id", "phone", "expires_at");
--> statement-breakpoint
CREATE TABLE "signup_pages" (
  "account_id" integer PRIMARY KEY REFERENCES "accounts"("id") ON DELETE CASCADE,
  "config" jsonb NOT NULL,
  "version" integer NOT NULL DEFAULT 1,
  "live" boolean NOT NULL DEFAULT true,
  "updated_at" timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE TABLE "optin_forms" (
  "id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  "account_id" integer NOT NULL REFERENCES "accounts"("id") ON DELETE CASCADE,
  "name" text NOT NULL,
  "status" text NOT NULL DEFAULT 'active',
  "phone_number_id" integer REFERENCES "phone_numbers"("id") ON DELETE SET NULL,
  "group_ids" integer[] NOT NULL DEFAULT '{}',
  "container" jsonb NOT NULL,
  "blocks" jsonb NOT NULL,
  "display" jsonb NOT NULL,
  "views" integer NOT NULL DEFAULT 0,
  "submissions" integer NOT NULL DEFAULT 0,
  "confirmations" integer NOT NULL DEFAULT 0,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  "updated_at" timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX "optin_forms_account_idx" ON "optin_forms" ("account_id", "status");
--> statement-breakpoint
CREATE TABLE "optin_form_views" (
  "id" text PRIMARY KEY,
  "account_id" integer NOT NULL REFERENCES "accounts"("id") ON DELETE CASCADE,
  "form_id" integer NOT NULL REFERENCES "optin_forms"("id") ON DELETE CASCADE,
  "url" text NOT NULL DEFAULT '',
  "phone" text,
  "fields" jsonb NOT NULL DEFAULT '{}'::jsonb,
  "code_hash" text,
  "code_expires_at" timestamp with time zone,
  "code_sends" integer NOT NULL DEFAULT 0,
  "attempts" integer NOT NULL DEFAULT 0,
  "submitted_at" timestamp with time zone,
  "confirmed_at" timestamp with time zone,
  "created_at" timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX "optin_form_views_form_idx" ON "optin_form_views" ("form_id", "created_at");
--> statement-breakpoint
CREATE TABLE "qr_templates" (
  "id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  "account_id" integer NOT NULL REFERENCES "accounts"("id") ON DELETE CASCADE,
  "name" text NOT NULL,
  "slug" text NOT NULL,
  "phone_number_id" integer REFERENCES "phone_numbers"("id") ON DELETE SET NULL,
  "message" text NOT NULL DEFAULT '',
  "fg_color" text NOT NULL DEFAULT '#000000',
  "bg_color" text NOT NULL DEFAULT '#ffffff',
  "frame_text" text NOT NULL DEFAULT '',
  "logo" text,
  "scans" integer NOT NULL DEFAULT 0,
  "created_at" timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE UNIQUE INDEX "qr_templates_slug_key" ON "qr_templates" ("slug");
--> statement-breakpoint
CREATE TABLE "web_banners" (
  "account_id" integer PRIMARY KEY REFERENCES "accounts"("id") ON DELETE CASCADE,
  "config" jsonb NOT NULL,
  "updated_at" timestamp with time zone NOT NULL DEFAULT now()
);
