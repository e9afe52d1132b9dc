import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { accounts } from "../account/account.schema";

export const subscribers = pgTable(
  "subscribers",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    /** E.164, unique per account. */
    phone: text().notNull(),
    /** The three digits after +1: a stored column so the area-code filter can use an index. */
    areaCode: text("area_code").generatedAlwaysAs(sql`substring(phone from 3 for 3)`),
    firstName: text("first_name").notNull().default(""),
    lastName: text("last_name").notNull().default(""),
    email: text().notNull().default(""),
    countryId: smallint("country_id").notNull().default(209),
    /** A key of SIGNUP_METHODS (src/domain/signup-methods.ts), e.g. MANUAL_ENTRY. */
    signupMethod: text("signup_method").notNull().default("MANUAL_ENTRY"),
    /** How consent was given (manual, import, keyword, sign_up_form, …) and its detail. */
    consentSource: text("consent_source").notNull().default("manual"),
    consentDetail: text("consent_detail").notNull().default(""),
    /**
     * When marketing consent was recorded (keyword, form, import attestation, entry by the
     * business). Null: a conversation contact (texted in), never in a marketing send. 0015.
     */
    marketingConsentAt: timestamp("marketing_consent_at", { withTimezone: true }),
    /** When consent to recorded voice calls was given: its own consent, apart from texts. 0033. */
    voiceConsentAt: timestamp("voice_consent_at", { withTimezone: true }),
    /** Learnt from carrier lookups or failed deliveries; null while unknown. */
    isLandline: boolean("is_landline"),
    /**
     * The mobile network the number is on, as the carrier's lookup names it ("T-Mobile USA, Inc."):
     * learnt with the line type; null while unknown. T-Mobile's daily cap counts by it. 0058.
     */
    carrierName: text("carrier_name"),
    /** Custom field values keyed by custom field id; an empty value is an absent key. */
    attributes: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("subscribers_account_phone_key").on(t.accountId, t.phone),
    // Ascending: scanned backwards it serves "order by created_at desc, id desc" (nulls first).
    index("subscribers_account_created_idx").on(t.accountId, t.createdAt, t.id),
    index("subscribers_account_name_idx").on(
      t.accountId,
      sql`lower(${t.firstName})`,
      sql`lower(${t.lastName})`,
      t.id,
    ),
    // With the date columns, one area code's newest rows come straight off the index.
    index("subscribers_account_area_code_idx").on(t.accountId, t.areaCode, t.createdAt, t.id),
    index("subscribers_attributes_idx").using("gin", t.attributes),
    index("subscribers_account_no_consent_idx")
      .on(t.accountId)
      .where(sql`${t.marketingConsentAt} is null`),
    index("subscribers_account_landline_idx").on(t.accountId).where(sql`${t.isLandline} is true`),
  ],
);

/**
 * Subscribers per account, kept by statement-level triggers on subscribers (migration 0004), so
 * the unfiltered list's total is one row read instead of a count over a million rows.
 */
export const subscriberCounts = pgTable("subscriber_counts", {
  accountId: integer("account_id")
    .primaryKey()
    .references(() => accounts.id, { onDelete: "cascade" }),
  n: bigint({ mode: "number" }).notNull().default(0),
});
