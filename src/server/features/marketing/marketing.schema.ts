import { bigint, integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { accounts } from "../account/account.schema";
import { phoneNumbers } from "../numbers/numbers.schema";
import { subscribers } from "../subscribers/subscribers.schema";

export const marketingPrograms = pgTable("marketing_programs", {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  accountId: integer("account_id")
    .notNull()
    .references(() => accounts.id, { onDelete: "cascade" }),
  kind: text().notNull(),
  name: text().notNull(),
  keyword: text(),
  keywordNorm: text("keyword_norm"),
  phoneNumberId: integer("phone_number_id").references(() => phoneNumbers.id, {
    onDelete: "set null",
  }),
  status: text().notNull().default("active"),
  settings: jsonb().notNull().default({}),
  publicToken: text("public_token").notNull(),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const marketingMembers = pgTable("marketing_members", {
  id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
  accountId: integer("account_id")
    .notNull()
    .references(() => accounts.id, { onDelete: "cascade" }),
  programId: integer("program_id")
    .notNull()
    .references(() => marketingPrograms.id, { onDelete: "cascade" }),
  subscriberId: bigint("subscriber_id", { mode: "number" })
    .notNull()
    .references(() => subscribers.id, { onDelete: "cascade" }),
  phone: text().notNull(),
  state: text().notNull(),
  points: integer().notNull().default(0),
  checkins: integer().notNull().default(0),
  lastCheckinAt: timestamp("last_checkin_at", { withTimezone: true }),
  code: text(),
  referredBy: bigint("referred_by", { mode: "number" }),
  phoneNumberId: integer("phone_number_id"),
  messageId: bigint("message_id", { mode: "number" }),
  redeemedAt: timestamp("redeemed_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

export const marketingRewards = pgTable("marketing_rewards", {
  id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
  accountId: integer("account_id")
    .notNull()
    .references(() => accounts.id, { onDelete: "cascade" }),
  programId: integer("program_id")
    .notNull()
    .references(() => marketingPrograms.id, { onDelete: "cascade" }),
  memberId: bigint("member_id", { mode: "number" })
    .notNull()
    .references(() => marketingMembers.id, { onDelete: "cascade" }),
  code: text().notNull(),
  issuedAt: timestamp("issued_at", { withTimezone: true }).notNull().defaultNow(),
  redeemedAt: timestamp("redeemed_at", { withTimezone: true }),
  messageId: bigint("message_id", { mode: "number" }),
});

export const marketingActivity = pgTable("marketing_activity", {
  id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
  accountId: integer("account_id")
    .notNull()
    .references(() => accounts.id, { onDelete: "cascade" }),
  programId: integer("program_id")
    .notNull()
    .references(() => marketingPrograms.id, { onDelete: "cascade" }),
  memberId: bigint("member_id", { mode: "number" }),
  kind: text().notNull(),
  detail: text().notNull().default(""),
  messageId: bigint("message_id", { mode: "number" }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});

export const marketingDraws = pgTable("marketing_draws", {
  id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
  accountId: integer("account_id")
    .notNull()
    .references(() => accounts.id, { onDelete: "cascade" }),
  programId: integer("program_id")
    .notNull()
    .references(() => marketingPrograms.id, { onDelete: "cascade" }),
  entrants: integer().notNull(),
  winnerMemberIds: bigint("winner_member_ids", { mode: "number" }).array().notNull(),
  method: text().notNull(),
  drawnByUserId: integer("drawn_by_user_id"),
  drawnAt: timestamp("drawn_at", { withTimezone: true }).notNull().defaultNow(),
});
