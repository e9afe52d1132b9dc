import { boolean, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { accounts } from "../account/account.schema";

/** Opt-in tracker pages: /optIn/:accountName/:slug, one per place a link or code is put up. */
export const optinPages = pgTable("optin_pages", {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  accountId: integer("account_id")
    .notNull()
    .references(() => accounts.id, { onDelete: "cascade" }),
  slug: text().notNull(),
  title: text().notNull(),
  description: text().notNull().default(""),
  buttonText: text("button_text").notNull().default("Sign up"),
  groupIds: integer("group_ids").array().notNull().default([]),
  active: boolean().notNull().default(true),
  visits: integer().notNull().default(0),
  signups: integer().notNull().default(0),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
