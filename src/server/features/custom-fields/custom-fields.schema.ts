import { sql } from "drizzle-orm";
import { integer, jsonb, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { accounts } from "../account/account.schema";

export const customFields = pgTable(
  "custom_fields",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    name: text().notNull(),
    /** string | boolean | date | multi_select | address */
    type: text().notNull(),
    /** The choices of a multi-select field. */
    options: jsonb().$type<string[]>().notNull().default([]),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("custom_fields_account_name_key").on(t.accountId, sql`lower(${t.name})`)],
);
