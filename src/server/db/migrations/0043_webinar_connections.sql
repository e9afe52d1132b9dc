-- Each business connects its own Zoom or GoTo account (OAuth); webinar imports use its tokens.
CREATE TABLE "webinar_connections" (
  "id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  "account_id" integer NOT NULL REFERENCES "accounts"("id") ON DELETE CASCADE,
  "provider" text NOT NULL,
  "external_id" text NOT NULL,
  "email" text DEFAULT '' NOT NULL,
  "credentials" text NOT NULL,
  "connected_by" integer REFERENCES "users"("id") ON DELETE SET NULL,
  "connected_at" timestamp with time zone DEFAULT now() NOT NULL,
  "updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE UNIQUE INDEX "webinar_connections_account_provider_key" ON "webinar_connections" ("account_id", "provider");
--> statement-breakpoint
CREATE INDEX "webinar_connections_external_idx" ON "webinar_connections" ("provider", "external_id");
