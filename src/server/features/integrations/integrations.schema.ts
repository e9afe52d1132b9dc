import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { accounts } from "../account/account.schema";
import { apiKeys } from "../api-keys/api-keys.schema";
import { subscribers } from "../subscribers/subscribers.schema";
import { users } from "../users/users.schema";
import { webhookEndpoints } from "../webhooks/webhooks.schema";

export const integrationConnections = pgTable(
  "integration_connections",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    /** zapier | hubspot | customerio */
    provider: text().notNull(),
    /** Sealed JSON (secret-box.ts): tokens and keys of the other system. */
    credentials: text().notNull().default(""),
    settings: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    connectedBy: integer("connected_by").references(() => users.id, { onDelete: "set null" }),
    connectedAt: timestamp("connected_at", { withTimezone: true }).notNull().defaultNow(),
    pushCursor: timestamp("push_cursor", { withTimezone: true }),
    pullCursor: timestamp("pull_cursor", { withTimezone: true }),
    lastSyncAt: timestamp("last_sync_at", { withTimezone: true }),
    lastSyncSummary: text("last_sync_summary").notNull().default(""),
    lastError: text("last_error"),
    lastErrorAt: timestamp("last_error_at", { withTimezone: true }),
    nextSyncAt: timestamp("next_sync_at", { withTimezone: true }).notNull().defaultNow(),
    syncLeaseUntil: timestamp("sync_lease_until", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("integration_connections_account_provider_key").on(t.accountId, t.provider),
    index("integration_connections_due_idx").on(t.nextSyncAt),
  ],
);

export const integrationLinks = pgTable(
  "integration_links",
  {
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    provider: text().notNull(),
    subscriberId: bigint("subscriber_id", { mode: "number" })
      .notNull()
      .references(() => subscribers.id, { onDelete: "cascade" }),
    externalId: text("external_id").notNull(),
    syncedAt: timestamp("synced_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ columns: [t.accountId, t.provider, t.subscriberId] }),
    uniqueIndex("integration_links_external_key").on(t.accountId, t.provider, t.externalId),
  ],
);

export const zapierHooks = pgTable(
  "zapier_hooks",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    apiKeyId: integer("api_key_id").references(() => apiKeys.id, { onDelete: "set null" }),
    webhookId: integer("webhook_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    event: text().notNull(),
    targetUrl: text("target_url").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("zapier_hooks_account_idx").on(t.accountId, t.createdAt)],
);
