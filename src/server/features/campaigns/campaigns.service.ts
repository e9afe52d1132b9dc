import {
  CAMPAIGN_TEXT,
  type CampaignCandidates,
  type CampaignDetail,
  sendLabel,
} from "../../../domain/campaigns.schemas";
import { AppError } from "../../../domain/errors";
import type { Actor } from "../../../domain/permissions";
import type { AppContext } from "../../http/context";
import { displayBodies } from "../links/links.service";
import { campaignResults } from "./campaign-results";

const isUnique = (err: unknown, constraint: string) =>
  typeof err === "object" &&
  err !== null &&
  (err as { constraint?: string }).constraint === constraint;

export async function listCampaigns(ctx: AppContext, actor: Pick<Actor, "accountId">) {
  const r = await ctx.db.$client.query<{
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
    [actor.accountId],
  );
  return {
    rows: r.rows.map((c) => ({
      id: c.id,
      name: c.name,
      sends: c.sends,
      automations: c.automations,
      createdAt: c.created_at.toISOString(),
      updatedAt: c.updated_at.toISOString(),
    })),
  };
}

async function own(ctx: AppContext, accountId: number, id: number) {
  const r = await ctx.db.$client.query<{ id: number; name: string; created_at: Date }>(
    `select id, name, created_at from campaigns where id = $1 and account_id = $2`,
    [id, accountId],
  );
  if (!r.rows[0]) throw new AppError("NOT_FOUND", CAMPAIGN_TEXT.notFound);
  return r.rows[0];
}

export async function getCampaign(
  ctx: AppContext,
  actor: Pick<Actor, "accountId">,
  id: number,
): Promise<CampaignDetail> {
  const c = await own(ctx, actor.accountId, id);
  return {
    id: c.id,
    name: c.name,
    createdAt: c.created_at.toISOString(),
    ...(await campaignResults(ctx, actor.accountId, id)),
  };
}

export async function createCampaign(ctx: AppContext, actor: Actor, name: string) {
  try {
    const r = await ctx.db.$client.query<{ id: number }>(
      `insert into campaigns (account_id, name) values ($1, $2) returning id`,
      [actor.accountId, name],
    );
    return getCampaign(ctx, actor, r.rows[0]!.id);
  } catch (err) {
    if (isUnique(err, "campaigns_account_name_key"))
      throw new AppError("CONFLICT", CAMPAIGN_TEXT.nameTaken);
    throw err;
  }
}

export async function renameCampaign(ctx: AppContext, actor: Actor, id: number, name: string) {
  try {
    const r = await ctx.db.$client.query(
      `update campaigns set name = $3, updated_at = now() where id = $1 and account_id = $2`,
      [id, actor.accountId, name],
    );
    if (!r.rowCount) throw new AppError("NOT_FOUND", CAMPAIGN_TEXT.notFound);
  } catch (err) {
    if (isUnique(err, "campaigns_account_name_key"))
      throw new AppError("CONFLICT", CAMPAIGN_TEXT.nameTaken);
    throw err;
  }
  return getCampaign(ctx, actor, id);
}

/** Deleting a campaign leaves its sends and automations as they are (only the grouping goes). */
export async function deleteCampaign(ctx: AppContext, actor: Actor, id: number) {
  const r = await ctx.db.$client.query(`delete from campaigns where id = $1 and account_id = $2`, [
    id,
    actor.accountId,
  ]);
  if (!r.rowCount) throw new AppError("NOT_FOUND", CAMPAIGN_TEXT.notFound);
}

export async function addMember(
  ctx: AppContext,
  actor: Actor,
  id: number,
  m: { sendId?: number; automationId?: number },
) {
  await own(ctx, actor.accountId, id);
  const db = ctx.db.$client;
  const exists =
    m.sendId !== undefined
      ? await db.query(`select 1 from sends where id = $1 and account_id = $2`, [
          m.sendId,
          actor.accountId,
        ])
      : await db.query(`select 1 from automations where id = $1 and account_id = $2`, [
          m.automationId,
          actor.accountId,
        ]);
  if (!exists.rowCount) throw new AppError("VALIDATION", CAMPAIGN_TEXT.memberNotFound);
  try {
    await db.query(
      `insert into campaign_members (campaign_id, send_id, automation_id) values ($1, $2, $3)`,
      [id, m.sendId ?? null, m.automationId ?? null],
    );
  } catch (err) {
    if (
      isUnique(err, "campaign_members_send_key") ||
      isUnique(err, "campaign_members_automation_key")
    )
      throw new AppError("CONFLICT", CAMPAIGN_TEXT.alreadyMember);
    throw err;
  }
  await db.query(`update campaigns set updated_at = now() where id = $1`, [id]);
  return getCampaign(ctx, actor, id);
}

export async function removeMember(ctx: AppContext, actor: Actor, id: number, memberId: number) {
  await own(ctx, actor.accountId, id);
  const r = await ctx.db.$client.query(
    `delete from campaign_members where id = $1 and campaign_id = $2`,
    [memberId, id],
  );
  if (!r.rowCount) throw new AppError("NOT_FOUND", "Not in this campaign");
  return getCampaign(ctx, actor, id);
}

/** Sends and automations of the account that are in no campaign yet (newest first). */
export async function candidates(
  ctx: AppContext,
  actor: Pick<Actor, "accountId">,
): Promise<CampaignCandidates> {
  const db = ctx.db.$client;
  const [sends, automations] = await Promise.all([
    db.query<{ id: string; text: string; status: string; at: Date }>(
      `select s.id, s.text, s.status, coalesce(s.next_run_at, s.created_at) as at from sends s
        where s.account_id = $1
          and not exists (select 1 from campaign_members m where m.send_id = s.id)
        order by s.created_at desc limit 200`,
      [actor.accountId],
    ),
    db.query<{ id: number; name: string; kind: string }>(
      `select a.id, a.name, a.kind from automations a
        where a.account_id = $1
          and not exists (select 1 from campaign_members m where m.automation_id = a.id)
        order by a.id desc limit 200`,
      [actor.accountId],
    ),
  ]);
  const texts = await displayBodies(
    ctx,
    actor.accountId,
    sends.rows.map((s) => s.text),
  );
  return {
    sends: sends.rows.map((s, i) => ({
      id: Number(s.id),
      label: sendLabel(texts[i]!, s.at),
      status: s.status,
    })),
    automations: automations.rows,
  };
}
