import { bigint, index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { accounts } from "../account/account.schema";
import { sendRuns } from "../sends/sends.schema";

/** Joins and opt-outs per hour, sign-up method and number, kept by a trigger on consent_events. */
export const reportSubscriberHourly = pgTable(
  "report_subscriber_hourly",
  {
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    bucket: timestamp({ withTimezone: true }).notNull(),
    /** 0: no number (added by hand, imported). */
    phoneNumberId: integer("phone_number_id").notNull().default(0),
    method: text().notNull(),
    joined: integer().notNull().default(0),
    optedOut: integer("opted_out").notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.bucket, t.phoneNumberId, t.method] })],
);

/** Every opt-out with the message the business sent that number just before (same trigger). */
export const reportOptOuts = pgTable(
  "report_opt_outs",
  {
    consentEventId: bigint("consent_event_id", { mode: "number" }).primaryKey(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    optedOutAt: timestamp("opted_out_at", { withTimezone: true }).notNull(),
    phone: text().notNull(),
    phoneNumberId: integer("phone_number_id").notNull().default(0),
    source: text().notNull(),
    detail: text().notNull().default(""),
    /** The first word of a texted opt-out, upper case (STOP, UNSUBSCRIBE…); '' otherwise. */
    keyword: text().notNull().default(""),
    messageId: bigint("message_id", { mode: "number" }),
    messageSource: text("message_source"),
    messageBody: text("message_body"),
    messageAt: timestamp("message_at", { withTimezone: true }),
    runId: bigint("run_id", { mode: "number" }),
    sendId: bigint("send_id", { mode: "number" }),
  },
  (t) => [index("report_opt_outs_account_at_idx").on(t.accountId, t.optedOutAt)],
);

/**
 * Per-run engagement kept up to date by triggers (migration 0037): who replied within a day of
 * the run, who clicked its tracked link within a week, and the clicks. Analytics and
 * click-through read one row per run instead of scanning messages and clicks.
 */
export const reportRunEngagement = pgTable("report_run_engagement", {
  runId: bigint("run_id", { mode: "number" })
    .primaryKey()
    .references(() => sendRuns.id, { onDelete: "cascade" }),
  accountId: integer("account_id")
    .notNull()
    .references(() => accounts.id, { onDelete: "cascade" }),
  replies: integer().notNull().default(0),
  clickers: integer().notNull().default(0),
  clicks: integer().notNull().default(0),
});

/** Who a run's engagement counted already (a phone for replies, a subscriber id for clicks). */
export const reportRunEngagers = pgTable(
  "report_run_engagers",
  {
    runId: bigint("run_id", { mode: "number" })
      .notNull()
      .references(() => sendRuns.id, { onDelete: "cascade" }),
    kind: text().notNull(),
    who: text().notNull(),
  },
  (t) => [primaryKey({ columns: [t.runId, t.kind, t.who] })],
);
