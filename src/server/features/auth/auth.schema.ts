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
import { users } from "../users/users.schema";

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
    /** A parent's user acting in a child account (managed accounts, migration 0030). */
    actingAccountId: integer("acting_account_id"),
    actingUserId: integer("acting_user_id"),
  },
  (t) => [
    index("sessions_user_id_idx").on(t.userId),
    index("sessions_expires_at_idx").on(t.expiresAt),
  ],
);

/**
 * Every secret link or code Parley hands out, stored as a SHA-256 of the token so a leaked table
 * opens nothing: reset_password, invite, activate, login_challenge (two-factor step between the
 * password and the session), remember_device, two_factor_setup (SMS code confirming a phone).
 */
export const authTokens = pgTable(
  "auth_tokens",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    kind: text().notNull(),
    tokenHash: text("token_hash").notNull(),
    userId: integer("user_id").references(() => users.id, { onDelete: "cascade" }),
    accountId: integer("account_id").references(() => accounts.id, { onDelete: "cascade" }),
    /** The address a link was sent to (invites: the invitee). */
    email: text().notNull().default(""),
    /** What the token carries: an invite's user form, a challenge's hashed SMS code, … */
    data: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    /** Wrong codes tried against it, and codes sent for it (SMS resend limit). */
    attempts: smallint().notNull().default(0),
    sends: smallint().notNull().default(0),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
    usedAt: timestamp("used_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("auth_tokens_token_hash_key").on(t.tokenHash),
    index("auth_tokens_user_kind_idx").on(t.userId, t.kind),
    index("auth_tokens_account_kind_idx").on(t.accountId, t.kind, t.createdAt),
    index("auth_tokens_expires_at_idx").on(t.expiresAt),
  ],
);

/** What an account's owner asks of every sign-in (the Security page); no row = both off. */
export const accountSignInPolicies = pgTable("account_sign_in_policies", {
  accountId: integer("account_id")
    .primaryKey()
    .references(() => accounts.id, { onDelete: "cascade" }),
  /** A device a user has not signed in from before needs a link from the user's e-mail. */
  verifyNewDevices: boolean("verify_new_devices").notNull().default(false),
  /** Users without a verified mobile number verify one (a 4-digit code) before going on. */
  requirePhoneVerification: boolean("require_phone_verification").notNull().default(false),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});

/** Devices a user proved (SHA-256 of the device id cookie, never the id itself). */
export const userDevices = pgTable(
  "user_devices",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    deviceHash: text("device_hash").notNull(),
    userAgent: text("user_agent"),
    verifiedAt: timestamp("verified_at", { withTimezone: true }).notNull().defaultNow(),
    lastSeenAt: timestamp("last_seen_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("user_devices_user_device_key").on(t.userId, t.deviceHash)],
);

/** A Google or Facebook account connected to a user (the ID token's issuer subject). */
export const userIdentities = pgTable(
  "user_identities",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    /** google | facebook */
    provider: text().notNull(),
    subject: text().notNull(),
    email: text().notNull().default(""),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("user_identities_provider_subject_key").on(t.provider, t.subject),
    index("user_identities_user_idx").on(t.userId),
  ],
);

/** /{deeplinkUrlId}: a short public link of an account; no uri = the account's sign-up page. */
export const deeplinks = pgTable(
  "deeplinks",
  {
    id: text().primaryKey(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    uri: text(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("deeplinks_account_created_idx").on(t.accountId, t.createdAt)],
);
