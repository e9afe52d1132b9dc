import { sql } from "drizzle-orm";
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

/** Core tables of the walking skeleton. Each feature adds its own tables in its own migration. */

export const accounts = pgTable(
  "accounts",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    // The public slug used by /subscribe/:accountName and /privacy/:accountName.
    accountName: text("account_name").notNull(),
    businessName: text("business_name").notNull(),
    email: text().notNull(),
    timezoneId: smallint("timezone_id").notNull().default(1),
    industry: smallint(),
    brandRegistrationStatus: text("brand_registration_status").notNull().default("unseen"),
    isTestAccount: boolean("is_test_account").notNull().default(false),
    isTsi: boolean("is_tsi").notNull().default(false),
    isWebinarCustomer: boolean("is_webinar_customer").notNull().default(false),
    isDeveloper: boolean("is_developer").notNull().default(false),
    parentAccountId: integer("parent_account_id"),
    subscriptionType: text("subscription_type").notNull().default("trial"),
    hubspotStatus: text("hubspot_status"),
    disableMessageExtras: boolean("disable_message_extras").notNull().default(false),
    isAutoRenewEnabled: boolean("is_auto_renew_enabled").notNull().default(true),
    phoneAlerts: boolean("phone_alerts").notNull().default(false),
    forbiddenReason: text("forbidden_reason"),
    trialEndsAt: timestamp("trial_ends_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("accounts_account_name_key").on(sql`lower(${t.accountName})`)],
);

export const users = pgTable(
  "users",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    username: text().notNull(),
    email: text().notNull(),
    passwordHash: text("password_hash").notNull(),
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    phone: text(),
    // 0 Agent, 1 Administrator, 2 Manager, 3 Owner (spec doc 2 §6).
    permissionLevel: smallint("permission_level").notNull().default(0),
    restricted: boolean().notNull().default(false),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("users_username_key").on(sql`lower(${t.username})`),
    uniqueIndex("users_email_key").on(sql`lower(${t.email})`),
    index("users_account_id_idx").on(t.accountId),
  ],
);

export const sessions = pgTable(
  "sessions",
  {
    // SHA-256 of the cookie token: a leaked table does not yield usable cookies.
    id: text().primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    userAgent: text("user_agent"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [
    index("sessions_user_id_idx").on(t.userId),
    index("sessions_expires_at_idx").on(t.expiresAt),
  ],
);

export const accountSettings = pgTable(
  "account_settings",
  {
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    name: text().notNull(),
    value: jsonb().notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.name] })],
);

export const userSettings = pgTable(
  "user_settings",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    name: text().notNull(),
    value: jsonb().notNull(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.userId, t.name] })],
);

export const globalSettings = pgTable("global_settings", {
  name: text().primaryKey(),
  value: jsonb().notNull(),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
