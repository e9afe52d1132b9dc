import { sql } from "drizzle-orm";
import {
  boolean,
  integer,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

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
    /** How long a text may wait for the carrier before it expires. Migration 0017. */
    messageValidityMinutes: integer("message_validity_minutes").notNull().default(240),
    /** The business's phone given at admin sign-up (migration 0021). */
    businessPhone: text("business_phone"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("accounts_account_name_key").on(sql`lower(${t.accountName})`)],
);
