import { sql } from "drizzle-orm";
import {
  index,
  integer,
  jsonb,
  pgTable,
  real,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { accounts } from "../account/account.schema";
import { phoneNumbers } from "../numbers/numbers.schema";

/** 10DLC brand and campaign registration of an account (one of each). */
export const brandRegistrations = pgTable("brand_registrations", {
  accountId: integer("account_id")
    .primaryKey()
    .references(() => accounts.id, { onDelete: "cascade" }),
  brand: jsonb().notNull(),
  brandStatus: text("brand_status").notNull().default("pending"),
  campaign: jsonb(),
  campaignStatus: text("campaign_status").notNull().default("none"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** A 10DLC brand, campaign or toll-free verification under the registry's review. */
export const registryReviews = pgTable(
  "registry_reviews",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    /** brand | campaign | toll_free. */
    kind: text().notNull(),
    phoneNumberId: integer("phone_number_id").references(() => phoneNumbers.id, {
      onDelete: "cascade",
    }),
    /** 'brand', 'campaign' or 'toll_free:<number id>': one review per thing at a time. */
    subject: text().notNull(),
    /** queued | approved | rejected. */
    status: text().notNull().default("queued"),
    dueAt: timestamp("due_at", { withTimezone: true }).notNull(),
    reason: text(),
    /**
     * While queued: what the registry waits for from the business itself (mobile_reply: the owner
     * of a sole proprietor's mobile replies YES; mobile_pin: they type the PIN they were texted).
     */
    waitingFor: text("waiting_for"),
    /** The registry that took the submission (emulator, twilio, telnyx); null until it is sent. */
    registry: text(),
    /** The registry's own ids for what was created (profile, brand, campaign, verification). */
    registryRef: jsonb("registry_ref").notNull().default({}),
    /** When the registry took it; null while it waits to be sent (again, after a resubmission). */
    submittedAt: timestamp("submitted_at", { withTimezone: true }),
    decidedAt: timestamp("decided_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("registry_reviews_subject_key").on(t.accountId, t.subject),
    index("registry_reviews_due_idx").on(t.dueAt).where(sql`${t.status} = 'queued'`),
  ],
);

/** The brand's trust score and the long-code throughput its tier allows. */
export const brandTrust = pgTable("brand_trust", {
  accountId: integer("account_id")
    .primaryKey()
    .references(() => accounts.id, { onDelete: "cascade" }),
  score: smallint().notNull(),
  tier: text().notNull(),
  longCodeMps: real("long_code_mps").notNull(),
  /** T-Mobile's daily cap for the brand where the registry gives one (messages a day). */
  dailyCap: integer("daily_cap"),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Phone alerts add-on: the owner's phone for reply alerts and the quiet hours (HH:MM). */
export const phoneAlertSettings = pgTable("phone_alert_settings", {
  accountId: integer("account_id")
    .primaryKey()
    .references(() => accounts.id, { onDelete: "cascade" }),
  phone: text().notNull(),
  quietStart: text("quiet_start"),
  quietEnd: text("quiet_end"),
  lastAlertAt: timestamp("last_alert_at", { withTimezone: true }),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
