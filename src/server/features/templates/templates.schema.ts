import { boolean, index, integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { accounts } from "../account/account.schema";
import { users } from "../users/users.schema";

export const templates = pgTable(
  "templates",
  {
    id: integer().primaryKey().generatedAlwaysAsIdentity(),
    accountId: integer("account_id")
      .notNull()
      .references(() => accounts.id, { onDelete: "cascade" }),
    /** plain | controlled (a parent account's templates, offered to its child accounts). */
    kind: text().notNull().default("plain"),
    name: text().notNull(),
    message: text().notNull().default(""),
    isMms: boolean("is_mms").notNull().default(false),
    /** Media URL attached when the template is used (MMS). */
    attachment: text(),
    requiresLink: boolean("requires_link").notNull().default(false),
    createdBy: integer("created_by").references(() => users.id, { onDelete: "set null" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("templates_account_kind_idx").on(t.accountId, t.kind, t.id)],
);
