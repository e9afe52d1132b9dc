import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  index,
  integer,
  pgTable,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { accounts } from "../account/account.schema";
import { phoneNumbers } from "../numbers/numbers.schema";
import { users } from "../users/users.schema";

export const webinarEvents = pgTable(
  "webinar_events",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    title: text().notNull(),
    /** csv | zoom | goto */
    source: text().notNull().default("csv"),
    externalId: text("external_id"),
    startsAt: timestamp("starts_at", { withTimezone: true }).notNull(),
    durationMinutes: integer("duration_minutes").notNull().default(60),
    joinUrl: text("join_url").notNull().default(""),
    phoneNumberId: integer("phone_number_id").references(() => phoneNumbers.id, {
      onDelete: "set null",
    }),
    /** Minutes before the start at which each registrant gets a reminder. */
    reminderOffsets: integer("reminder_offsets").array().notNull().default([1440, 60]),
    reminderMessage: text("reminder_message").notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("webinar_events_account_idx").on(t.accountId, t.startsAt)],
);

/** A business's own Zoom or GoTo account, connected by OAuth: webinar imports use its tokens. */
export const webinarConnections = pgTable(
  "webinar_connections",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    /** zoom | goto */
    provider: text().notNull(),
    /** The provider's id of the person: Zoom's user id, GoTo's organizer key. */
    externalId: text("external_id").notNull(),
    email: text().notNull().default(""),
    /** Sealed JSON (secret-box.ts): access and refresh tokens and when the access token ends. */
    credentials: text().notNull(),
    connectedBy: integer("connected_by").references(() => users.id, { onDelete: "set null" }),
    connectedAt: timestamp("connected_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("webinar_connections_account_provider_key").on(t.accountId, t.provider),
    index("webinar_connections_external_idx").on(t.provider, t.externalId),
  ],
);

export const webinarRegistrants = pgTable(
  "webinar_registrants",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    eventId: integer("event_id")
      .notNull()
      .references(() => webinarEvents.id, { onDelete: "cascade" }),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    phone: text().notNull(),
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    email: text().notNull().default(""),
    joinUrl: text("join_url").notNull().default(""),
    /** The registrant agreed to texts (consent column or checkbox): only then a subscriber. */
    consent: boolean().notNull().default(false),
    subscriberId: bigint("subscriber_id", { mode: "number" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("webinar_registrants_event_phone_key").on(t.eventId, t.phone)],
);

export const webinarReminders = pgTable(
  "webinar_reminders",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    eventId: integer("event_id")
      .notNull()
      .references(() => webinarEvents.id, { onDelete: "cascade" }),
    registrantId: bigint("registrant_id", { mode: "number" })
      .notNull()
      .references(() => webinarRegistrants.id, { onDelete: "cascade" }),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    offsetMinutes: integer("offset_minutes").notNull(),
    dueAt: timestamp("due_at", { withTimezone: true }).notNull(),
    /** scheduled | queued | cancelled | skipped */
    status: text().notNull().default("scheduled"),
    messageId: bigint("message_id", { mode: "number" }),
    note: text().notNull().default(""),
  },
  (t) => [
    uniqueIndex("webinar_reminders_registrant_offset_key").on(t.registrantId, t.offsetMinutes),
    index("webinar_reminders_due_idx").on(t.dueAt, t.id).where(sql`${t.status} = 'scheduled'`),
  ],
);
