import {
  type CarrierCapFacts,
  capWeight,
  decideInOrder,
  isTMobile,
  tmobileDay,
} from "../../../domain/carrier-cap";
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
import type { AppContext } from "../../http/context";
import type { Claimed } from "./dispatch-claim";
import * as q from "./outbound.queries";
import { areaOf, recipientState } from "./recipient-geo";

interface AccountFacts {
  zone: string;
  quietHours: QuietWindow[];
  /** 'Pause all sending' is on. */
  paused: boolean;
  /** T-Mobile's daily cap for the account's brand, or null (none given, not registered). */
  tmobileCap: number | null;
}

/**
 * Gathers, for a claimed batch, what the one rule (src/domain/outbound-policy.ts) needs: whether
 * each number is suppressed now, the recipient's state and zone, the account's quiet hours, and
 * the marketing texts already sent where a state caps them, and what the brand sent to T-Mobile
 * today where its cap applies. A few queries per batch, none per message.
 *
 * Texts to T-Mobile subscribers are decided in order with the brand's count of the day locked,
 * and what goes is added to it before the lock is let go: two workers never both take the last
 * of the cap. What goes counts when it is decided, so a text that then fails at the carrier still
 * counts (the cap errs on the side of holding).
 */
export async function decideBatch(
  ctx: AppContext,
  rows: Claimed[],
  now: Date,
): Promise<OutboundDecision[]> {
  const facts = await factsOfBatch(ctx, rows, now);
  const decide = (f: BatchFacts): OutboundDecision =>
    // Before the deadline is looked at: a paused text is held, not expired.
    heldByPause(f.lane === LANE.marketing ? "marketing" : "transactional", f.paused)
      ? { kind: "hold", until: PAUSE_HOLD_UNTIL, reason: "paused" }
      : decideOutbound(f, now);
  const brands = facts.flatMap((f) => (f.carrierCap ? [f.carrierCap.brand] : []));
  if (!brands.length) return facts.map(decide);
  return q.withTMobileCounts(ctx.db, brands, tmobileDay(now).key, (sent) => {
    const locked = facts.map((f) =>
      f.carrierCap
        ? { ...f, carrierCap: { ...f.carrierCap, sentToday: sent.get(f.carrierCap.brand) ?? 0 } }
        : f,
    );
    const { decisions, used } = decideInOrder(locked, decide, (d) => d.kind === "go");
    return { result: decisions, used };
  });
}

/** The rule's facts, and whether the account's 'Pause all sending' is on. */
export type BatchFacts = OutboundFacts & { paused: boolean };

/** What a queued message needs to be decided (or explained: wait-reasons.ts). */
export type DecideRow = Pick<
  Claimed,
  | "accountId"
  | "phoneNumberId"
  | "body"
  | "mediaUrls"
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
      tmobileCap: a.tmobileCap === null ? null : Number(a.tmobileCap),
    });
  }
  const carrierCaps = await tmobileCapsOf(ctx, rows, accountFacts, now);

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
    for (const r of res.rows) addressState.set(r.id, r.state);
  }
  // Only marketing texts to states with a cap need the count of what went in the last 24 hours.
  const stateOf = (r: DecideRow) =>
    recipientState(r.toNumber, r.subscriberId !== null ? addressState.get(r.subscriberId) : null);
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

  return rows.map((row, i) => {
    const key = `${row.accountId}:${row.toNumber}`;
    const account = accountFacts.get(row.accountId) ?? {
      zone: "America/New_York",
      quietHours: [],
      paused: false,
      tmobileCap: null,
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
      carrierCap: carrierCaps.get(i) ?? null,
    };
  });
}

/**
 * T-Mobile's cap as it stands for each row (by index) that goes to a T-Mobile subscriber from a
 * long code of a brand with a cap: the brand's count of T-Mobile's day so far. Recipients whose
 * network is not known (never looked up) are not counted: nothing tells them apart.
 */
async function tmobileCapsOf(
  ctx: AppContext,
  rows: DecideRow[],
  accounts: Map<number, AccountFacts>,
  now: Date,
): Promise<Map<number, CarrierCapFacts>> {
  const out = new Map<number, CarrierCapFacts>();
  const idx = rows.flatMap((r, i) => (accounts.get(r.accountId)?.tmobileCap ? [i] : []));
  if (!idx.length) return out;
  const db = ctx.db.$client;
  const pick = idx.map((i) => rows[i]!);
  const res = await q.longCodeRecipientCarriers(
    db,
    pick.map((r) => r.accountId),
    pick.map((r) => r.toNumber),
    pick.map((r) => r.phoneNumberId),
  );
  const bound = res.rows.filter((r) => isTMobile(r.carrierName)).map((r) => idx[r.i]!);
  if (!bound.length) return out;
  const brands = [...new Set(bound.map((i) => rows[i]!.accountId))];
  const sent = await q.tmobileSentOn(db, brands, tmobileDay(now).key);
  const today = new Map(sent.rows.map((r) => [r.accountId, r.sent]));
  for (const i of bound) {
    const row = rows[i]!;
    out.set(i, {
      brand: row.accountId,
      cap: accounts.get(row.accountId)!.tmobileCap!,
      sentToday: today.get(row.accountId) ?? 0,
      weight: capWeight(row.body, row.mediaUrls ?? []),
    });
  }
  return out;
}
