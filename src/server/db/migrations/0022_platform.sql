-- API keys: the secret is shown once; only its sha-256 is kept (a 256-bit random key needs no slow hash).
CREATE TABLE "api_keys" (
  "id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  "account_id" integer NOT NULL REFERENCES "accounts"("id") ON DELETE CASCADE,
  "name" text NOT NULL,
  "prefix" text NOT NULL,
  "key_hash" text NOT NULL,
  "scopes" text[] NOT NULL DEFAULT '{}',
  "created_by" integer REFERENCES "users"("id") ON DELETE SET NULL,
  "created_at" timestamptz NOT NULL DEFAULT now(),
  "last_used_at" timestamptz,
  "revoked_at" timestamptz
);
--> statement-breakpoint
CREATE UNIQUE INDEX "api_keys_hash_idx" ON "api_keys" ("key_hash");
--> statement-breakpoint
CREATE INDEX "api_keys_account_idx" ON "api_keys" ("account_id", "created_at");
--> statement-breakpoint
-- The request log per key (method, route, status), written in batches.
CREATE TABLE "api_requests" (
  "id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  "account_id" integer NOT NULL REFERENCES "accounts"("id") ON DELETE CASCADE,
  "api_key_id" integer NOT NULL REFERENCES "api_keys"("id") ON DELETE CASCADE,
  "method" text NOT NULL,
  "path" text NOT NULL,
  "status" smallint NOT NULL,
  "duration_ms" integer NOT NULL DEFAULT 0,
  "created_at" timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX "api_requests_key_idx" ON "api_requests" ("api_key_id", "id" DESC);
--> statement-breakpoint
-- Idempotency-Key on creating calls: the first answer is stored and replayed for a day.
CREATE TABLE "api_idempotency" (
  "api_key_id" integer NOT NULL REFERENCES "api_keys"("id") ON DELETE CASCADE,
  "key" text NOT NULL,
  "route" text NOT NULL,
  "request_hash" text NOT NULL,
  "status" smallint,
  "body" jsonb,
  "created_at" timestamptz NOT NULL DEFAULT now(),
  PRIMARY KEY ("api_key_id", "key")
);
--> statement-breakpoint
-- Outgoing webhooks: the signing secret is sealed (secret-box), since we must sign with it.
CREATE TABLE "webhook_endpoints" (
  "id" integer PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  "account_id" integer NOT NULL REFERENCES "accounts"("id") ON DELETE CASCADE,
  "url" text NOT NULL,
  "description" text NOT NULL DEFAULT '',
  "events" text[] NOT NULL,
  "secret" text NOT NULL,
  "enabled" boolean NOT NULL DEFAULT true,
  "disabled_reason" text,
  "failing_since" timestamptz,
  "created_at" timestamptz NOT NULL DEFAULT now()
);
--> statement-breakpoint
CREATE INDEX "webhook_endpoints_account_idx" ON "webhook_endpoints" ("account_id");
--> statement-breakpoint
CREATE TABLE "webhook_deliveries" (
  "id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY,
  "account_id" integer NOT NULL REFERENCES "accounts"("id") ON DELETE CASCADE,
  "endpoint_id" integer NOT NULL REFERENCES "webhook_endpoints"("id") ON DELETE CASCADE,
  "event_type" text NOT NULL,
  "event_id" text NOT NULL,
  -- Deliveries of one subscriber to one endpoint go in order; 0 means "no subscriber".
  "order_key" bigint NOT NULL DEFAULT 0,
  "payload" jsonb NOT NULL,
  "status" text NOT NULL DEFAULT 'pending',
  "attempts" integer NOT NULL DEFAULT 0,
  "next_attempt_at" timestamptz NOT NULL DEFAULT now(),
  "give_up_at" timestamptz NOT NULL DEFAULT now() + interval '1 day',
  "last_status_code" integer,
  "last_error" text,
  "created_at" timestamptz NOT NULL DEFAULT now(),
  "delivered_at" timestamptz
);
--> statement-breakpoint
CREATE INDEX "webhook_deliveries_due_idx" ON "webhook_deliveries" ("next_attempt_at", "id") WHERE "status" = 'pending';
--> statement-breakpoint
CREATE INDEX "webhook_deliveries_order_idx" ON "webhook_deliveries" ("endpoint_id", "order_key", "id") WHERE "status" = 'pending';
--> statement-breakpoint
CREATE INDEX "webhook_deliveries_endpoint_idx" ON "webhook_deliveries" ("endpoint_id", "id" DESC);
--> statement-breakpoint
-- Outgoing webhooks consume the account-events outbox.
INSERT INTO "account_event_consumers" ("name") VALUES ('webhooks') ON CONFLICT DO NOTHING;
