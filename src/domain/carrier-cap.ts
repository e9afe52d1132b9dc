import { TZDate } from "@date-fns/tz";
import { countSegments } from "./segments";

/**
 * T-Mobile's daily cap for a 10DLC brand (registry-limits.ts gives the figure): the SMS segments
 * and MMS messages the brand's long codes may send to T-Mobile subscribers (Sprint and Metro
 * included) in one day, shared by every campaign of the brand and by all of its traffic, one-to-one
 * replies too. T-Mobile's day ends at midnight Pacific time; texts over the cap are refused by the
 * carrier (and charged), so the dispatcher holds marketing texts past it until the next day.
 *
 * One-to-one (transactional) texts are never held by it: a sign-in code or an answer to the
 * person's own text is no use tomorrow, and STOP/HELP answers must go. They count toward the cap
 * all the same, as T-Mobile counts them, so marketing texts leave room for them only by going first.
 */

/** The zone of T-Mobile's day: the cap is enforced until midnight Pacific time. */
export const TMOBILE_DAY_ZONE = "America/Los_Angeles";

/** Whether a carrier name (Lookup's carrier_name, Telnyx's carrier name) is T-Mobile's network. */
export function isTMobile(carrierName: string | null | undefined): boolean {
  if (!carrierName) return false;
  return /t[\s-]?mobile|sprint|metro\s?pcs/i.test(carrierName);
}

export interface CarrierDay {
  /** The day as YYYY-MM-DD in Pacific time (the counter's key). */
  key: string;
  start: Date;
  /** The next day's midnight in Pacific time: when the cap is fresh again. */
  end: Date;
}

/** T-Mobile's day that `now` falls in. */
export function tmobileDay(now: Date): CarrierDay {
  const local = new TZDate(now.getTime(), TMOBILE_DAY_ZONE);
  const y = local.getFullYear();
  const m = local.getMonth();
  const d = local.getDate();
  const start = new TZDate(y, m, d, 0, 0, 0, 0, TMOBILE_DAY_ZONE);
  const end = new TZDate(y, m, d + 1, 0, 0, 0, 0, TMOBILE_DAY_ZONE);
  const key = `${y}-${String(m + 1).padStart(2, "0")}-${String(d).padStart(2, "0")}`;
  return { key, start: new Date(start.getTime()), end: new Date(end.getTime()) };
}

/** What a text counts against the cap: its SMS segments, or one for an MMS. */
export function capWeight(body: string, mediaUrls: readonly string[]): number {
  return mediaUrls.length ? 1 : countSegments(body).segments;
}

/** The cap as it stands for one text bound for a T-Mobile subscriber from a brand's long code. */
export interface CarrierCapFacts {
  /** Who shares the count: the brand (one per account). */
  brand: number;
  /** T-Mobile's texts a day for the brand. */
  cap: number;
  /** What the brand has sent to T-Mobile today, this text not included. */
  sentToday: number;
  /** What this text counts (capWeight). */
  weight: number;
}

/** Whether this text would take the brand past its cap today. */
export function overCap(c: CarrierCapFacts): boolean {
  return c.sentToday + c.weight > c.cap;
}

/**
 * Decides texts in their dispatch order, each seeing the brand's count with the earlier texts of
 * the round that go counted in (a round of 500 with room for 10 sends 10). `goes` says whether a
 * decision sends the text now. Answers the decisions and what each brand used of its cap.
 */
export function decideInOrder<F extends { carrierCap?: CarrierCapFacts | null }, D>(
  facts: readonly F[],
  decide: (f: F) => D,
  goes: (d: D) => boolean,
): { decisions: D[]; used: Map<number, number> } {
  const used = new Map<number, number>();
  const decisions = facts.map((f) => {
    const c = f.carrierCap;
    if (!c) return decide(f);
    const before = used.get(c.brand) ?? 0;
    const d = decide({ ...f, carrierCap: { ...c, sentToday: c.sentToday + before } });
    if (goes(d)) used.set(c.brand, before + c.weight);
    return d;
  });
  return { decisions, used };
}
