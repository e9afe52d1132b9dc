import { integer, pgTable, text, timestamp } from "drizzle-orm/pg-core";
import { accounts } from "../account/account.schema";
import { phoneNumbers } from "../numbers/numbers.schema";

export const qrTemplates = pgTable("qr_templates", {
  id: integer().primaryKey().generatedAlwaysAsIdentity(),
  accountId: integer("account_id")
    .notNull()
    .references(() => accounts.id, { onDelete: "cascade" }),
  name: text().notNull(),
  /** The public redirect /q/:slug that counts scans. */
  slug: text().notNull(),
  phoneNumberId: integer("phone_number_id").references(() => phoneNumbers.id, {
    onDelete: "set null",
  }),
  message: text().notNull().default(""),
  fgColor: text("fg_color").notNull().default("#000000"),
  bgColor: text("bg_color").notNull().default("#ffffff"),
  frameText: text("frame_text").notNull().default(""),
  logo: text(),
  scans: integer().notNull().default(0),
  lastScannedAt: timestamp("last_scanned_at", { withTimezone: true }),
  createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
});
