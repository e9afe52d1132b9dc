import type { Queryable } from "../../db/queryable";

/** The account's campaigns with how many sends and automations each groups, newest first. */
export async function listCampaignRows(db: Queryable, accountId: number) {
  const r = await db.query<{
    id: number;
    name: string;
    sends: number;
    automations: number;
    created_at: Date;
    updated_at: Date;
  }>(
    `select c.id, c.name, c.created_at, c.updated_at,
            (select count(*) from campaign_members m where m.campaign_id = c.id and m.send_id is not null)::int as sends,
            (select count(*) from campaign_members m where m.campaign_id = c.id and m.automation_id is not null)::int as automations
       from campaigns c where c.account_id = $1 order by c.created_at desc, c.id desc`,
    [accountId],
  );
  return r.rows;
}

export async function findCampaign(db: Queryable, accountId: number, id: number) {
  const r = await db.query<{ id: number; name: string; created_at: Date }>(
    `select id, name, created_at from campaigns where id = $1 and account_id = $2`,
    [id, accountId],
  );
  return r.rows[0];
}

/** The new campaign's id (a taken name fails on campaigns_account_name_key). */
export async function insertCampaign(db: Queryable, accountId: number, name: string) {
  const r = await db.query<{ id: number }>(
    `insert into campaigns (account_id, name) values ($1, $2) returning id`,
    [accountId, name],
  );
  return r.rows[0]!.id;
}

/** Whether the account's campaign was renamed (a taken name fails on campaigns_account_name_key). */
export async function renameCampaignRow(
  db: Queryable,
  accountId: number,
  id: number,
  name: string,
): Promise<boolean> {
  const r = await db.query(
    `update campaigns set name = $3, updated_at = now() where id = $1 and account_id = $2`,
    [id, accountId, name],
  );
  return !!r.rowCount;
}

export async function deleteCampaignRow(
  db: Queryable,
  accountId: number,
  id: number,
): Promise<boolean> {
  const r = await db.query(`delete from campaigns where id = $1 and account_id = $2`, [
    id,
    accountId,
  ]);
  return !!r.rowCount;
}

/** Whether the send or automation to add is the account's. */
export async function memberExists(
  db: Queryable,
  accountId: number,
  m: { sendId?: number; automationId?: number },
): Promise<boolean> {
  const exists =
    m.sendId !== undefined
      ? await db.query(`select 1 from sends where id = $1 and account_id = $2`, [
          m.sendId,
          accountId,
        ])
      : await db.query(`select 1 from automations where id = $1 and account_id = $2`, [
          m.automationId,
          accountId,
        ]);
  return !!exists.rowCount;
}

/** A send or automation joins the campaign (one campaign each: a unique key says it is in one). */
export async function insertMember(
  db: Queryable,
  id: number,
  m: { sendId?: number; automationId?: number },
): Promise<void> {
  await db.query(
    `insert into campaign_members (campaign_id, send_id, automation_id) values ($1, $2, $3)`,
    [id, m.sendId ?? null, m.automationId ?? null],
  );
}

export async function touchCampaign(db: Queryable, id: number): Promise<void> {
  await db.query(`update campaigns set updated_at = now() where id = $1`, [id]);
}

export async function deleteMember(db: Queryable, id: number, memberId: number): Promise<boolean> {
  const r = await db.query(`delete from campaign_members where id = $1 and campaign_id = $2`, [
    memberId,
    id,
  ]);
  return !!r.rowCount;
}

/** The account's sends and automations in no campaign yet, newest first (200 of each). */
export async function candidateRows(db: Queryable, accountId: number) {
  const [sends, automations] = await Promise.all([
    db.query<{ id: string; text: string; status: string; at: Date }>(
      `select s.id, s.text, s.status, coalesce(s.next_run_at, s.created_at) as at from sends s
        where s.account_id = $1
          and not exists (select 1 from campaign_members m where m.send_id = s.id)
        order by s.created_at desc limit 200`,
      [accountId],
    ),
    db.query<{ id: number; name: string; kind: string }>(
      `select a.id, a.name, a.kind from automations a
        where a.account_id = $1
          and not exists (select 1 from campaign_members m where m.automation_id = a.id)
        order by a.id desc limit 200`,
      [accountId],
    ),
  ]);
  return { sends: sends.rows, automations: automations.rows };
}

/** The campaign's members, each with its send or automation. */
export function campaignMemberRows(db: Queryable, campaignId: number, accountId: number) {
  return db.query<{
    member_id: number;
    send_id: string | null;
    automation_id: number | null;
    send_text: string | null;
    send_status: string | null;
    send_at: Date | null;
    a_name: string | null;
    a_kind: string | null;
    a_status: string | null;
  }>(
    `select m.id as member_id, m.send_id, m.automation_id, s.text as send_text,
              s.status as send_status, coalesce(s.next_run_at, s.created_at) as send_at,
              a.name as a_name, a.kind as a_kind, a.status as a_status
         from campaign_members m
         left join sends s on s.id = m.send_id and s.account_id = $2
         left join automations a on a.id = m.automation_id and a.account_id = $2
        where m.campaign_id = $1
        order by m.added_at, m.id`,
    [campaignId, accountId],
  );
}

/** The runs of these sends. */
export function runsOfSends(db: Queryable, sendIds: number[], accountId: number) {
  return db.query<{ id: string; send_id: string; credits: number }>(
    `select id, send_id, credits from send_runs where send_id = any($1::bigint[]) and account_id = $2`,
    [sendIds, accountId],
  );
}

/** The runs' deliveries counted by run and status (the (run_id, status) index). */
export function runStatusCounts(db: Queryable, runIds: number[]) {
  return db.query<{ run_id: string; status: string; n: number }>(
    `select run_id, status, count(*)::int as n from messages
              where run_id = any($1::bigint[]) group by 1, 2`,
    [runIds],
  );
}

/** The runs' failed deliveries counted by status and error code, with the credits they took. */
export function runFailureCounts(
  db: Queryable,
  runIds: number[],
  failedStatuses: readonly string[],
) {
  return db.query<{ status: string; code: number | null; n: number; credits: number }>(
    `select status, error_code as code, count(*)::int as n, sum(credits)::int as credits
               from messages
              where run_id = any($1::bigint[]) and status = any($2::text[]) group by 1, 2`,
    [runIds, failedStatuses],
  );
}

/** The automations' texts counted by automation and status, through their step log. */
export function automationStatusCounts(db: Queryable, automationIds: number[], accountId: number) {
  return db.query<{ automation_id: number; status: string; n: number; credits: number }>(
    `select l.automation_id, m.status, count(*)::int as n, sum(m.credits)::int as credits
               from automation_step_log l join messages m on m.id = l.message_id
              where l.automation_id = any($1::int[]) and l.message_id is not null
                and m.account_id = $2
              group by 1, 2`,
    [automationIds, accountId],
  );
}

/** The automations' failed texts counted by status and error code. */
export function automationFailureCounts(
  db: Queryable,
  automationIds: number[],
  accountId: number,
  failedStatuses: readonly string[],
) {
  return db.query<{ status: string; code: number | null; n: number }>(
    `select m.status, m.error_code as code, count(*)::int as n
               from automation_step_log l join messages m on m.id = l.message_id
              where l.automation_id = any($1::int[]) and l.message_id is not null
                and m.account_id = $2 and m.status = any($3::text[])
              group by 1, 2`,
    [automationIds, accountId, failedStatuses],
  );
}

/** The automations' replies, clicks and opt-outs, kept on their runs. */
export function automationEngagement(db: Queryable, automationIds: number[], accountId: number) {
  return db.query<{ replies: number; clicks: number; opt_outs: number }>(
    `select count(*) filter (where replied_at is not null)::int as replies,
                    count(*) filter (where clicked_at is not null)::int as clicks,
                    count(*) filter (where exit_reason = 'opted_out')::int as opt_outs
               from automation_runs where automation_id = any($1::int[]) and account_id = $2`,
    [automationIds, accountId],
  );
}

/** Each split branch's people, the texts they were sent after it and how they answered. */
export function splitBranchStats(db: Queryable, automationIds: number[], accountId: number) {
  return db.query<{
    automation_id: number;
    step: string;
    branch: number;
    people: number;
    replies: number;
    clicks: number;
    opt_outs: number;
    texts: number;
    delivered: number;
  }>(
    `with b as (
         select l.run_id, l.automation_id, split_part(l.step_id, '#', 1) as step,
                split_part(l.step_id, '#', 2)::int as branch, min(l.at) as at
           from automation_step_log l
          where l.automation_id = any($1::int[]) and l.step_id like '%#%'
          group by 1, 2, 3, 4
       )
       select b.automation_id, b.step, b.branch, count(*)::int as people,
              count(*) filter (where r.replied_at is not null)::int as replies,
              count(*) filter (where r.clicked_at is not null)::int as clicks,
              count(*) filter (where r.exit_reason = 'opted_out')::int as opt_outs,
              coalesce(sum(t.texts), 0)::int as texts, coalesce(sum(t.delivered), 0)::int as delivered
         from b
         join automation_runs r on r.id = b.run_id and r.account_id = $2
         left join lateral (
           select count(*) as texts,
                  count(*) filter (where m.status in ('Delivered', 'Read')) as delivered
             from automation_step_log x join messages m on m.id = x.message_id
            where x.run_id = b.run_id and x.message_id is not null and x.at >= b.at
         ) t on true
        group by 1, 2, 3
        order by 1, 2, 3`,
    [automationIds, accountId],
  );
}

/** The automations' current graphs, with their names. */
export function automationGraphs(db: Queryable, automationIds: number[], accountId: number) {
  return db.query<{ automation_id: number; name: string; graph: { steps: unknown[] } }>(
    `select a.id as automation_id, a.name, v.graph
         from automations a join automation_versions v on v.automation_id = a.id and v.version = a.version
        where a.id = any($1::int[]) and a.account_id = $2`,
    [automationIds, accountId],
  );
}
