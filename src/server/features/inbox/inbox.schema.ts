import { sql } from "drizzle-orm";
import { bigint, boolean, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { accounts } from "../account/account.schema";
import { phoneNumbers } from "../numbers/numbers.schema";
import { subscribers } from "../subscribers/subscribers.schema";
import { users } from "../users/users.schema";

export const conversations = pgTable(
  "conversations",
  {
    /** The conversation is the subscriber's: the spec's numberId. */
    subscriberId: bigint("subscriber_id", { mode: "number" })
      .primaryKey()
      .references(() => subscribers.id, { onDelete: "cascade" }),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    /** Our number of its latest message (either way): the outbound-number filter reads it. */
    phoneNumberId: integer("phone_number_id").references(() => phoneNumbers.id, {
      onDelete: "set null",
    }),
    /** The number last used to answer (a Message or Chatbot message): the default on open. */
    lastOutboundNumberId: integer("last_outbound_number_id").references(() => phoneNumbers.id, {
      onDelete: "set null",
    }),
    lastMessageId: bigint("last_message_id", { mode: "number" }),
    lastMessageAt: timestamp("last_message_at", { withTimezone: true }).notNull().defaultNow(),
    /** message | reply | Chatbot | Archived | Unsubscribed (spec doc 2 §3). */
    lastMessageType: text("last_message_type").notNull().default("reply"),
    preview: text().notNull().default(""),
    read: boolean().notNull().default(true),
    unreadCount: integer("unread_count").notNull().default(0),
    assignedUserId: integer("assigned_user_id").references(() => users.id, {
      onDelete: "set null",
    }),
    archivedAt: timestamp("archived_at", { withTimezone: true }),
    archivedBy: integer("archived_by").references(() => users.id, { onDelete: "set null" }),
    /** Blocked from the inbox: left out of every tab (the number is also suppressed). */
    blockedAt: timestamp("blocked_at", { withTimezone: true }),
    hasChatbot: boolean("has_chatbot").notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("conversations_open_idx")
      .on(t.accountId, t.lastMessageAt, t.subscriberId)
      .where(sql`${t.archivedAt} is null and ${t.blockedAt} is null`),
    index("conversations_archived_idx")
      .on(t.accountId, t.lastMessageAt, t.subscriberId)
      .where(sql`${t.archivedAt} is not null and ${t.blockedAt} is null`),
    index("conversations_assignee_idx")
      .on(t.accountId, t.assignedUserId, t.lastMessageAt, t.subscriberId)
      .where(sql`${t.archivedAt} is null and ${t.blockedAt} is null`),
    index("conversations_number_idx")
      .on(t.accountId, t.phoneNumberId, t.lastMessageAt, t.subscriberId)
      .where(sql`${t.blockedAt} is null`),
    index("conversations_unread_first_idx")
      .on(
        t.accountId,
        t.read,
        t.lastMessageAt.desc().nullsFirst(),
        t.subscriberId.desc().nullsFirst(),
      )
      .where(sql`${t.archivedAt} is null and ${t.blockedAt} is null`),
    index("conversations_unread_counts_idx")
      .on(t.accountId, t.assignedUserId, t.archivedAt)
      .where(sql`${t.read} = false and ${t.blockedAt} is null`),
  ],
);

/** Markers shown in a conversation between its messages: Archived, Unsubscribed. */
export const conversationEvents = pgTable(
  "conversation_events",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    subscriberId: bigint("subscriber_id", { mode: "number" })
      .notNull()
      .references(() => subscribers.id, { onDelete: "cascade" }),
    /** Archived | Unsubscribed. */
    kind: text().notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("conversation_events_subscriber_idx").on(t.subscriberId, t.createdAt)],
);
