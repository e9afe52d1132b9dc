import { sql } from "drizzle-orm";
import { bigint, index, integer, pgTable, text, timestamp, uniqueIndex } from "drizzle-orm/pg-core";
import { accounts } from "../account/account.schema";
import { automations } from "../automations/automations.schema";
import { sends } from "../sends/sends.schema";

/** A campaign: one name over sends and automations, for their combined results. */
export const campaigns = pgTable(
  "campaigns",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    name: text().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("campaigns_account_name_key").on(t.accountId, sql`lower(${t.name})`)],
);

/** A send or an automation (drip, workflow) in a campaign; each is in at most one. */
export const campaignMembers = pgTable(
  "campaign_members",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    campaignId: integer("campaign_id")
      .notNull()
      .references(() => campaigns.id, { onDelete: "cascade" }),
    sendId: bigint("send_id", { mode: "number" }).references(() => sends.id, {
      onDelete: "cascade",
    }),
    automationId: integer("automation_id").references(() => automations.id, {
      onDelete: "cascade",
    }),
    addedAt: timestamp("added_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("campaign_members_send_key").on(t.sendId).where(sql`${t.sendId} is not null`),
    uniqueIndex("campaign_members_automation_key")
      .on(t.automationId)
      .where(sql`${t.automationId} is not null`),
    index("campaign_members_campaign_idx").on(t.campaignId),
  ],
);
