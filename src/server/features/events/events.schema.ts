import {
  bigint,
  bigserial,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
} from "drizzle-orm/pg-core";
import { accounts } from "../account/account.schema";

/** What happened to an account's subscribers, written in the transaction of the change. */
export const accountEvents = pgTable(
  "account_events",
  {
    id: bigserial({ mode: "bigint" }).primaryKey(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    type: text().notNull(),
    subscriberId: bigint("subscriber_id", { mode: "number" }),
    data: jsonb().$type<Record<string, unknown>>().notNull().default({}),
    occurredAt: timestamp("occurred_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("account_events_account_idx").on(t.accountId, t.id)],
);

/** One row per event and consumer until the consumer has handled it. */
export const accountEventWork = pgTable(
  "account_event_work",
  {
    consumer: text().notNull(),
    eventId: bigint("event_id", { mode: "bigint" })
      .notNull()
      .references(() => accountEvents.id, { onDelete: "cascade" }),
    notBefore: timestamp("not_before", { withTimezone: true }).notNull().defaultNow(),
    attempts: integer().notNull().default(0),
    lastError: text("last_error"),
  },
  (t) => [
    primaryKey({ name: "account_event_work_pk", columns: [t.consumer, t.eventId] }),
    index("account_event_work_due_idx").on(t.consumer, t.notBefore, t.eventId),
  ],
);
