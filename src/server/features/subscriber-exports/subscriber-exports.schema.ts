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
    /** What it writes (EXPORT_KINDS of src/domain/exports.schemas.ts). */
    kind: text().notNull().default("subscribers"),
    /** queued | running | finished | failed */
    status: text().notNull().default("queued"),
    /** 0 … 100 while it is written. */
    progress: integer().notNull().default(0),
    /** The subscribers exported: ids, or a filter minus excluded ids (kind subscribers). */
    selection: jsonb().notNull().default({}),
    /** What the other kinds export: a report's range, a run, a conversation, the log's filter. */
    params: jsonb().notNull().default({}),
    rowCount: integer("row_count").notNull().default(0),
    fileName: text("file_name"),
    filePath: text("file_path"),
    error: text(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [index("subscriber_exports_account_idx").on(t.accountId, t.createdAt)],
);
