import {
  bigint,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { accounts } from "../account/account.schema";

/**
 * The account's audit log (src/domain/audit.ts): who changed what, chained per account by hash.
 * Append-only: a trigger (migration) refuses UPDATE and DELETE, except the cascade of a deleted
 * account. No retention purge yet; one would run as the database owner with the trigger's
 * exception, and leave a checkpoint (the last hash purged) for the chain to start from.
 */
export const auditEvents = pgTable(
  "audit_events",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    /** The row's place in its account's chain, from 1 without gaps. */
    seq: integer().notNull(),
    at: timestamp({ withTimezone: true, precision: 3 }).notNull(),
    /** user | api_key | parent | operator | system */
    actorKind: text("actor_kind").notNull(),
    /** The user's or the key's id, as text; null for the system. */
    actorId: text("actor_id"),
    actorName: text("actor_name").notNull(),
    /** A parent account's person acting in this (managed) account. */
    actingAccountId: integer("acting_account_id"),
    actingUserId: integer("acting_user_id"),
    action: text().notNull(),
    targetType: text("target_type"),
    targetId: text("target_id"),
    targetLabel: text("target_label"),
    /** The changed fields, before and after; never a secret. */
    changes: jsonb().notNull().default({}),
    ip: text(),
    userAgent: text("user_agent"),
    prevHash: text("prev_hash").notNull(),
    hash: text().notNull(),
  },
  (t) => [
    uniqueIndex("audit_events_chain_idx").on(t.accountId, t.seq),
    index("audit_events_at_idx").on(t.accountId, t.at),
    index("audit_events_action_idx").on(t.accountId, t.action),
  ],
);
