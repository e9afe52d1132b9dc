import {
  type CampaignDetail,
  type CampaignMember,
  sendLabel,
} from "../../../domain/campaigns.schemas";
import { carrierErrorInfo } from "../../../domain/carrier-errors";
import {
  DELIVERY_STATUSES,
  type DeliveryStatus,
  statusGroup,
} from "../../../domain/delivery-status";
import type { AppContext } from "../../http/context";
import { engagementOfRuns } from "../analytics/analytics.service";
import { displayBodies } from "../links/links.service";
import * as q from "./campaigns.queries";

const FAILED = DELIVERY_STATUSES.filter((s) => ["failed", "blocked"].includes(statusGroup(s)));

interface Counts {
  sent: number;
  delivered: number;
  failed: number;
  pending: number;
}
const zero = (): Counts => ({ sent: 0, delivered: 0, failed: 0, pending: 0 });

function add(c: Counts, status: string, n: number) {
  c.sent += n;
  const g = statusGroup(status as DeliveryStatus);
  if (g === "delivered") c.delivered += n;
  else if (g === "failed" || g === "blocked") c.failed += n;
  else if (g === "sending") c.pending += n;
}

type Results = Omit<CampaignDetail, "id" | "name" | "createdAt">;

/**
 * The campaign's figures. Sends are read through their runs: delivery counts from the
 * (run_id, status) index, failures by visiting only failed rows, engagement by the analytics
 * page's query. Automations are read through their step log (the automation index) and their
 * runs (replies, clicks, opt-outs kept on each run). No query walks the account's messages.
 */
export async function campaignResults(
  ctx: AppContext,
  accountId: number,
  campaignId: number,
): Promise<Results> {
  const db = ctx.db.$client;
  const members = (await q.campaignMemberRows(db, campaignId, accountId)).rows;
  const sendIds = members.filter((m) => m.send_id !== null).map((m) => Number(m.send_id));
  const automationIds = members.flatMap((m) => (m.automation_id !== null ? [m.automation_id] : []));

  const runs = sendIds.length
    ? (await q.runsOfSends(db, sendIds, accountId)).rows.map((r) => ({
        id: Number(r.id),
        sendId: Number(r.send_id),
        credits: r.credits,
      }))
    : [];
  const runIds = runs.map((r) => r.id);
  const sendOfRun = new Map(runs.map((r) => [r.id, r.sendId]));

  const [runStatus, runFailed, engagement, autoStatus, autoFailed, autoEngagement] =
    await Promise.all([
      runIds.length ? q.runStatusCounts(db, runIds) : null,
      runIds.length ? q.runFailureCounts(db, runIds, FAILED) : null,
      runIds.length ? engagementOfRuns(ctx, accountId, runIds) : null,
      automationIds.length ? q.automationStatusCounts(db, automationIds, accountId) : null,
      automationIds.length ? q.automationFailureCounts(db, automationIds, accountId, FAILED) : null,
      automationIds.length ? q.automationEngagement(db, automationIds, accountId) : null,
    ]);

  const totals = { ...zero(), clicks: 0, replies: 0, optOuts: 0, credits: 0 };
  const perSend = new Map<number, Counts>();
  for (const r of runStatus?.rows ?? []) {
    const sendId = sendOfRun.get(Number(r.run_id))!;
    const c = perSend.get(sendId) ?? zero();
    add(c, r.status, r.n);
    perSend.set(sendId, c);
    add(totals, r.status, r.n);
  }
  const perAutomation = new Map<number, Counts>();
  let automationCredits = 0;
  for (const r of autoStatus?.rows ?? []) {
    const c = perAutomation.get(r.automation_id) ?? zero();
    add(c, r.status, r.n);
    perAutomation.set(r.automation_id, c);
    add(totals, r.status, r.n);
    // A failed text's credits were given back.
    if (!FAILED.includes(r.status as DeliveryStatus)) automationCredits += r.credits;
  }
  // A send reserves its run's credits and gets back those of failed deliveries.
  const refunded = (runFailed?.rows ?? []).reduce((n, r) => n + r.credits, 0);
  totals.credits = runs.reduce((n, r) => n + r.credits, 0) - refunded + automationCredits;
  for (const e of engagement?.values() ?? []) {
    totals.replies += e.replies;
    totals.clicks += e.clickers;
    totals.optOuts += e.optOuts;
  }
  const a = autoEngagement?.rows[0];
  if (a) {
    totals.replies += a.replies;
    totals.clicks += a.clicks;
    totals.optOuts += a.opt_outs;
  }

  const reasons = new Map<string, { reason: string; code: number | null; count: number }>();
  for (const r of [...(runFailed?.rows ?? []), ...(autoFailed?.rows ?? [])]) {
    const key = r.code !== null ? `code:${r.code}` : `status:${r.status}`;
    const reason =
      r.code !== null ? carrierErrorInfo(r.code).meaning || `Error ${r.code}` : r.status;
    const x = reasons.get(key) ?? { reason, code: r.code, count: 0 };
    x.count += r.n;
    reasons.set(key, x);
  }

  // A send's name reads its text as recipients got it (a link, not the composer's token).
  const sendTexts = await displayBodies(
    ctx,
    accountId,
    members.map((m) => m.send_text ?? ""),
  );
  const out: CampaignMember[] = members.map((m, i) =>
    m.send_id !== null
      ? {
          memberId: m.member_id,
          kind: "send",
          id: Number(m.send_id),
          name: sendLabel(sendTexts[i]!, m.send_at ?? ctx.clock.now()),
          status: m.send_status ?? "",
          ...(perSend.get(Number(m.send_id)) ?? zero()),
        }
      : {
          memberId: m.member_id,
          kind: (m.a_kind ?? "drip") as CampaignMember["kind"],
          id: m.automation_id as number,
          name: m.a_name ?? "",
          status: m.a_status ?? "",
          ...(perAutomation.get(m.automation_id as number) ?? zero()),
        },
  );
  return {
    totals,
    failures: [...reasons.values()].sort((x, y) => y.count - x.count),
    members: out,
    splits: await splitComparisons(ctx, accountId, automationIds),
  };
}

/**
 * The A/B comparison: for each split step of the automations, each branch's people (the step
 * log's `<step>#<branch>` rows), the texts they were sent after it, and how they answered.
 */
async function splitComparisons(ctx: AppContext, accountId: number, automationIds: number[]) {
  if (!automationIds.length) return [];
  const db = ctx.db.$client;
  const [stats, graphs] = await Promise.all([
    q.splitBranchStats(db, automationIds, accountId),
    q.automationGraphs(db, automationIds, accountId),
  ]);
  const named = new Map(graphs.rows.map((g) => [g.automation_id, g]));
  const splits = new Map<string, CampaignDetail["splits"][number]>();
  // Every split step of the current versions shows, even before anyone reached it.
  for (const g of graphs.rows)
    for (const s of g.graph.steps as {
      id: string;
      type: string;
      label?: string;
      branches?: { percent: number }[];
    }[])
      if (s.type === "split" && s.branches)
        splits.set(`${g.automation_id}:${s.id}`, {
          automationId: g.automation_id,
          automationName: g.name,
          stepId: s.id,
          branches: s.branches.map((b, i) => ({
            branch: i,
            label: branchLabel(i),
            percent: b.percent,
            people: 0,
            texts: 0,
            delivered: 0,
            replies: 0,
            clicks: 0,
            optOuts: 0,
          })),
        });
  for (const r of stats.rows) {
    const key = `${r.automation_id}:${r.step}`;
    let split = splits.get(key);
    if (!split) {
      // A split of an earlier version: its branches still count.
      split = {
        automationId: r.automation_id,
        automationName: named.get(r.automation_id)?.name ?? "",
        stepId: r.step,
        branches: [],
      };
      splits.set(key, split);
    }
    let b = split.branches.find((x) => x.branch === r.branch);
    if (!b) {
      b = {
        branch: r.branch,
        label: branchLabel(r.branch),
        percent: 0,
        people: 0,
        texts: 0,
        delivered: 0,
        replies: 0,
        clicks: 0,
        optOuts: 0,
      };
      split.branches.push(b);
      split.branches.sort((x, y) => x.branch - y.branch);
    }
    Object.assign(b, {
      people: r.people,
      texts: r.texts,
      delivered: r.delivered,
      replies: r.replies,
      clicks: r.clicks,
      optOuts: r.opt_outs,
    });
  }
  return [...splits.values()];
}

/** Branches are A, B, C… as people call them in an A/B test. */
export const branchLabel = (i: number) => String.fromCharCode(65 + i);
