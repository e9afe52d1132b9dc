import { sql } from "drizzle-orm";
import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { accounts } from "../account/account.schema";

/** Every change of an account's message credits; the balance is their sum (kept in account_credits). */
export const creditLedger = pgTable(
  "credit_ledger",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    /** standard | international. */
    kind: text().notNull().default("standard"),
    delta: integer().notNull(),
    /** grant | purchase | reserve | refund | test. */
    reason: text().notNull(),
    runId: bigint("run_id", { mode: "number" }),
    messageId: bigint("message_id", { mode: "number" }),
    description: text().notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("credit_ledger_account_idx").on(t.accountId, t.createdAt),
    // A failed delivery gives its credits back once per kind (0038).
    uniqueIndex("credit_ledger_refund_key")
      .on(t.messageId, t.kind)
      .where(sql`${t.reason} = 'refund'`),
  ],
);

export const accountCredits = pgTable("account_credits", {
  accountId: integer("account_id")
    .primaryKey()
    .references(() => accounts.id, { onDelete: "cascade" }),
  balance: integer().notNull().default(0),
  internationalBalance: integer("international_balance").notNull().default(0),
  /** Credits of the current plan period (for the dashboard's total / remaining). */
  periodAllowance: integer("period_allowance").notNull().default(0),
  periodStartedAt: timestamp("period_started_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
