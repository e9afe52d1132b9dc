import { repeatOf, type ScheduledSend } from "../../../domain/reports.schemas";
import type { Actor, AppContext } from "../../http/context";
import { displayBodies } from "../links/links.service";
import * as q from "./scheduled.queries";

interface Recipients {
  mode: "all" | "subscribers" | "groups";
  subscriberIds: number[];
  groupIds: number[];
}

const ids = (v: unknown): number[] =>
  Array.isArray(v) ? v.map(Number).filter((n) => Number.isInteger(n) && n !== 0) : [];

/** Who a send goes to, from its stored recipients (or, failing that, the form's fields). */
function recipientsOf(stored: unknown, form: unknown): Recipients {
  const r = (stored && typeof stored === "object" ? stored : {}) as Record<string, unknown>;
  const f = (form && typeof form === "object" ? form : {}) as Record<string, unknown>;
  let mode = r.mode;
  if (mode !== "all" && mode !== "subscribers" && mode !== "groups") {
    const choice = String(f.isSubscribers ?? "");
    mode = choice === "all" ? "all" : choice === "true" ? "subscribers" : "groups";
  }
  return {
    mode: mode as Recipients["mode"],
    subscriberIds: ids(r.subscriberIds ?? f.subscriberIds),
    groupIds: ids(r.groupIds ?? f.groupIds),
  };
}

const plural = (n: number, one: string, many: string) =>
  `${n.toLocaleString("en-US")} ${n === 1 ? one : many}`;

/** "All subscribers", "3 subscribers", "Morning Regulars, Loyalty Club", "No Group". */
function recipientsLabel(r: Recipients, names: Map<number, string>): string {
  if (r.mode === "all") return "All subscribers";
  if (r.mode === "subscribers") return plural(r.subscriberIds.length, "subscriber", "subscribers");
  const known = r.groupIds.map((id) => (id === -1 ? "No Group" : names.get(id)));
  const named = known.filter((n): n is string => Boolean(n));
  const gone = known.length - named.length;
  if (named.length === 0) return plural(r.groupIds.length, "group", "groups");
  return gone > 0
    ? `${named.join(", ")} (+${plural(gone, "deleted group", "deleted groups")})`
    : named.join(", ");
}

export async function toScheduledSends(
  ctx: AppContext,
  auth: Actor,
  rows: q.ScheduledRow[],
): Promise<ScheduledSend[]> {
  const parsed = rows.map((r) => recipientsOf(r.recipients, r.form));
  const [names, texts] = await Promise.all([
    q.groupNames(ctx.db, auth, [...new Set(parsed.flatMap((p) => p.groupIds))]),
    displayBodies(
      ctx,
      auth.accountId,
      rows.map((r) => r.text),
    ),
  ]);
  return rows.map((r, i) => {
    const repeat = repeatOf(r.form);
    return {
      id: r.id,
      text: texts[i]!,
      recipientsLabel: recipientsLabel(parsed[i]!, names),
      nextRunAt: r.nextRunAt?.toISOString() ?? null,
      repeatLabel: repeat.label,
      repeatDetail: repeat.detail,
      status: r.status,
      runCount: r.runCount,
      createdAt: r.createdAt.toISOString(),
      user: r.user,
      timezone: r.timezone,
    };
  });
}

export async function listScheduled(
  ctx: AppContext,
  auth: Actor,
  page: { page: number; pageSize: number },
) {
  const { rows, total } = await q.listScheduled(ctx.db, auth, page);
  return { rows: await toScheduledSends(ctx, auth, rows), total };
}
