import { integer, jsonb, pgTable, timestamp } from "drizzle-orm/pg-core";
import { accounts } from "../account/account.schema";

export const webBanners = pgTable("web_banners", {
  accountId: integer("account_id")
    .primaryKey()
    .references(() => accounts.id, { onDelete: "cascade" }),
  config: jsonb().$type<Record<string, unknown>>().notNull(),
  views: integer().notNull().default(0),
  clicks: integer().notNull().default(0),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
