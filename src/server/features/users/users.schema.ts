import { sql } from "drizzle-orm";
import {
  boolean,
  check,
  index,
  integer,
  pgTable,
  primaryKey,
  smallint,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { accounts } from "../account/account.schema";
import { groups } from "../groups/groups.schema";
import { phoneNumbers } from "../numbers/numbers.schema";

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
    /** Two-factor method: null (off) | app (authenticator, TOTP) | sms (code to `phone`). */
    twoFactorMethod: text("two_factor_method"),
    /** Base32 TOTP secret of the authenticator app, once confirmed with a code. */
    totpSecret: text("totp_secret"),
    /** Null until the user proves the address (a link by e-mail); invited users have proven it. */
    emailVerifiedAt: timestamp("email_verified_at", { withTimezone: true }).defaultNow(),
    /** When `phone` received a code the user typed back (phone verification, SMS two-factor). */
    phoneVerifiedAt: timestamp("phone_verified_at", { withTimezone: true }),
    /** The language the signed-in app speaks to this user: 'en' | 'es' (src/domain/locale.ts). */
    locale: text().notNull().default("en"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("users_username_key").on(sql`lower(${t.username})`),
    uniqueIndex("users_email_key").on(sql`lower(${t.email})`),
    index("users_account_id_idx").on(t.accountId),
    check("users_locale_check", sql`${t.locale} in ('en', 'es')`),
  ],
);

/** The groups an Agent is assigned to (spec doc 2 §5: agents must be assigned a group). */
export const userGroups = pgTable(
  "user_groups",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    groupId: integer("group_id")
      .notNull()
      .references(() => groups.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.groupId] }),
    index("user_groups_group_idx").on(t.groupId),
  ],
);

/** The dedicated numbers a user may use (restricted users see only these). */
export const userPhoneNumbers = pgTable(
  "user_phone_numbers",
  {
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    phoneNumberId: integer("phone_number_id")
      .notNull()
      .references(() => phoneNumbers.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.userId, t.phoneNumberId] }),
    index("user_phone_numbers_number_idx").on(t.phoneNumberId),
  ],
);
