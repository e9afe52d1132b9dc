import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { accounts } from "../account/account.schema";
import { phoneNumbers } from "../numbers/numbers.schema";
import { subscribers } from "../subscribers/subscribers.schema";

/** A chatbot on one business number: its question tree (src/domain/chatbots.ts). */
export const chatbots = pgTable(
  "chatbots",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    phoneNumberId: integer("phone_number_id")
      .notNull()
      .references(() => phoneNumbers.id, { onDelete: "cascade" }),
    name: text().notNull(),
    enabled: boolean().notNull().default(false),
    triggerWords: jsonb("trigger_words").$type<string[]>().notNull().default([]),
    tree: jsonb().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("chatbots_number_key").on(t.phoneNumberId),
    index("chatbots_account_idx").on(t.accountId, t.id),
  ],
);

/** One person's conversation with a chatbot: the node it waits at (open) or how it ended. */
export const chatbotSessions = pgTable(
  "chatbot_sessions",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    chatbotId: integer("chatbot_id")
      .notNull()
      .references(() => chatbots.id, { onDelete: "cascade" }),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    subscriberId: bigint("subscriber_id", { mode: "number" })
      .notNull()
      .references(() => subscribers.id, { onDelete: "cascade" }),
    /** open | handed_off | ended | stopped */
    status: text().notNull().default("open"),
    nodeId: text("node_id"),
    replies: integer().notNull().default(0),
    startedAt: timestamp("started_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("chatbot_sessions_open_key")
      .on(t.chatbotId, t.subscriberId)
      .where(sql`${t.status} = 'open'`),
    index("chatbot_sessions_subscriber_idx").on(t.subscriberId, t.chatbotId, t.updatedAt),
    index("chatbot_sessions_report_idx").on(t.chatbotId, t.status),
  ],
);

/** Each inbound text a chatbot answered, committed with its replies (answered once). */
export const chatbotTurns = pgTable("chatbot_turns", {
  inboundMessageId: bigint("inbound_message_id", { mode: "number" }).primaryKey(),
  sessionId: bigint("session_id", { mode: "number" })
    .notNull()
    .references(() => chatbotSessions.id, { onDelete: "cascade" }),
  replies: integer().notNull().default(0),
  at: timestamp({ withTimezone: true }).notNull().defaultNow(),
});
