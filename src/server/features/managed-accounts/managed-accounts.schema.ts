import { bigint, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { accounts } from "../account/account.schema";
import { users } from "../users/users.schema";

/** What someone of another account (a parent acting in a child) did in an account. */
export const accountAudit = pgTable(
  "account_audit",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    /** Whom the action ran as in the account (the child's owner). */
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    /** The real person and their account. */
    actorAccountId: integer("actor_account_id").references(() => accounts.id, {
      onDelete: "set null",
    }),
    actorUserId: integer("actor_user_id").references(() => users.id, { onDelete: "set null" }),
    action: text().notNull(),
    detail: text().notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("account_audit_account_idx").on(t.accountId, t.id),
    index("account_audit_actor_idx").on(t.actorAccountId, t.id),
  ],
);
