import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
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
    /** Snoozed: out of the open list until this time (kept after it passes: the "back" marker). */
    snoozedUntil: timestamp("snoozed_until", { withTimezone: true }),
    /** Snoozed until the contact texts again. */
    snoozedUntilReply: boolean("snoozed_until_reply").notNull().default(false),
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

/** Internal notes between teammates in a conversation: never sent to the contact. */
export const conversationNotes = pgTable(
  "conversation_notes",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    subscriberId: bigint("subscriber_id", { mode: "number" })
      .notNull()
      .references(() => subscribers.id, { onDelete: "cascade" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    body: text().notNull(),
    mentionedUserIds: integer("mentioned_user_ids").array().notNull().default(sql`'{}'`),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("conversation_notes_subscriber_idx").on(t.subscriberId, t.createdAt)],
);

/** The account's conversation labels (name and colour). */
export const inboxLabels = pgTable(
  "inbox_labels",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    name: text().notNull(),
    color: text().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("inbox_labels_account_name_idx").on(t.accountId, sql`lower(${t.name})`)],
);

export const conversationLabels = pgTable(
  "conversation_labels",
  {
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    subscriberId: bigint("subscriber_id", { mode: "number" })
      .notNull()
      .references(() => subscribers.id, { onDelete: "cascade" }),
    labelId: integer("label_id")
      .notNull()
      .references(() => inboxLabels.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    primaryKey({ name: "conversation_labels_pk", columns: [t.subscriberId, t.labelId] }),
    index("conversation_labels_label_idx").on(t.labelId, t.subscriberId),
  ],
);

/** Each user's inbox alerts: desktop notifications and a sound, off until they opt in. */
export const inboxUserSettings = pgTable("inbox_user_settings", {
  userId: integer("user_id")
    .primaryKey()
    .references(() => users.id, { onDelete: "cascade" }),
  accountId: integer("account_id")
    .notNull()
    .references(() => accounts.id, { onDelete: "cascade" }),
  desktopAlerts: boolean("desktop_alerts").notNull().default(false),
  sound: boolean().notNull().default(false),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
