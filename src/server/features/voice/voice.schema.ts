import { bigint, index, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { accounts } from "../account/account.schema";

/** A text-to-speech call sent to a group of subscribers with voice consent (0033). */
export const voiceBroadcasts = pgTable(
  "voice_broadcasts",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    phoneNumberId: integer("phone_number_id").notNull(),
    name: text().notNull().default(""),
    text: text().notNull(),
    voice: text().notNull(),
    language: text().notNull(),
    recipients: jsonb()
      .$type<{
        mode: "all" | "subscribers" | "groups";
        subscriberIds: number[];
        groupIds: number[];
      }>()
      .notNull(),
    /** scheduled → sending → sent; canceled before it starts. */
    status: text().notNull().default("scheduled"),
    sendAt: timestamp("send_at", { withTimezone: true }).notNull().defaultNow(),
    creditsPerCall: integer("credits_per_call").notNull().default(1),
    /** Why it could not start (no credits, no number), shown on the list. */
    error: text(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("voice_broadcasts_account_idx").on(t.accountId, t.createdAt)],
);

/** One call of a broadcast: leased by a worker (claimed_until) so it is placed once. */
export const voiceCalls = pgTable("voice_calls", {
  id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
  accountId: integer("account_id")
    .notNull()
    .references(() => accounts.id, { onDelete: "cascade" }),
  broadcastId: integer("broadcast_id").notNull(),
  subscriberId: bigint("subscriber_id", { mode: "number" }),
  fromNumber: text("from_number").notNull(),
  toNumber: text("to_number").notNull(),
  /** pending, then Twilio's CallStatus (queued … completed, busy, no-answer, failed, canceled). */
  status: text().notNull().default("pending"),
  carrierSid: text("carrier_sid"),
  claimedUntil: timestamp("claimed_until", { withTimezone: true }),
  attempts: integer().notNull().default(0),
  durationSeconds: integer("duration_seconds"),
  credits: integer().notNull().default(0),
  error: text(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
