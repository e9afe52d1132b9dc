-- Growth tools, second part (issue 14): opt-in tracker pages (/optIn/:accountName/:slug), the web
-- banner's view and click counts, and when a QR code template was last scanned.
CREATE TABLE "optin_pages" (
  "id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  "account_id" integer NOT NULL REFERENCES "accounts"("id") ON DELETE CASCADE,
  "slug" text NOT NULL,
  "title" text NOT NULL,
  "description" text NOT NULL DEFAULT '',
  "button_text" text NOT NULL DEFAULT 'Sign up',
  "group_ids" integer[] NOT NULL DEFAULT '{}',
  "active" boolean NOT NULL DEFAULT true,
  "visits" integer NOT NULL DEFAULT 0,
  "signups" integer NOT NULL DEFAULT 0,
  "created_at" timestamp with time zone NOT NULL DEFAULT now(),
  "updated_at" timestamp with time zone NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE UNIQUE INDEX "optin_pages_account_slug_key" ON "optin_pages" ("account_id", lower("slug"));
--> statement-breakpoint
ALTER TABLE "web_banners" ADD COLUMN "views" integer NOT NULL DEFAULT 0;
--> statement-breakpoint
ALTER TABLE "web_banners" ADD COLUMN "clicks" integer NOT NULL DEFAULT 0;
--> statement-breakpoint
ALTER TABLE "qr_templates" ADD COLUMN "last_scanned_at" timestamp with time zone;
