import { eq, sql } from "drizzle-orm";
import type { WebBannerConfig } from "../../../domain/growth-tools";
import type { Db } from "../../db/connection";
import { webBanners } from "./web-banner.schema";

export async function findBanner(db: Db, accountId: number) {
  const [r] = await db.select().from(webBanners).where(eq(webBanners.accountId, accountId));
  return r;
}

export async function accountNameOf(db: Db, accountId: number) {
  const { rows } = await db.execute<{ name: string }>(
    sql`select account_name as name from accounts where id = ${accountId}`,
  );
  return rows[0]?.name;
}

/** The account's one banner, created or its settings replaced. */
export async function saveBannerConfig(
  db: Db,
  accountId: number,
  config: WebBannerConfig,
  at: Date,
): Promise<void> {
  await db
    .insert(webBanners)
    .values({ accountId, config })
    .onConflictDoUpdate({
      target: webBanners.accountId,
      set: { config, updatedAt: at },
    });
}

/** One more view or click on the account's banner (none: nothing). */
export async function countBannerEvent(
  db: Db,
  accountId: number,
  kind: "view" | "click",
): Promise<void> {
  const col = kind === "view" ? webBanners.views : webBanners.clicks;
  await db
    .update(webBanners)
    .set(kind === "view" ? { views: sql`${col} + 1` } : { clicks: sql`${col} + 1` })
    .where(eq(webBanners.accountId, accountId));
}
