import { sql } from "drizzle-orm";
import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { accounts } from "../account/account.schema";

/** The key a business's conversion pixel or call carries, and its attribution window. */
export const conversionSettings = pgTable(
  "conversion_settings",
  {
    accountId: integer("account_id")
      .primaryKey()
      .references(() => accounts.id, { onDelete: "cascade" }),
    key: text().notNull(),
    windowDays: integer("window_days").notNull().default(7),
  },
  (t) => [uniqueIndex("conversion_settings_key_key").on(t.key)],
);

/** A sale the business reported, credited to the subscriber's last click inside the window. */
export const conversions = pgTable(
  "conversions",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    subscriberId: bigint("subscriber_id", { mode: "number" }),
    linkClickId: bigint("link_click_id", { mode: "number" }),
    runId: bigint("run_id", { mode: "number" }),
    valueCents: integer("value_cents").notNull().default(0),
    /** The business's order number: a second report of the same order is ignored. */
    orderRef: text("order_ref").notNull().default(""),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("conversions_account_at_idx").on(t.accountId, t.occurredAt),
    uniqueIndex("conversions_account_order_key")
      .on(t.accountId, t.orderRef)
      .where(sql`${t.orderRef} <> ''`),
  ],
);
