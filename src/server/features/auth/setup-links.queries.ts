import { and, eq, isNull } from "drizzle-orm";
import type { Executor } from "../../db/connection";
import { authTokens } from "./auth.schema";
import { hashToken } from "./tokens.queries";

const KIND = "setup_link";

/** Ends every live setup link (a new start prints a new one): marked as replaced, not used. */
export async function endLiveSetupLinks(tx: Executor, now: Date): Promise<void> {
  await tx
    .update(authTokens)
    .set({ usedAt: now, data: { replaced: true } })
    .where(and(eq(authTokens.kind, KIND), isNull(authTokens.usedAt)));
}

export async function insertSetupLink(tx: Executor, hash: string, expiresAt: Date): Promise<void> {
  await tx.insert(authTokens).values({ kind: KIND, tokenHash: hash, expiresAt });
}

/** The setup link a token names, live or not; undefined when no link had it. */
export async function findSetupLink(db: Executor, token: string) {
  const [row] = await db
    .select({
      id: authTokens.id,
      expiresAt: authTokens.expiresAt,
      usedAt: authTokens.usedAt,
      data: authTokens.data,
    })
    .from(authTokens)
    .where(and(eq(authTokens.kind, KIND), eq(authTokens.tokenHash, hashToken(token))))
    .limit(1);
  return row;
}

/** Marks the link used unless another request used it first (single use, race-free). */
export async function useSetupLink(tx: Executor, id: number, now: Date): Promise<boolean> {
  const rows = await tx
    .update(authTokens)
    .set({ usedAt: now })
    .where(and(eq(authTokens.id, id), isNull(authTokens.usedAt)))
    .returning({ id: authTokens.id });
  return rows.length === 1;
}
