import { sql } from "drizzle-orm";
import { index, integer, jsonb, pgTable, smallint, text, timestamp } from "drizzle-orm/pg-core";

export const emuNumbers = pgTable("emu_numbers", {
  sid: text().primaryKey(),
  number: text().notNull().unique(),
  friendlyName: text("friendly_name").notNull().default(""),
  smsUrl: text("sms_url").notNull().default(""),
  statusCallback: text("status_callback").notNull().default(""),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const emuMessages = pgTable(
  "emu_messages",
  {
    sid: text().primaryKey(),
    direction: text().notNull(), // outbound-api | inbound
    fromNumber: text("from_number").notNull(),
    toNumber: text("to_number").notNull(),
    body: text().notNull().default(""),
    mediaUrls: jsonb("media_urls").$type<string[]>().notNull().default([]),
    numSegments: smallint("num_segments").notNull().default(1),
    status: text().notNull(),
    errorCode: integer("error_code"),
    statusCallback: text("status_callback"),
    /** The caller's idempotency key: a retried send returns the first message. */
    idempotencyKey: text("idempotency_key").unique(),
    /** Planned callback steps still to post: [{ status, errorCode?, at }]. */
    pendingEvents: jsonb("pending_events").notNull().default([]),
    nextEventAt: timestamp("next_event_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("emu_messages_next_event_idx").on(t.nextEventAt).where(sql`${t.nextEventAt} is not null`),
    index("emu_messages_to_idx").on(t.toNumber, t.createdAt),
    index("emu_messages_from_idx").on(t.fromNumber, t.createdAt),
  ],
);

/** The emulator's calls (Twilio Calls API stand-in) with the spoken audio as WAV (0033). */
export const emuCalls = pgTable("emu_calls", {
  sid: text().primaryKey(),
  fromNumber: text("from_number").notNull(),
  toNumber: text("to_number").notNull(),
  twiml: text().notNull(),
  sayText: text("say_text").notNull(),
  voice: text().notNull(),
  language: text().notNull(),
  status: text().notNull().default("queued"),
  durationSeconds: integer("duration_seconds"),
  statusCallback: text("status_callback"),
  idempotencyKey: text("idempotency_key"),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
