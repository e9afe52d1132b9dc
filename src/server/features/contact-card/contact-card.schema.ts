import { sql } from "drizzle-orm";
import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { accounts } from "../account/account.schema";

export const contactCards = pgTable("contact_cards", {
  accountId: integer("account_id")
    .primaryKey()
    .references(() => accounts.id, { onDelete: "cascade" }),
  organizationName: text("organization_name").notNull(),
  description: text().notNull().default(""),
  website: text().notNull().default(""),
  /** The photo as base64 JPEG (resized to at most 400 px by sharp): small, and in the database so every process serves it. */
  photo: text().notNull(),
  /** Random part of the public vCard's address (`<accountId>-<token>.vcf`): not guessable. */
  publicToken: text("public_token")
    .notNull()
    .default(sql`replace(gen_random_uuid()::text, '-', '')`),
  updatedAt: timestamp("updated_at", { withTimezone: true }).notNull().defaultNow(),
});
