import { sql } from "drizzle-orm";
import {
  bigint,
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";
import { accounts } from "../account/account.schema";
import { users } from "../users/users.schema";

export const links = pgTable(
  "links",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    /** The short code served at /l/{code}; unique across all accounts. */
    code: text().notNull(),
    longUrl: text("long_url").notNull(),
    /** { utm_source?, utm_campaign?, utm_term?, utm_content? } added to the URL on redirect. */
    utm: jsonb().$type<Record<string, string>>().notNull().default({}),
    trackingEnabled: boolean("tracking_enabled").notNull().default(true),
    isMms: boolean("is_mms").notNull().default(false),
    ageCheck: boolean("age_check").notNull().default(false),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("links_code_key").on(t.code),
    index("links_account_created_idx").on(t.accountId, t.createdAt),
  ],
);

export const linkTags = pgTable(
  "link_tags",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    tag: text().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex("link_tags_account_tag_key").on(t.accountId, sql`lower(${t.tag})`)],
);

export const linkTagLinks = pgTable(
  "link_tag_links",
  {
    linkId: bigint("link_id", { mode: "number" })
      .notNull()
      .references(() => links.id, { onDelete: "cascade" }),
    tagId: integer("tag_id")
      .notNull()
      .references(() => linkTags.id, { onDelete: "cascade" }),
  },
  (t) => [
    primaryKey({ columns: [t.linkId, t.tagId] }),
    index("link_tag_links_tag_idx").on(t.tagId),
  ],
);

export const linkClicks = pgTable(
  "link_clicks",
  {
    id: bigint({ mode: "number" }).primaryKey().generatedAlwaysAsIdentity(),
    linkId: bigint("link_id", { mode: "number" })
      .notNull()
      .references(() => links.id, { onDelete: "cascade" }),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    /** Set only when the subscriber id in the URL belongs to the link's account. */
    subscriberId: bigint("subscriber_id", { mode: "number" }),
    userAgent: text("user_agent").notNull().default(""),
    clickedAt: timestamp("clicked_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("link_clicks_link_idx").on(t.linkId, t.clickedAt),
    // Migrations 0023 and 0037 (INCLUDE subscriber_id, link_id): clicks per subscriber.
    index("link_clicks_account_clicked_idx").on(t.accountId, t.clickedAt),
  ],
);
