import { sql } from "drizzle-orm";
import { bigint, boolean, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { accounts } from "../account/account.schema";
import { phoneNumbers } from "../numbers/numbers.schema";
import { subscribers } from "../subscribers/subscribers.schema";

/** A word texted to join (spec doc 1 §2 /optins/keywords); phone_number_id null: every number. */
export const keywords = pgTable("keywords", {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  accountId: integer("account_id")
    .notNull()
    .references(() => accounts.id, { onDelete: "cascade" }),
  phoneNumberId: integer("phone_number_id").references(() => phoneNumbers.id, {
    onDelete: "cascade",
  }),
  keyword: text().notNull(),
  /** Trimmed, upper case: unique per number (index with coalesce in 0019). */
  keywordNorm: text("keyword_norm").notNull(),
  status: text().notNull().default("active"), // active | paused
  reply: text().notNull(),
  alreadySubscribedReply: text("already_subscribed_reply").notNull().default(""),
  doubleOptIn: boolean("double_opt_in").notNull().default(false),
  askName: boolean("ask_name").notNull().default(false),
  askEmail: boolean("ask_email").notNull().default(false),
  expiresAt: timestamp("expires_at", { withTimezone: true }),
  groupIds: integer("group_ids").array().notNull().default(sql`'{}'`),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** One join by keyword (stats by day; opt-outs are joins whose number later opted out). */
export const keywordJoins = pgTable("keyword_joins", {
  id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
  accountId: integer("account_id")
    .notNull()
    .references(() => accounts.id, { onDelete: "cascade" }),
  keywordId: integer("keyword_id")
    .notNull()
    .references(() => keywords.id, { onDelete: "cascade" }),
  subscriberId: bigint("subscriber_id", { mode: "number" })
    .notNull()
    .references(() => subscribers.id, { onDelete: "cascade" }),
  phone: text().notNull(),
  messageId: bigint("message_id", { mode: "number" }),
  confirmed: boolean().notNull().default(true),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A conversation step waiting for the texter: Y to confirm, then first name, then e-mail. */
export const optinPending = pgTable("optin_pending", {
  id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
  accountId: integer("account_id")
    .notNull()
    .references(() => accounts.id, { onDelete: "cascade" }),
  phone: text().notNull(),
  kind: text().notNull(), // keyword | sign_up_page
  stage: text().notNull(), // confirm | first_name | email
  refId: integer("ref_id"),
  data: jsonb().$type<Record<string, unknown>>().notNull().default({}),
  expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
