import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
} from "drizzle-orm/pg-core";

/**
 * Every message that crossed the carrier, and a campaign's deliveries (its dispatch queue too).
 * No foreign keys: a fan-out writes a million rows in one statement, and two key checks per row
 * cost more than a third of it. The fan-out reads the account and number in its own transaction,
 * and triggers of migration 0013 do what the keys' ON DELETE did (cascade, set null).
 */
export const messages = pgTable(
  "messages",
  {
    // Primary key (id, created_at) below: the table is partitioned by month (migration 0046).
    id: bigint({ mode: "number" }).notNull().generatedAlwaysAsIdentity(),
    accountId: integer("account_id").notNull(),
    direction: text().notNull(), // outbound | inbound
    phoneNumberId: integer("phone_number_id"),
    fromNumber: text("from_number").notNull(),
    toNumber: text("to_number").notNull(),
    body: text().notNull().default(""),
    mediaUrls: jsonb("media_urls").$type<string[]>().notNull().default([]),
    segments: smallint().notNull().default(1),
    /** One of the spec's delivery statuses (src/domain/delivery-status.ts); 'Received' inbound. */
    status: text().notNull(),
    errorCode: integer("error_code"),
    carrierSid: text("carrier_sid"),
    /** What created it: compliance (STOP/HELP replies), test, inbox, campaign, … */
    source: text().notNull().default("api"),
    /** The subscriber on the other end, when the number is one (campaigns, inbox). */
    subscriberId: bigint("subscriber_id", { mode: "number" }),
    /** Who sent it from the inbox or composer; null for automatic messages. */
    userId: integer("user_id"),
    /** The send run it belongs to (campaign deliveries). */
    runId: bigint("run_id", { mode: "number" }),
    /** Credits it costs: segments, or 3 for an MMS (refunded when it fails). */
    credits: smallint().notNull().default(0),
    /** International credits it spent (as many as `credits`, for a text abroad). Migration 0038. */
    internationalCredits: smallint("international_credits").notNull().default(0),
    /**
     * Dispatch queue: true until the carrier has accepted (or finally refused) it. Workers claim
     * rows whose not_before has come and whose claim has lapsed (a dead worker's claim lapses).
     */
    pendingDispatch: boolean("pending_dispatch").notNull().default(false),
    /** Quiet hours or throughput: not handed to the carrier before this. */
    notBefore: timestamp("not_before", { withTimezone: true }),
    claimedUntil: timestamp("claimed_until", { withTimezone: true }),
    attempts: smallint().notNull().default(0),
    /** The last carrier call got no answer (timeout, 5xx): look for the text before resending. */
    carrierUncertain: boolean("carrier_uncertain").notNull().default(false),
    /** 0 transactional, 1 marketing (src/domain/outbound-policy.ts LANE). Migration 0017. */
    lane: smallint().notNull().default(1),
    /** Not handed to the carrier after this: it fails as expired (validity period). */
    deadlineAt: timestamp("deadline_at", { withTimezone: true }),
    /** When the carrier accepted it (state frequency caps count these). */
    sentAt: timestamp("sent_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
    /** Deleted from its conversation in the inbox (kept for reports and billing). Migration 0010. */
    deletedAt: timestamp("deleted_at", { withTimezone: true }),
  },
  (t) => [
    primaryKey({ columns: [t.id, t.createdAt] }),
    // A carrier sid is unique through message_carrier_sids (a partitioned unique index would have
    // to include created_at).
    index("messages_dispatch_idx")
      .on(t.phoneNumberId, t.lane, t.notBefore, t.id)
      .where(sql`${t.pendingDispatch}`),
    // Whether a run still has deliveries to hand over (run completion).
    index("messages_run_pending_idx").on(t.runId).where(sql`${t.pendingDispatch}`),
    index("messages_run_status_idx").on(t.runId, t.status).where(sql`${t.runId} is not null`),
    index("messages_subscriber_idx")
      .on(t.subscriberId, t.id)
      .where(sql`${t.subscriberId} is not null`),
    index("messages_account_created_idx").on(t.accountId, t.createdAt),
    // A number's texts newest first (migration 0040).
    index("messages_account_peer_idx").on(t.accountId, t.toNumber, t.createdAt, t.id),
    // Failures by run and code, read without the table (migration 0040; it also INCLUDEs
    // account_id, subscriber_id, created_at and id, which Drizzle cannot say).
    index("messages_run_error_idx")
      .on(t.runId, t.errorCode)
      .where(sql`${t.errorCode} is not null and ${t.runId} is not null`),
  ],
);

/**
 * The carrier sid rule: one message per sid, across every month of messages (migration 0046;
 * kept by triggers on messages). It also tells which month a sid's message is in.
 */
export const messageCarrierSids = pgTable("message_carrier_sids", {
  carrierSid: text("carrier_sid").primaryKey(),
  accountId: integer("account_id").notNull(),
  messageId: bigint("message_id", { mode: "number" }).notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull(),
});
