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
} from "drizzle-orm/pg-core";
import { accounts } from "../account/account.schema";

export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    url: text().notNull(),
    description: text().notNull().default(""),
    events: text().array().notNull(),
    /** Sealed with secret-box: we sign with it, so it cannot be a one-way hash. */
    secret: text().notNull(),
    enabled: boolean().notNull().default(true),
    disabledReason: text("disabled_reason"),
    failingSince: timestamp("failing_since", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("webhook_endpoints_account_idx").on(t.accountId)],
);

export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    endpointId: integer("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    eventType: text("event_type").notNull(),
    eventId: text("event_id").notNull(),
    /** Deliveries with the same key (a subscriber) go to one endpoint in order; 0 = none. */
    orderKey: bigint("order_key", { mode: "number" }).notNull().default(0),
    payload: jsonb().notNull(),
    /** pending | delivered | failed */
    status: text().notNull().default("pending"),
    attempts: integer().notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    giveUpAt: timestamp("give_up_at", { withTimezone: true })
      .notNull()
      .default(sql`now() + interval '1 day'`),
    lastStatusCode: integer("last_status_code"),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    deliveredAt: timestamp("delivered_at", { withTimezone: true }),
  },
  (t) => [
    index("webhook_deliveries_due_idx")
      .on(t.nextAttemptAt, t.id)
      .where(sql`${t.status} = 'pending'`),
    index("webhook_deliveries_order_idx")
      .on(t.endpointId, t.orderKey, t.id)
      .where(sql`${t.status} = 'pending'`),
    index("webhook_deliveries_endpoint_idx").on(t.endpointId, t.id.desc()),
  ],
);
