import type { Queryable } from "../credits/credits.service";

export interface SendRow {
  id: number;
  accountId: number;
  userId: number | null;
  phoneNumberId: number | null;
  form: unknown;
  text: string;
  isMms: boolean;
  mediaUrls: string[];
  recipients: unknown;
  timezone: string;
  rrule: string | null;
  ignoreQuietHours: boolean;
  status: string;
  nextRunAt: Date | null;
  runCount: number;
  createdAt: Date;
}

const SEND_COLUMNS = `id::int, account_id as "accountId", user_id as "userId",
  phone_number_id as "phoneNumberId", form, text, is_mms as "isMms", media_urls as "mediaUrls",
  recipients, timezone, rrule, ignore_quiet_hours as "ignoreQuietHours", status,
  next_run_at as "nextRunAt", run_count as "runCount", created_at as "createdAt"`;

export async function findSend(db: Queryable, accountId: number, id: number) {
  const res = await db.query<SendRow>(
    `select ${SEND_COLUMNS} from sends where id = $1 and account_id = $2`,
    [id, accountId],
  );
  return res.rows[0];
}

export interface SendWrite {
  accountId: number;
  userId: number | null;
  phoneNumberId: number | null;
  form: unknown;
  text: string;
  isMms: boolean;
  mediaUrls: string[];
  linkId: number | null;
  templateId: number | null;
  recipients: unknown;
  timezone: string;
  rrule: string | null;
  ignoreQuietHours: boolean;
  nextRunAt: Date;
}

/** The columns a send's content sets, in the order of $3 … $14 below (after two keys). */
function contentValues(w: SendWrite) {
  return [
    w.phoneNumberId,
    JSON.stringify(w.form),
    w.text,
    w.isMms,
    JSON.stringify(w.mediaUrls),
    w.linkId,
    w.templateId,
    JSON.stringify(w.recipients),
    w.timezone,
    w.rrule,
    w.ignoreQuietHours,
    w.nextRunAt,
  ];
}

export async function insertSend(db: Queryable, w: SendWrite): Promise<number> {
  const res = await db.query<{ id: number }>(
    `insert into sends (account_id, user_id, phone_number_id, form, text, is_mms, media_urls,
       link_id, template_id, recipients, timezone, rrule, ignore_quiet_hours, next_run_at, status)
     values ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14, 'scheduled')
     returning id::int`,
    [w.accountId, w.userId, ...contentValues(w)],
  );
  return res.rows[0]!.id;
}

/**
 * Rewrites a send that has not started. The status condition is checked under the row lock the
 * scheduler takes while it starts a run, so an edit racing a start either lands before it or
 * finds the send running and changes nothing.
 */
export async function updateScheduledSend(db: Queryable, id: number, w: SendWrite) {
  const res = await db.query(
    `update sends set phone_number_id = $3, form = $4, text = $5, is_mms = $6, media_urls = $7,
       link_id = $8, template_id = $9, recipients = $10, timezone = $11, rrule = $12,
       ignore_quiet_hours = $13, next_run_at = $14, updated_at = now()
     where id = $1 and account_id = $2 and status = 'scheduled'`,
    [id, w.accountId, ...contentValues(w)],
  );
  return (res.rowCount ?? 0) > 0;
}

/** Cancels a send that has not started (same locking as updateScheduledSend), and its runs not yet fanned out. */
export async function cancelScheduledSend(db: Queryable, accountId: number, id: number) {
  const res = await db.query(
    `update sends set status = 'cancelled', next_run_at = null, updated_at = now()
     where id = $1 and account_id = $2 and status = 'scheduled'`,
    [id, accountId],
  );
  if (!res.rowCount) return false;
  await db.query(
    `update send_runs set status = 'cancelled', completed_at = now()
     where send_id = $1 and status = 'pending'`,
    [id],
  );
  return true;
}

/** The account's usable sending numbers (a restricted user's own ones only). */
export async function sendingNumbers(db: Queryable, accountId: number, onlyForUser: number | null) {
  const res = await db.query<{
    id: number;
    number: string;
    tollFree: boolean;
    state: string;
    tfVerification: string;
  }>(
    `select p.id, p.number, p.toll_free as "tollFree", p.state, p.tf_verification as "tfVerification"
       from phone_numbers p
      where p.account_id = $1 and p.state <> 'released'
        and ($2::int is null or exists (select 1 from user_phone_numbers u
                                         where u.user_id = $2 and u.phone_number_id = p.id))
      order by p.included desc, p.id`,
    [accountId, onlyForUser],
  );
  return res.rows;
}

export async function accountForSend(db: Queryable, accountId: number) {
  const res = await db.query<{
    businessName: string;
    timezoneId: number;
    isTestAccount: boolean;
    validityMinutes: number;
  }>(
    `select business_name as "businessName", timezone_id as "timezoneId",
            is_test_account as "isTestAccount", message_validity_minutes as "validityMinutes"
       from accounts where id = $1`,
    [accountId],
  );
  return res.rows[0]!;
}

export async function quietHoursOf(db: Queryable, accountId: number): Promise<[string, string][]> {
  const res = await db.query<{ value: unknown }>(
    `select value from account_settings where account_id = $1 and name = 'quiet_hours'`,
    [accountId],
  );
  const value = res.rows[0]?.value;
  return Array.isArray(value) ? (value as [string, string][]) : [];
}

/** Whether the user's 'Hide send to all' setting is on (its stored value, as saved). */
export async function sendToAllSetting(db: Queryable, userId: number): Promise<unknown> {
  const res = await db.query<{ value: unknown }>(
    `select value from user_settings where user_id = $1 and name = 'disable_send_all'`,
    [userId],
  );
  return res.rows[0]?.value;
}

/** A static group's welcome text, its account's zone and the number it goes from. */
export async function welcomeOfGroup(db: Queryable, accountId: number, groupId: number) {
  const res = await db.query<{
    welcome: string;
    name: string;
    timezoneId: number;
    numberId: number | null;
  }>(
    `select g.welcome_message as welcome, g.name, a.timezone_id as "timezoneId",
            (select p.id from phone_numbers p where p.account_id = a.id and p.state = 'active'
              order by p.included desc, p.id limit 1) as "numberId"
       from groups g join accounts a on a.id = g.account_id
      where g.id = $1 and g.account_id = $2 and g.type = 'static'`,
    [groupId, accountId],
  );
  return res.rows[0];
}

/** A welcome send, due now. */
export async function insertWelcomeSend(
  db: Queryable,
  w: {
    accountId: number;
    phoneNumberId: number;
    form: unknown;
    text: string;
    recipients: unknown;
    timezone: string;
  },
): Promise<void> {
  await db.query(
    `insert into sends (account_id, phone_number_id, form, text, recipients, timezone, status, next_run_at)
     values ($1, $2, $3, $4, $5, $6, 'scheduled', now())`,
    [
      w.accountId,
      w.phoneNumberId,
      JSON.stringify(w.form),
      w.text,
      JSON.stringify(w.recipients),
      w.timezone,
    ],
  );
}

export interface DueSend {
  id: number;
  accountId: number;
  text: string;
  rrule: string | null;
  timezone: string;
  nextRunAt: Date;
}

/**
 * The scheduled sends whose time has come, locked (others skip them) until the transaction ends:
 * by the server's clock (`now`, a test server's may run ahead: CLOCK_START), never later than by
 * the database's.
 */
export async function lockDueSends(db: Queryable, limit: number, now: Date): Promise<DueSend[]> {
  const due = await db.query<DueSend>(
    `select id::int, account_id as "accountId", text, rrule, timezone, next_run_at as "nextRunAt"
       from sends where status = 'scheduled' and next_run_at <= greatest(now(), $2::timestamptz)
      order by next_run_at limit $1 for update skip locked`,
    [limit, now],
  );
  return due.rows;
}

/** The run of one occurrence; none when it was created before (unique on send and time). */
export async function insertRunOnce(db: Queryable, send: DueSend): Promise<void> {
  await db.query(
    `insert into send_runs (send_id, account_id, run_at, text) values ($1, $2, $3, $4)
     on conflict (send_id, run_at) do nothing`,
    [send.id, send.accountId, send.nextRunAt, send.text],
  );
}

/** The send moves to its next occurrence, or to running when it has none. */
export async function advanceSend(db: Queryable, id: number, next: Date | null): Promise<void> {
  await db.query(
    `update sends set next_run_at = $2, run_count = run_count + 1,
            status = case when $2::timestamptz is null then 'running' else 'scheduled' end,
            updated_at = now()
      where id = $1`,
    [id, next],
  );
}

/**
 * Completes the runs whose every delivery has been handed on, each a send.finished event in the
 * same statement; answers them.
 */
export async function completeDispatchedRuns(db: Queryable) {
  const res = await db.query<{ runId: number; sendId: number }>(
    // Each finished run is a send.finished event (automations, webhooks) in the same statement.
    `with done as (
       update send_runs r set status = 'completed', completed_at = now()
        where r.status = 'dispatching'
          and not exists (select 1 from messages m where m.run_id = r.id and m.pending_dispatch)
        returning r.id, r.send_id
     ),
     events as (
       insert into account_events (account_id, type, data)
       select s.account_id, 'send.finished', jsonb_build_object('sendId', s.id, 'runId', done.id)
         from done join sends s on s.id = done.send_id
     )
     select id::int as "runId", send_id::int as "sendId" from done`,
  );
  return res.rows;
}

/** These sends are complete when running and none of their runs is still under way. */
export async function completeSendsWithoutOpenRuns(
  db: Queryable,
  sendIds: number[],
): Promise<void> {
  await db.query(
    `update sends s set status = 'completed', updated_at = now()
      where s.id = any($1::bigint[]) and s.status = 'running'
        and not exists (select 1 from send_runs r where r.send_id = s.id
                         and r.status in ('pending', 'fanning_out', 'dispatching'))`,
    [sendIds],
  );
}

/** Who sent each of these runs, and to how many. */
export async function runsToNotify(db: Queryable, runIds: number[]) {
  const { rows } = await db.query<{
    runId: number;
    sendId: number;
    accountId: number;
    userId: number | null;
    sent: number;
  }>(
    `select r.id::int as "runId", s.id::int as "sendId", s.account_id as "accountId",
            s.user_id as "userId", r.recipients::int as sent
       from send_runs r join sends s on s.id = r.send_id
      where r.id = any($1::bigint[])`,
    [runIds],
  );
  return rows;
}
