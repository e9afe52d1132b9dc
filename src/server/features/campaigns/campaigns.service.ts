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
import * as q from "./campaigns.queries";

const isUnique = (err: unknown, constraint: string) =>
  typeof err === "object" &&
  err !== null &&
  (err as { constraint?: string }).constraint === constraint;

export async function listCampaigns(ctx: AppContext, actor: Pick<Actor, "accountId">) {
  const rows = await q.listCampaignRows(ctx.db.$client, actor.accountId);
  return {
    rows: rows.map((c) => ({
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
  const row = await q.findCampaign(ctx.db.$client, accountId, id);
  if (!row) throw new AppError("NOT_FOUND", CAMPAIGN_TEXT.notFound);
  return row;
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
    const id = await q.insertCampaign(ctx.db.$client, actor.accountId, name);
    return getCampaign(ctx, actor, id);
  } catch (err) {
    if (isUnique(err, "campaigns_account_name_key"))
      throw new AppError("CONFLICT", CAMPAIGN_TEXT.nameTaken);
    throw err;
  }
}

export async function renameCampaign(ctx: AppContext, actor: Actor, id: number, name: string) {
  try {
    if (!(await q.renameCampaignRow(ctx.db.$client, actor.accountId, id, name)))
      throw new AppError("NOT_FOUND", CAMPAIGN_TEXT.notFound);
  } catch (err) {
    if (isUnique(err, "campaigns_account_name_key"))
      throw new AppError("CONFLICT", CAMPAIGN_TEXT.nameTaken);
    throw err;
  }
  return getCampaign(ctx, actor, id);
}

/** Deleting a campaign leaves its sends and automations as they are (only the grouping goes). */
export async function deleteCampaign(ctx: AppContext, actor: Actor, id: number) {
  if (!(await q.deleteCampaignRow(ctx.db.$client, actor.accountId, id)))
    throw new AppError("NOT_FOUND", CAMPAIGN_TEXT.notFound);
}

export async function addMember(
  ctx: AppContext,
  actor: Actor,
  id: number,
  m: { sendId?: number; automationId?: number },
) {
  await own(ctx, actor.accountId, id);
  const db = ctx.db.$client;
  if (!(await q.memberExists(db, actor.accountId, m)))
    throw new AppError("VALIDATION", CAMPAIGN_TEXT.memberNotFound);
  try {
    await q.insertMember(db, id, m);
  } catch (err) {
    if (
      isUnique(err, "campaign_members_send_key") ||
      isUnique(err, "campaign_members_automation_key")
    )
      throw new AppError("CONFLICT", CAMPAIGN_TEXT.alreadyMember);
    throw err;
  }
  await q.touchCampaign(db, id);
  return getCampaign(ctx, actor, id);
}

export async function removeMember(ctx: AppContext, actor: Actor, id: number, memberId: number) {
  await own(ctx, actor.accountId, id);
  if (!(await q.deleteMember(ctx.db.$client, id, memberId)))
    throw new AppError("NOT_FOUND", "Not in this campaign");
  return getCampaign(ctx, actor, id);
}

/** Sends and automations of the account that are in no campaign yet (newest first). */
export async function candidates(
  ctx: AppContext,
  actor: Pick<Actor, "accountId">,
): Promise<CampaignCandidates> {
  const { sends, automations } = await q.candidateRows(ctx.db.$client, actor.accountId);
  const texts = await displayBodies(
    ctx,
    actor.accountId,
    sends.map((s) => s.text),
  );
  return {
    sends: sends.map((s, i) => ({
      id: Number(s.id),
      label: sendLabel(texts[i]!, s.at),
      status: s.status,
    })),
    automations,
  };
}
