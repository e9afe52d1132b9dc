import { boolean, integer, jsonb, pgTable, timestamp } from "drizzle-orm/pg-core";
import { accounts } from "../account/account.schema";

/** The public sign-up page's configuration (spec doc 3 §3 "Signup form config"). */
export const signupPages = pgTable("signup_pages", {
  accountId: integer("account_id")
    .primaryKey()
    .references(() => accounts.id, { onDelete: "cascade" }),
  config: jsonb().$type<Record<string, unknown>>().notNull(),
  version: integer().notNull().default(1),
  live: boolean().notNull().default(true),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
