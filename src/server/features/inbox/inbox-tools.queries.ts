import type { Db } from "../../db/connection";

/** The SQL of the inbox's team tools: notes, labels, snooze and alert settings. */

export interface NoteRow {
  id: number;
  body: string;
  createdAt: Date;
  userId: number | null;
  firstName: string | null;
  lastName: string | null;
  username: string | null;
}

const NOTE_COLUMNS = `n.id, n.body, n.created_at as "createdAt", n.user_id as "userId",
  u.first_name as "firstName", u.last_name as "lastName", u.username`;

export async function insertNote(
  db: Db,
  n: {
    accountId: number;
    subscriberId: number;
    userId: number | null;
    body: string;
    mentioned: number[];
  },
): Promise<NoteRow> {
  const { rows } = await db.$client.query<NoteRow>(
    `with ins as (
       insert into conversation_notes (account_id, subscriber_id, user_id, body, mentioned_user_ids)
       values ($1, $2, $3, $4, $5::int[]) returning *)
     select ${NOTE_COLUMNS} from ins n left join users u on u.id = n.user_id`,
    [n.accountId, n.subscriberId, n.userId, n.body, n.mentioned],
  );
  return { ...rows[0]!, id: Number(rows[0]!.id) };
}

/** A conversation's notes in a time span (the thread page they fall in). */
export async function threadNotes(
  db: Db,
  accountId: number,
  subscriberId: number,
  range: { from: Date | null; to: Date | null },
): Promise<NoteRow[]> {
  const values: unknown[] = [accountId, subscriberId];
  const where = ["n.account_id = $1", "n.subscriber_id = $2"];
  if (range.from) {
    values.push(range.from);
    where.push(`n.created_at >= $${values.length}`);
  }
  if (range.to) {
    values.push(range.to);
    where.push(`n.created_at < $${values.length}`);
  }
  const { rows } = await db.$client.query<NoteRow>(
    `select ${NOTE_COLUMNS} from conversation_notes n left join users u on u.id = n.user_id
      where ${where.join(" and ")} order by n.created_at, n.id`,
    values,
  );
  return rows.map((r) => ({ ...r, id: Number(r.id) }));
}

export interface LabelRow {
  id: number;
  name: string;
  color: string;
}

export async function listLabels(db: Db, accountId: number): Promise<LabelRow[]> {
  const { rows } = await db.$client.query<LabelRow>(
    `select id, name, color from inbox_labels where account_id = $1 order by lower(name), id`,
    [accountId],
  );
  return rows;
}

/** Inserts a label; undefined when the account has one of that name already. */
export async function insertLabel(
  db: Db,
  l: { accountId: number; name: string; color: string },
): Promise<LabelRow | undefined> {
  const { rows } = await db.$client.query<LabelRow>(
    `insert into inbox_labels (account_id, name, color) values ($1, $2, $3)
     on conflict do nothing returning id, name, color`,
    [l.accountId, l.name, l.color],
  );
  return rows[0];
}

export async function deleteLabel(db: Db, accountId: number, id: number): Promise<boolean> {
  const { rowCount } = await db.$client.query(
    `delete from inbox_labels where account_id = $1 and id = $2`,
    [accountId, id],
  );
  return (rowCount ?? 0) > 0;
}

/** How many of `ids` are labels of the account. */
export async function countOwnLabels(db: Db, accountId: number, ids: number[]): Promise<number> {
  const { rows } = await db.$client.query<{ n: string }>(
    `select count(*) as n from inbox_labels where account_id = $1 and id = any($2::int[])`,
    [accountId, ids],
  );
  return Number(rows[0]!.n);
}

/** The conversation's labels become exactly `labelIds`. */
export async function setConversationLabels(
  db: Db,
  accountId: number,
  subscriberId: number,
  labelIds: number[],
) {
  await db.$client.query(
    `with gone as (
       delete from conversation_labels
        where account_id = $1 and subscriber_id = $2 and label_id <> all($3::int[]))
     insert into conversation_labels (account_id, subscriber_id, label_id)
     select $1, $2, l.id from inbox_labels l where l.account_id = $1 and l.id = any($3::int[])
     on conflict do nothing`,
    [accountId, subscriberId, labelIds],
  );
}

/** Adds or removes one label on the selected conversations (already scoped by the caller). */
export async function labelMany(
  db: Db,
  accountId: number,
  labelId: number,
  subscriberIds: number[],
  remove: boolean,
) {
  if (subscriberIds.length === 0) return;
  if (remove) {
    await db.$client.query(
      `delete from conversation_labels
        where account_id = $1 and label_id = $2 and subscriber_id = any($3::bigint[])`,
      [accountId, labelId, subscriberIds],
    );
    return;
  }
  await db.$client.query(
    `insert into conversation_labels (account_id, subscriber_id, label_id)
     select $1, unnest($3::bigint[]), $2 on conflict do nothing`,
    [accountId, labelId, subscriberIds],
  );
}

export async function setSnooze(
  db: Db,
  accountId: number,
  subscriberId: number,
  s: { until: Date | null; untilReply: boolean },
): Promise<boolean> {
  const { rowCount } = await db.$client.query(
    `update conversations set snoozed_until = $3, snoozed_until_reply = $4
      where account_id = $1 and subscriber_id = $2`,
    [accountId, subscriberId, s.until, s.untilReply],
  );
  return (rowCount ?? 0) > 0;
}

/** Opened: a snooze that ended stops showing its marker. */
export async function clearEndedSnooze(db: Db, accountId: number, subscriberId: number, now: Date) {
  await db.$client.query(
    `update conversations set snoozed_until = null
      where account_id = $1 and subscriber_id = $2 and not snoozed_until_reply
        and snoozed_until <= $3`,
    [accountId, subscriberId, now],
  );
}

export async function getAlerts(db: Db, userId: number) {
  const { rows } = await db.$client.query<{ desktopAlerts: boolean; sound: boolean }>(
    `select desktop_alerts as "desktopAlerts", sound from inbox_user_settings where user_id = $1`,
    [userId],
  );
  return rows[0] ?? { desktopAlerts: false, sound: false };
}

export async function saveAlerts(
  db: Db,
  a: { accountId: number; userId: number; desktopAlerts: boolean; sound: boolean },
) {
  await db.$client.query(
    `insert into inbox_user_settings (user_id, account_id, desktop_alerts, sound)
     values ($1, $2, $3, $4)
     on conflict (user_id) do update
        set desktop_alerts = excluded.desktop_alerts, sound = excluded.sound, updated_at = now()`,
    [a.userId, a.accountId, a.desktopAlerts, a.sound],
  );
}
