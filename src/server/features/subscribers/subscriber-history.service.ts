import { AppError } from "../../../domain/errors";
import type { MembershipGroup } from "../../../domain/subscriber-history.schemas";
import { timezoneById } from "../../../domain/timezones";
import { personName } from "../../../domain/user-rules";
import type { Actor, AppContext } from "../../http/context";
import { fieldsById } from "../custom-fields/field-definitions";
import { adaptiveGroupsOf } from "../groups/group-definitions";
import { rulesCondition } from "./subscriber-conditions.queries";
import * as h from "./subscriber-history.queries";
import { accountTimezoneId, findSubscriber } from "./subscribers.queries";

const NOT_FOUND = "That subscriber was not found in this account.";

async function phoneOf(ctx: AppContext, auth: Actor, id: number): Promise<string> {
  const row = await findSubscriber(ctx.db, auth, id);
  if (!row) throw new AppError("NOT_FOUND", NOT_FOUND);
  return row.phone;
}

/** The consent log of a subscriber's number: who, when, how and through which number. */
export async function consentHistory(ctx: AppContext, auth: Actor, id: number) {
  const rows = await h.consentWithPeople(ctx.db, auth, await phoneOf(ctx, auth, id));
  return {
    rows: rows.map((r) => ({
      id: r.id,
      action: r.action,
      source: r.source,
      detail: r.detail,
      createdAt: r.createdAt.toISOString(),
      user:
        r.userId === null
          ? null
          : {
              id: r.userId,
              name: personName(r),
            },
      viaNumber: r.viaNumber,
    })),
  };
}

/** Messages sent to and received from a subscriber's number, newest first. */
export async function messages(
  ctx: AppContext,
  auth: Actor,
  id: number,
  page: { page: number; pageSize: number },
) {
  const { rows, total } = await h.messagesWith(ctx.db, auth, await phoneOf(ctx, auth, id), page);
  return {
    total,
    page: page.page,
    pageSize: page.pageSize,
    rows: rows.map((m) => ({
      id: m.id,
      direction: m.direction === "inbound" ? ("inbound" as const) : ("outbound" as const),
      body: m.body,
      mediaUrls: m.mediaUrls,
      status: m.status,
      errorCode: m.errorCode,
      businessNumber: m.direction === "inbound" ? m.toNumber : m.fromNumber,
      source: m.source,
      createdAt: m.createdAt.toISOString(),
    })),
  };
}

/**
 * The groups of a page of subscribers: static memberships, and the adaptive groups whose rules
 * each one meets right now (evaluated in one query). Ids not in the account are left out.
 */
export async function groupsOfMany(ctx: AppContext, auth: Actor, ids: number[]) {
  const [adaptive, fields, tzId] = await Promise.all([
    adaptiveGroupsOf(ctx, auth),
    fieldsById(ctx, auth),
    accountTimezoneId(ctx.db, auth),
  ]);
  const tz = timezoneById(tzId).iana;
  const [statics, matches] = await Promise.all([
    h.staticGroupsOfMany(ctx.db, auth, ids),
    h.matchingOfMany(
      ctx.db,
      auth,
      ids,
      adaptive.map((g) => rulesCondition(g.rules, fields, tz)),
    ),
  ]);
  const out: Record<string, MembershipGroup[]> = {};
  for (const [id, met] of matches) {
    const own = statics
      .filter((s) => s.subscriberId === id)
      .map((s) => ({ id: s.id, name: s.name, type: "static" as const }));
    const live = adaptive
      .filter((_, i) => met[i])
      .map((g) => ({ id: g.id, name: g.name, type: "adaptive" as const }));
    out[String(id)] = [...own, ...live].sort((a, b) =>
      a.name.localeCompare(b.name, undefined, { sensitivity: "base" }),
    );
  }
  return { groups: out };
}
