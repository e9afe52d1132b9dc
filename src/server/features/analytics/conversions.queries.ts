import { eq, sql } from "drizzle-orm";
import type { Db } from "../../db/connection";
import { conversionSettings, conversions } from "./analytics.schema";

/** The account's settings row, made with this key the first time. */
export async function ensureConversionSettings(
  db: Db,
  accountId: number,
  key: string,
): Promise<void> {
  await db
    .insert(conversionSettings)
    .values({ accountId, key })
    .onConflictDoNothing({ target: conversionSettings.accountId });
}

export async function conversionSettingsOf(db: Db, accountId: number) {
  const [row] = await db
    .select()
    .from(conversionSettings)
    .where(eq(conversionSettings.accountId, accountId));
  return row;
}

export async function setConversionWindowDays(
  db: Db,
  accountId: number,
  windowDays: number,
): Promise<void> {
  await db
    .update(conversionSettings)
    .set({ windowDays })
    .where(eq(conversionSettings.accountId, accountId));
}

export async function conversionSettingsByKey(db: Db, key: string) {
  const [settings] = await db
    .select()
    .from(conversionSettings)
    .where(eq(conversionSettings.key, key));
  return settings;
}

/** The customer's last tracked-link click in the window, with the send run that carried it. */
export async function lastClickInWindow(
  db: Db,
  accountId: number,
  phone: string,
  now: Date,
  since: Date,
) {
  return (
    await db.execute<{ click_id: string; subscriber_id: string; run_id: string | null }>(sql`
      select c.id as click_id, c.subscriber_id,
        (select m.run_id from messages m join send_runs r on r.id = m.run_id
           join sends s on s.id = r.send_id
         where m.subscriber_id = c.subscriber_id and s.link_id = c.link_id
           and m.created_at <= c.clicked_at
         order by m.created_at desc limit 1) as run_id
      from subscribers sub
      join link_clicks c on c.subscriber_id = sub.id and c.account_id = sub.account_id
      where sub.account_id = ${accountId} and sub.phone = ${phone}
        and c.clicked_at <= ${now}
        and c.clicked_at > ${since}
      order by c.clicked_at desc limit 1`)
  ).rows[0];
}

/** A conversion (an order reported twice counts once). */
export async function insertConversion(
  db: Db,
  values: typeof conversions.$inferInsert,
): Promise<void> {
  await db.insert(conversions).values(values).onConflictDoNothing();
}

/** The range's conversions and revenue by the send run credited. */
export async function conversionsBySend(
  db: Db,
  r: { accountId: number; from: string; to: string; tz: string },
) {
  const res = await db.execute<{
    run_id: string | null;
    text: string | null;
    run_at: Date | string | null;
    n: string;
    cents: string;
  }>(sql`
    select c.run_id, r.text, r.run_at, count(*) as n, coalesce(sum(c.value_cents), 0) as cents
    from conversions c left join send_runs r on r.id = c.run_id and r.account_id = c.account_id
    where c.account_id = ${r.accountId}
      and c.occurred_at >= (${r.from}::date)::timestamp at time zone ${r.tz}
      and c.occurred_at < (${r.to}::date + 1)::timestamp at time zone ${r.tz}
    group by 1, 2, 3 order by 5 desc`);
  return res.rows;
}
