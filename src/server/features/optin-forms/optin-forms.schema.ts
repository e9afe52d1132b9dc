import { sql } from "drizzle-orm";
import { integer, jsonb, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { accounts } from "../account/account.schema";
import { phoneNumbers } from "../numbers/numbers.schema";

export const optinForms = pgTable("optin_forms", {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  accountId: integer("account_id")
    .notNull()
    .references(() => accounts.id, { onDelete: "cascade" }),
  name: text().notNull(),
  status: text().notNull().default("active"), // active | paused
  phoneNumberId: integer("phone_number_id").references(() => phoneNumbers.id, {
    onDelete: "set null",
  }),
  groupIds: integer("group_ids").array().notNull().default(sql`'{}'`),
  container: jsonb().$type<Record<string, unknown>>().notNull(),
  blocks: jsonb().$type<unknown[]>().notNull(),
  display: jsonb().$type<Record<string, unknown>>().notNull(),
  views: integer().notNull().default(0),
  submissions: integer().notNull().default(0),
  confirmations: integer().notNull().default(0),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** One showing of a popup (the viewId of the public calls), then its submission and code. */
export const optinFormViews = pgTable("optin_form_views", {
  id: text().primaryKey(), // uuid
  accountId: integer("account_id")
    .notNull()
    .references(() => accounts.id, { onDelete: "cascade" }),
  formId: integer("form_id")
    .notNull()
    .references(() => optinForms.id, { onDelete: "cascade" }),
  url: text().notNull().default(""),
  phone: text(),
  fields: jsonb().$type<Record<string, unknown>>().notNull().default({}),
  codeHash: text("code_hash"),
  codeExpiresAt: timestamp("code_expires_at", { withTimezone: true }),
  codeSends: integer("code_sends").notNull().default(0),
  attempts: integer().notNull().default(0),
  submittedAt: timestamp("submitted_at", { withTimezone: true }),
  confirmedAt: timestamp("confirmed_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
