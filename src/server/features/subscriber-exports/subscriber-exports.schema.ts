import { index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { accounts } from "../account/account.schema";
import { users } from "../users/users.schema";

export const subscriberExports = pgTable(
  "subscriber_exports",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    /** queued | running | finished | failed */
    status: text().notNull().default("queued"),
    /** The selection exported: ids, or a filter minus excluded ids. */
    selection: jsonb().notNull().default({}),
    rowCount: integer("row_count").notNull().default(0),
    fileName: text("file_name"),
    filePath: text("file_path"),
    error: text(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [index("subscriber_exports_account_idx").on(t.accountId, t.createdAt)],
);
