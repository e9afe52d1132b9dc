import { sql } from "drizzle-orm";
import {
  bigint,
  index,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { accounts } from "../account/account.schema";
import { users } from "../users/users.schema";

export const apiKeys = pgTable(
  "api_keys",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    name: text().notNull(),
    /** The first characters of the key, shown in lists so a person can tell keys apart. */
    prefix: text().notNull(),
    /** sha-256 of the key (hex); the key itself is shown once and never stored. */
    keyHash: text("key_hash").notNull(),
    scopes: text().array().notNull().default(sql`'{}'`),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastUsedAt: timestamp("last_used_at", { withTimezone: true }),
    revokedAt: timestamp("revoked_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("api_keys_hash_idx").on(t.keyHash),
    index("api_keys_account_idx").on(t.accountId, t.createdAt),
  ],
);

export const apiRequests = pgTable(
  "api_requests",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    apiKeyId: integer("api_key_id")
      .notNull()
      .references(() => apiKeys.id, { onDelete: "cascade" }),
    method: text().notNull(),
    path: text().notNull(),
    status: smallint().notNull(),
    durationMs: integer("duration_ms").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("api_requests_key_idx").on(t.apiKeyId, t.id.desc())],
);
