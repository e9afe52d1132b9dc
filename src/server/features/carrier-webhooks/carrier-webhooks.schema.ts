import {
  bigint,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { accounts } from "../account/account.schema";

/**
 * One row per inbound text recorded by the webhook and not yet handled by the ingress worker
 * (compliance, inbox, handlers): written with the message in the webhook's transaction, deleted
 * in the worker's transaction that commits the text's effects. It carries what the worker needs,
 * so a batch is claimed without reading the month-partitioned messages table.
 */
export const inboundWork = pgTable(
  "inbound_work",
  {
    messageId: bigint("message_id", { mode: "number" }).notNull(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    phoneNumberId: integer("phone_number_id").notNull(),
    /** Our number (E.164) the text came to. */
    toNumber: text("to_number").notNull(),
    /** The sender: texts of one sender to one number are handled in the order received. */
    sender: text().notNull(),
    body: text().notNull(),
    mediaUrls: text("media_urls").array().notNull().default([]),
    /** 0: STOP/HELP/START words (answered first, within a second); 1: everything else. */
    priority: smallint().notNull().default(1),
    notBefore: timestamp("not_before", { withTimezone: true }).notNull().defaultNow(),
    attempts: integer().notNull().default(0),
    lastError: text("last_error"),
  },
  (t) => [
    // The account first, as every tenant table's key (docs/scale.md).
    primaryKey({ name: "inbound_work_pk", columns: [t.accountId, t.messageId] }),
    // The order key: one sender's older text to the same number holds back the newer ones.
    index("inbound_work_key_idx").on(t.phoneNumberId, t.sender, t.messageId),
    index("inbound_work_claim_idx").on(t.priority, t.messageId),
  ],
);
