import type { Db, Executor } from "../../db/connection";
import * as q from "./setup-links.queries";
import { newToken } from "./tokens.queries";

/** How long a setup link printed at start stays good. */
export const SETUP_LINK_TTL_MS = 24 * 60 * 60 * 1000;

/**
 * The one-time link that makes the first owner of a fresh install (/setup/<token>): a new one
 * ends the earlier ones, so only the link of the latest start works. Only its hash is stored.
 */
export async function issueSetupLink(
  db: Db,
  now: Date,
): Promise<{ token: string; expiresAt: Date }> {
  const { token, hash } = newToken();
  const expiresAt = new Date(now.getTime() + SETUP_LINK_TTL_MS);
  await db.transaction(async (tx) => {
    await q.endLiveSetupLinks(tx, now);
    await q.insertSetupLink(tx, hash, expiresAt);
  });
  return { token, expiresAt };
}

export type SetupLinkState =
  | { state: "live"; id: number; expiresAt: Date }
  | { state: "unknown" | "replaced" | "used" | "expired" };

/** What a setup link is now, by the injected clock's `now`. */
export async function setupLinkState(
  db: Executor,
  token: string,
  now: Date,
): Promise<SetupLinkState> {
  const row = token ? await q.findSetupLink(db, token) : undefined;
  if (!row) return { state: "unknown" };
  if (row.usedAt) return { state: row.data?.replaced ? "replaced" : "used" };
  if (row.expiresAt.getTime() <= now.getTime()) return { state: "expired" };
  return { state: "live", id: row.id, expiresAt: row.expiresAt };
}

/** Takes a live link for the setup (in the setup's transaction); false when it went meanwhile. */
export function useSetupLink(tx: Executor, id: number, now: Date): Promise<boolean> {
  return q.useSetupLink(tx, id, now);
}
