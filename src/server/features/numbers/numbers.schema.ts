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

export const phoneNumbers = pgTable(
  "phone_numbers",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    /** E.164. */
    number: text().notNull(),
    /** The carrier's id for the number (Twilio's IncomingPhoneNumber sid, PN…). */
    carrierSid: text("carrier_sid").notNull(),
    name: text().notNull().default(""),
    tollFree: boolean("toll_free").notNull().default(false),
    /** pending (ordered, not usable yet) | active | released. */
    state: text().notNull().default("active"),
    /** Toll-free verification: none | pending | verified | rejected. */
    tfVerification: text("tf_verification").notNull().default("none"),
    tfVerificationForm: jsonb("tf_verification_form"),
    /** Whether this is the account's included number (extra ones cost $5 per month). */
    included: boolean().notNull().default(false),
    monthlyPriceCents: integer("monthly_price_cents").notNull().default(0),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    releasedAt: timestamp("released_at", { withTimezone: true }),
  },
  (t) => [
    // A number belongs to one account at a time; a released one may be bought again.
    uniqueIndex("phone_numbers_live_number_key").on(t.number).where(sql`${t.state} <> 'released'`),
    index("phone_numbers_account_id_idx").on(t.accountId),
  ],
);

/** Charges to bill later (extra numbers at $5 per month, credit packs, …). */
export const billingRecords = pgTable(
  "billing_records",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    kind: text().notNull(),
    description: text().notNull(),
    amountCents: integer("amount_cents").notNull(),
    recurring: text(), // monthly | null
    reference: text(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("billing_records_account_idx").on(t.accountId, t.createdAt)],
);
