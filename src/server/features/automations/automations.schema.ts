import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { accounts } from "../account/account.schema";
import { phoneNumbers } from "../numbers/numbers.schema";
import { subscribers } from "../subscribers/subscribers.schema";

/** A drip, workflow or chatbot: its trigger, and the version new runs enter. */
export const automations = pgTable(
  "automations",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    /** drip | workflow | chatbot */
    kind: text().notNull(),
    name: text().notNull(),
    /** draft | active | paused */
    status: text().notNull().default("draft"),
    trigger: jsonb().notNull(),
    phoneNumberId: integer("phone_number_id").references(() => phoneNumbers.id, {
      onDelete: "set null",
    }),
    exitOnReply: boolean("exit_on_reply").notNull().default(true),
    exitOnGroupLeave: boolean("exit_on_group_leave").notNull().default(true),
    version: integer().notNull().default(1),
    /** Workflows: where each step sits on the builder's canvas (migration 0026). */
    layout: jsonb(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("automations_account_idx").on(t.accountId, t.kind, t.id)],
);

/** The graph of each published version; a run keeps the version it entered. */
export const automationVersions = pgTable(
  "automation_versions",
  {
    automationId: integer("automation_id")
      .notNull()
      .references(() => automations.id, { onDelete: "cascade" }),
    version: integer().notNull(),
    graph: jsonb().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.automationId, t.version] })],
);

/** One person in one automation: where they are and when their timer is due. */
export const automationRuns = pgTable(
  "automation_runs",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    automationId: integer("automation_id")
      .notNull()
      .references(() => automations.id, { onDelete: "cascade" }),
    version: integer().notNull(),
    subscriberId: bigint("subscriber_id", { mode: "number" })
      .notNull()
      .references(() => subscribers.id, { onDelete: "cascade" }),
    /** active | completed | exited */
    status: text().notNull().default("active"),
    /** opted_out | replied | left_group | stopped | no_number | deleted */
    exitReason: text("exit_reason"),
    stepId: text("step_id"),
    dueAt: timestamp("due_at", { withTimezone: true }),
    waitingReply: boolean("waiting_reply").notNull().default(false),
    /** A date trigger's occurrence (e.g. the birthday's year): one run per occurrence. */
    occurrence: text(),
    repliedAt: timestamp("replied_at", { withTimezone: true }),
    clickedAt: timestamp("clicked_at", { withTimezone: true }),
    texts: integer().notNull().default(0),
    /** A builder's test run (one virtual phone; migration 0026): runs in a draft, not reported. */
    test: boolean().notNull().default(false),
    enteredAt: timestamp("entered_at", { withTimezone: true }).notNull().defaultNow(),
    finishedAt: timestamp("finished_at", { withTimezone: true }),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("automation_runs_active_key")
      .on(t.automationId, t.subscriberId)
      .where(sql`${t.status} = 'active'`),
    index("automation_runs_due_idx")
      .on(t.dueAt)
      .where(sql`${t.status} = 'active' and ${t.dueAt} is not null`),
  ],
);

/** Each step a run took, with the message it wrote (the report's per-step figures). */
export const automationStepLog = pgTable("automation_step_log", {
  id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
  runId: bigint("run_id", { mode: "number" })
    .notNull()
    .references(() => automationRuns.id, { onDelete: "cascade" }),
  automationId: integer("automation_id").notNull(),
  stepId: text("step_id").notNull(),
  messageId: bigint("message_id", { mode: "number" }),
  at: timestamp({ withTimezone: true }).notNull().defaultNow(),
});

/** The engine's clock: real time plus an offset tests move. One row. */
export const automationClock = pgTable("automation_clock", {
  id: boolean().primaryKey().default(true),
  offsetMs: bigint("offset_ms", { mode: "number" }).notNull().default(0),
  dateScanOn: text("date_scan_on"),
});

/** Automated (smart) replies, read in position order against each incoming text. */
export const autoReplies = pgTable("auto_replies", {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  accountId: integer("account_id")
    .notNull()
    .references(() => accounts.id, { onDelete: "cascade" }),
  name: text().notNull(),
  match: text().notNull(),
  words: jsonb().$type<string[]>().notNull().default([]),
  phoneNumberId: integer("phone_number_id").references(() => phoneNumbers.id, {
    onDelete: "cascade",
  }),
  reply: text().notNull(),
  onceEveryMinutes: integer("once_every_minutes").notNull().default(1440),
  businessHours: jsonb("business_hours"),
  enabled: boolean().notNull().default(true),
  position: integer().notNull().default(0),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const autoReplyAnswers = pgTable(
  "auto_reply_answers",
  {
    autoReplyId: integer("auto_reply_id")
      .notNull()
      .references(() => autoReplies.id, { onDelete: "cascade" }),
    subscriberId: bigint("subscriber_id", { mode: "number" })
      .notNull()
      .references(() => subscribers.id, { onDelete: "cascade" }),
    answeredAt: timestamp("answered_at", { withTimezone: true }).notNull(),
    count: integer().notNull().default(1),
  },
  (t) => [primaryKey({ columns: [t.autoReplyId, t.subscriberId] })],
);
