import type { Queryable } from "../../db/queryable";

/** Whether alerts are on, and the phone and quiet hours; undefined without the account. */
export async function phoneAlertSettings(db: Queryable, accountId: number) {
  const res = await db.query<{
    enabled: boolean;
    phone: string | null;
    quietStart: string | null;
    quietEnd: string | null;
  }>(
    `select a.phone_alerts as enabled, s.phone, s.quiet_start as "quietStart",
            s.quiet_end as "quietEnd"
       from accounts a left join phone_alert_settings s on s.account_id = a.id
      where a.id = $1`,
    [accountId],
  );
  return res.rows[0];
}

export async function setPhoneAlertsOn(
  db: Queryable,
  accountId: number,
  enabled: boolean,
): Promise<void> {
  await db.query(`update accounts set phone_alerts = $2 where id = $1`, [accountId, enabled]);
}

export async function upsertPhoneAlertSettings(
  db: Queryable,
  accountId: number,
  s: { phone: string; quietStart: string | null; quietEnd: string | null },
): Promise<void> {
  await db.query(
    `insert into phone_alert_settings (account_id, phone, quiet_start, quiet_end)
         values ($1, $2, $3, $4)
         on conflict (account_id) do update
           set phone = excluded.phone, quiet_start = excluded.quiet_start,
               quiet_end = excluded.quiet_end, updated_at = now()`,
    [accountId, s.phone, s.quietStart, s.quietEnd],
  );
}

/** Where an alert about a reply to this number goes; undefined when alerts are off or unset. */
export async function alertTarget(db: Queryable, accountId: number, numberId: number) {
  const res = await db.query<{
    phone: string;
    quietStart: string | null;
    quietEnd: string | null;
    timezoneId: number;
    numberId: number;
    number: string;
  }>(
    `select s.phone, s.quiet_start as "quietStart", s.quiet_end as "quietEnd",
              a.timezone_id as "timezoneId", n.id as "numberId", n.number
         from accounts a
         join phone_alert_settings s on s.account_id = a.id
         join phone_numbers n on n.id = $2 and n.account_id = a.id and n.state = 'active'
        where a.id = $1 and a.phone_alerts`,
    [accountId, numberId],
  );
  return res.rows[0];
}

export async function noteAlertSent(db: Queryable, accountId: number): Promise<void> {
  await db.query(`update phone_alert_settings set last_alert_at = now() where account_id = $1`, [
    accountId,
  ]);
}
