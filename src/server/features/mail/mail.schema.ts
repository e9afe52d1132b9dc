import { bigint, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { accounts } from "../account/account.schema";

/** Mail kept by the server when no SMTP server is configured (the local mailbox page). */
export const mailMessages = pgTable(
  "mail_messages",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    /** The account the mail concerns (its owner reads it); null for mail of no account. */
    accountId: integer("account_id").references(() => accounts.id, { onDelete: "cascade" }),
    toAddress: text("to_address").notNull(),
    fromAddress: text("from_address").notNull(),
    subject: text().notNull(),
    textBody: text("text_body").notNull(),
    htmlBody: text("html_body").notNull().default(""),
    /** reset_password | invite | activate | two_factor | … */
    kind: text().notNull(),
    readAt: timestamp("read_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("mail_messages_account_created_idx").on(t.accountId, t.createdAt)],
);
