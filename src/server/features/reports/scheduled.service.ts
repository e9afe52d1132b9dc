import { type Phrase, type PhraseValue, phrase, worded } from "../../../domain/phrase";
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

/** "All subscribers", "3 subscribers", "Morning Regulars, Loyalty Club", "No Group". */
function recipientsPhrase(r: Recipients, names: Map<number, string>): Phrase {
  if (r.mode === "all") return phrase("All subscribers");
  if (r.mode === "subscribers") {
    const n = r.subscriberIds.length;
    return phrase(n === 1 ? "{{n}} subscriber" : "{{n}} subscribers", { n });
  }
  const known = r.groupIds.map((id) => (id === -1 ? "No Group" : names.get(id)));
  const named = known.filter((n): n is string => Boolean(n));
  const gone = known.length - named.length;
  if (named.length === 0) {
    const n = r.groupIds.length;
    return phrase(n === 1 ? "{{n}} group" : "{{n}} groups", { n });
  }
  // Group names are the business's own words; "No Group" alone is ours to translate.
  const groups: PhraseValue =
    named.length === 1 && named[0] === "No Group"
      ? { key: "No Group", values: {} }
      : named.join(", ");
  if (gone === 0) return phrase("{{groups}}", { groups });
  return phrase(
    gone === 1 ? "{{groups}} (+{{gone}} deleted group)" : "{{groups}} (+{{gone}} deleted groups)",
    { groups, gone },
  );
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
      recipients: worded(recipientsPhrase(parsed[i]!, names)),
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
