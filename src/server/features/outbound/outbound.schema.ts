import { date, integer, pgTable, primaryKey, timestamp } from "drizzle-orm/pg-core";
import { accounts } from "../account/account.schema";

/** Each sending number's pace, shared by every worker (see the dispatcher's claim). */
export const dispatchPace = pgTable("dispatch_pace", {
  phoneNumberId: integer("phone_number_id").primaryKey(),
  nextAt: timestamp("next_at", { withTimezone: true }).notNull().defaultNow(),
});

/**
 * What each brand (account) sent to T-Mobile subscribers from its long codes on one of
 * T-Mobile's days (Pacific time), in segments: counted when the dispatcher lets a text go, under
 * the row's lock, so workers never take the brand past its daily cap together (carrier-cap.ts).
 */
export const tmobileDailySends = pgTable(
  "tmobile_daily_sends",
  {
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    day: date({ mode: "string" }).notNull(),
    sent: integer().notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.accountId, t.day] })],
);
