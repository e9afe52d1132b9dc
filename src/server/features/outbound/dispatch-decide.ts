import {
  decideOutbound,
  LANE,
  type OutboundDecision,
  type OutboundFacts,
} from "../../../domain/outbound-policy";
import type { QuietWindow } from "../../../domain/quiet-hours";
import { heldByPause, PAUSE_HOLD_UNTIL } from "../../../domain/send-pause";
import { sendRuleFor } from "../../../domain/send-windows";
import { timezoneById } from "../../../domain/timezones";
import { stateOfPlace } from "../../../domain/us-states";
import type { AppContext } from "../../http/context";
import type { Claimed } from "./dispatch-claim";
import * as q from "./outbound.queries";
import { areaOf } from "./recipient-geo";

interface AccountFacts {
  zone: string;
  quietHours: QuietWindow[];
  /** 'Pause all sending' is on. */
  paused: boolean;
}

/**
 * Gathers, for a claimed batch, what the one rule (src/domain/outbound-policy.ts) needs: whether
 * each number is suppressed now, the recipient's state and zone, the account's quiet hours, and
 * the marketing texts already sent where a state caps them. A few queries per batch, none per
 * message.
 */
export async function decideBatch(
  ctx: AppContext,
  rows: Claimed[],
  now: Date,
): Promise<OutboundDecision[]> {
  return (await factsOfBatch(ctx, rows, now)).map((f) =>
    // Before the deadline is looked at: a paused text is held, not expired.
    heldByPause(f.lane === LANE.marketing ? "marketing" : "transactional", f.paused)
      ? ({ kind: "hold", until: PAUSE_HOLD_UNTIL, reason: "paused" } as const)
      : decideOutbound(f, now),
  );
}

/** The rule's facts, and whether the account's 'Pause all sending' is on. */
export type BatchFacts = OutboundFacts & { paused: boolean };

/** What a queued message needs to be decided (or explained: wait-reasons.ts). */
export type DecideRow = Pick<
  Claimed,
  | "accountId"
  | "toNumber"
  | "lane"
  | "subscriberId"
  | "source"
  | "deadlineAt"
  | "createdAt"
  | "ignoreQuietHours"
>;

/** The facts of decideOutbound for each row, in order. */
export async function factsOfBatch(
  ctx: AppContext,
  rows: DecideRow[],
  now: Date,
): Promise<BatchFacts[]> {
  const db = ctx.db.$client;
  const accountIds = [...new Set(rows.map((r) => r.accountId))];
  const [suppressed, accounts] = await Promise.all([
    q.suppressionsOf(
      db,
      rows.map((r) => r.accountId),
      rows.map((r) => r.toNumber),
    ),
    q.accountSendFacts(db, accountIds),
  ]);
  const suppression = new Map<string, "opted_out" | "blocked">();
  for (const s of suppressed.rows) {
    const key = `${s.accountId}:${s.phone}`;
    if (s.reason === "blocked" || !suppression.has(key)) suppression.set(key, s.reason);
  }
  const accountFacts = new Map<number, AccountFacts>();
  for (const a of accounts.rows) {
    accountFacts.set(a.id, {
      zone: timezoneById(a.timezoneId).iana,
      quietHours: Array.isArray(a.quietHours) ? (a.quietHours as QuietWindow[]) : [],
      paused: a.paused === true,
    });
  }

  const lawfulHours = ctx.config.SEND_WINDOWS === "law";
  // The state of a subscriber's address, where the account keeps one, rules over the area code's
  // (people keep their number when they move).
  const addressState = new Map<number, string>();
  const withAddress = rows.filter(
    (r) => lawfulHours && r.lane === LANE.marketing && r.subscriberId,
  );
  if (withAddress.length) {
    const res = await q.addressStates(
      db,
      withAddress.map((r) => r.subscriberId),
    );
    for (const r of res.rows) {
      const code = stateOfPlace(r.state.trim()) ?? stateOfPlace(r.state.trim().toUpperCase());
      if (code) addressState.set(r.id, code);
    }
  }
  // Only marketing texts to states with a cap need the count of what went in the last 24 hours.
  const stateOf = (r: DecideRow) =>
    (r.subscriberId !== null ? addressState.get(r.subscriberId) : undefined) ??
    areaOf(r.toNumber)?.state ??
    null;
  const capped = rows.filter(
    (r) => lawfulHours && r.lane === LANE.marketing && sendRuleFor(stateOf(r)).capPer24h !== null,
  );
  const recent = new Map<string, Date[]>();
  if (capped.length) {
    const res = await q.recentMarketingSends(
      db,
      capped.map((r) => r.accountId),
      capped.map((r) => r.toNumber),
      now,
    );
    for (const r of res.rows) recent.set(`${r.accountId}:${r.phone}`, r.sent);
  }

  return rows.map((row) => {
    const key = `${row.accountId}:${row.toNumber}`;
    const account = accountFacts.get(row.accountId) ?? {
      zone: "America/New_York",
      quietHours: [],
      paused: false,
    };
    const area = areaOf(row.toNumber);
    return {
      lane: row.lane,
      complianceReply: row.source === "compliance",
      deadline: row.deadlineAt ?? new Date(row.createdAt.getTime() + 4 * 3600_000),
      suppression: suppression.get(key) ?? null,
      recipient: { state: stateOf(row), timeZone: area?.timeZone ?? account.zone },
      accountQuietHours: row.ignoreQuietHours ? [] : account.quietHours,
      recentMarketing: recent.get(key) ?? [],
      lawfulHours,
      paused: account.paused,
    };
  });
}
