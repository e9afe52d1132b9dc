-- Integrations (Zapier, HubSpot, Customer.io): one connection per account and provider.
-- Credentials are sealed (AES-GCM, secret-box.ts); the sync cursors say what was already moved.
CREATE TABLE "integration_connections" (
  "id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  "account_id" integer NOT NULL REFERENCES "accounts"("id") ON DELETE CASCADE,
  "provider" text NOT NULL,
  "credentials" text NOT NULL DEFAULT '',
  "settings" jsonb NOT NULL DEFAULT '{}',
  "connected_by" integer REFERENCES "users"("id") ON DELETE SET NULL,
  "connected_at" timestamptz NOT NULL DEFAULT now(),
  "push_cursor" timestamptz,
  "pull_cursor" timestamptz,
  "last_sync_at" timestamptz,
  "last_sync_summary" text NOT NULL DEFAULT '',
  "last_error" text,
  "last_error_at" timestamptz,
  "next_sync_at" timestamptz NOT NULL DEFAULT now(),
  "sync_lease_until" timestamptz
);
--> statement-breakpoint
CREATE UNIQUE INDEX "integration_connections_account_provider_key" ON "integration_connections" ("account_id", "provider");
--> statement-breakpoint
CREATE INDEX "integration_connections_due_idx" ON "integration_connections" ("next_sync_at");
--> statement-breakpoint
-- A subscriber's record in the other system (HubSpot contact id, Customer.io customer id).
CREATE TABLE "integration_links" (
  "account_id" integer NOT NULL REFERENCES "accounts"("id") ON DELETE CASCADE,
  "provider" text NOT NULL,
  "subscriber_id" bigint NOT NULL REFERENCES "subscribers"("id") ON DELETE CASCADE,
  "external_id" text NOT NULL,
  "synced_at" timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("account_id", "provider", "subscriber_id")
);
--> statement-breakpoint
CREATE UNIQUE INDEX "integration_links_external_key" ON "integration_links" ("account_id", "provider", "external_id");
--> statement-breakpoint
-- Zapier REST hooks: each subscription is an outgoing webhook endpoint (signed, retried, logged).
CREATE TABLE "zapier_hooks" (
  "id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  "account_id" integer NOT NULL REFERENCES "accounts"("id") ON DELETE CASCADE,
  "api_key_id" integer REFERENCES "api_keys"("id") ON DELETE SET NULL,
  "webhook_id" integer NOT NULL REFERENCES "webhook_endpoints"("id") ON DELETE CASCADE,
  "event" text NOT NULL,
  "target_url" text NOT NULL,
  "created_at" timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX "zapier_hooks_account_idx" ON "zapier_hooks" ("account_id", "created_at");
--> statement-breakpoint
-- MCP OAuth 2.1: dynamically registered clients, one-time codes (PKCE) and tokens (sha-256 only).
CREATE TABLE "oauth_clients" (
  "id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  "client_id" text NOT NULL UNIQUE,
  "client_name" text NOT NULL DEFAULT '',
  "redirect_uris" text[] NOT NULL,
  "created_at" timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE TABLE "oauth_codes" (
  "code_hash" text PRIMARY KEY,
  "client_id" text NOT NULL REFERENCES "oauth_clients"("client_id") ON DELETE CASCADE,
  "account_id" integer NOT NULL REFERENCES "accounts"("id") ON DELETE CASCADE,
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "redirect_uri" text NOT NULL,
  "code_challenge" text NOT NULL,
  "scopes" text[] NOT NULL,
  "resource" text,
  "expires_at" timestamptz NOT NULL
);
--> statement-breakpoint
CREATE TABLE "oauth_tokens" (
  "id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  "client_id" text NOT NULL REFERENCES "oauth_clients"("client_id") ON DELETE CASCADE,
  "account_id" integer NOT NULL REFERENCES "accounts"("id") ON DELETE CASCADE,
  "user_id" integer NOT NULL REFERENCES "users"("id") ON DELETE CASCADE,
  "access_hash" text NOT NULL UNIQUE,
  "refresh_hash" text UNIQUE,
  "scopes" text[] NOT NULL,
  "access_expires_at" timestamptz NOT NULL,
  "refresh_expires_at" timestamptz,
  "created_at" timestamptz NOT NULL DEFAULT now(),
  "revoked_at" timestamptz
);
--> statement-breakpoint
CREATE INDEX "oauth_tokens_account_idx" ON "oauth_tokens" ("account_id", "created_at");
