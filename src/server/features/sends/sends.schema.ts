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
import { users } from "../users/users.schema";

export const sends = pgTable(
  "sends",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    /** The sending number; null means the account's default number at run time. */
    phoneNumberId: integer("phone_number_id").references(() => phoneNumbers.id, {
      onDelete: "set null",
    }),
    /** The form as submitted (message, header, footer, recipients, repeat fields): for editing. */
    form: jsonb().notNull(),
    /** Header + message + footer, variables still in brackets: rendered per recipient. */
    text: text().notNull(),
    isMms: boolean("is_mms").notNull().default(false),
    mediaUrls: jsonb("media_urls").$type<string[]>().notNull().default([]),
    linkId: bigint("link_id", { mode: "number" }),
    templateId: integer("template_id"),
    /** { mode: 'all' | 'subscribers' | 'groups', subscriberIds: number[], groupIds: number[] }. */
    recipients: jsonb().notNull(),
    /** IANA zone the schedule is read in. */
    timezone: text().notNull(),
    /** RFC 5545 rule (with DTSTART in `timezone`) of a recurring send; null for one run. */
    rrule: text(),
    /** Deliver even inside the account's quiet hours (the composer's 'send anyway'). */
    ignoreQuietHours: boolean("ignore_quiet_hours").notNull().default(false),
    /** scheduled | running | completed | cancelled. A recurring send stays scheduled between runs. */
    status: text().notNull().default("scheduled"),
    nextRunAt: timestamp("next_run_at", { withTimezone: true }),
    runCount: integer("run_count").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("sends_account_created_idx").on(t.accountId, t.createdAt),
    index("sends_due_idx").on(t.nextRunAt).where(sql`${t.status} = 'scheduled'`),
  ],
);

export const sendRuns = pgTable(
  "send_runs",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    sendId: bigint("send_id", { mode: "number" })
      .notNull()
      .references(() => sends.id, { onDelete: "cascade" }),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    /** The occurrence this run is for: with send_id unique, so a run is created once. */
    runAt: timestamp("run_at", { withTimezone: true }).notNull(),
    /** pending | fanning_out | dispatching | completed | failed. */
    status: text().notNull().default("pending"),
    text: text().notNull(),
    recipients: integer().notNull().default(0),
    excluded: integer().notNull().default(0),
    credits: integer().notNull().default(0),
    error: text(),
    startedAt: timestamp("started_at", { withTimezone: true }),
    fannedOutAt: timestamp("fanned_out_at", { withTimezone: true }),
    completedAt: timestamp("completed_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("send_runs_occurrence_key").on(t.sendId, t.runAt),
    index("send_runs_account_idx").on(t.accountId, t.runAt),
  ],
);
