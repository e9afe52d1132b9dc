import { bigint, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { accounts } from "../account/account.schema";
import { users } from "../users/users.schema";

export const subscriberImports = pgTable(
  "subscriber_imports",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    /** queued | running | finished | failed */
    status: text().notNull().default("queued"),
    fileName: text("file_name").notNull(),
    filePath: text("file_path").notNull(),
    /** Column mapping, groups, duplicate handling, attestation. */
    options: jsonb().notNull().default({}),
    totalRows: integer("total_rows").notNull().default(0),
    processedRows: integer("processed_rows").notNull().default(0),
    added: integer().notNull().default(0),
    updated: integer().notNull().default(0),
    skipped: integer().notNull().default(0),
    failed: integer().notNull().default(0),
    errorFilePath: text("error_file_path"),
    error: text(),
    /**
     * Resume state, so a worker that dies mid-import loses and repeats nothing: the batches whose
     * rows are committed (written in the batch's own transaction), and the prefix of data rows
     * (with the failed-rows file's length at that point) that is committed and written out.
     */
    committedBatches: integer("committed_batches").array().notNull().default([]),
    checkpointRows: integer("checkpoint_rows").notNull().default(0),
    checkpointBytes: bigint("checkpoint_bytes", { mode: "number" }).notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [index("subscriber_imports_account_idx").on(t.accountId, t.createdAt)],
);
