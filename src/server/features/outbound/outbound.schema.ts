import { integer, pgTable, timestamp } from "drizzle-orm/pg-core";

/** Each sending number's pace, shared by every worker (see the dispatcher's claim). */
export const dispatchPace = pgTable("dispatch_pace", {
  phoneNumberId: integer("phone_number_id").primaryKey(),
  nextAt: timestamp("next_at", { withTimezone: true }).notNull().defaultNow(),
});
