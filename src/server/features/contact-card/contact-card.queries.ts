import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/connection";
import { contactCards } from "./contact-card.schema";

type CardValues = Omit<typeof contactCards.$inferInsert, "accountId" | "updatedAt">;

export async function findCard(db: Db, accountId: number) {
  const [row] = await db.select().from(contactCards).where(eq(contactCards.accountId, accountId));
  return row;
}

/** The account's one card, created or replaced. */
export async function saveCard(db: Db, accountId: number, values: CardValues): Promise<void> {
  await db
    .insert(contactCards)
    .values({ accountId, ...values })
    .onConflictDoUpdate({
      target: contactCards.accountId,
      set: { ...values, updatedAt: sql`now()` },
    });
}
