import { bigint, index, integer, pgTable, primaryKey, text, timestamp } from "drizzle-orm/pg-core";
import { accounts } from "../account/account.schema";
import { phoneNumbers } from "../numbers/numbers.schema";
import { users } from "../users/users.schema";

/** Numbers an account must never send to: opted out (STOP or by hand) or blocked. */
export const suppressions = pgTable(
  "suppressions",
  {
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    phone: text().notNull(),
    reason: text().notNull(), // opted_out | blocked
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.phone, t.reason] })],
);

/** Every consent change: who, when, how, through which of the account's numbers. */
export const consentEvents = pgTable(
  "consent_events",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    phone: text().notNull(),
    action: text().notNull(), // opt_out | opt_in | help | block | unblock
    /** keyword | manual | carrier | import | sign_up_form | … */
    source: text().notNull(),
    /** The exact words or the page/keyword that caused it. */
    detail: text().notNull().default(""),
    phoneNumberId: integer("phone_number_id").references(() => phoneNumbers.id, {
      onDelete: "set null",
    }),
    userId: integer("user_id").references(() => users.id, { onDelete: "set null" }),
    messageId: bigint("message_id", { mode: "number" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("consent_events_account_phone_idx").on(t.accountId, t.phone, t.createdAt)],
);
