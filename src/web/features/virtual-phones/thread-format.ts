import type { z } from "zod";
import type { virtualMessage } from "../../../domain/numbers.schemas";
import { i18n, tk } from "../../i18n";
import { dayKey, formatShortDay, formatWeekday } from "../../lib/format-date-time";

/**
 * How a phone's messaging app words what happened to each text: pure, tested. The words are in
 * the active language (i18n.t at call time); the components that show them re-render with it.
 */

export type VirtualMessage = z.infer<typeof virtualMessage>;

const CARRIER_STATUS: Record<string, string> = {
  accepted: tk("Queued"),
  queued: tk("Queued"),
  sending: tk("Sending"),
  sent: tk("Sent"),
  delivered: tk("Delivered"),
  undelivered: tk("Undelivered"),
  failed: tk("Failed"),
};

/**
 * A text the business sent carries the carrier's status; a text the phone sent is "Delivered"
 * once the carrier took it (its status is 'received' from the business's side).
 */
export function statusLabel(m: Pick<VirtualMessage, "direction" | "status">): string {
  if (m.direction === "sent")
    return m.status === "received" ? i18n.t("Delivered") : i18n.t("Sending");
  const known = CARRIER_STATUS[m.status];
  return known ? i18n.t(known) : m.status.charAt(0).toUpperCase() + m.status.slice(1);
}

export function segmentsLabel(m: Pick<VirtualMessage, "segments" | "mediaUrls">): string {
  if (m.mediaUrls.length > 0) return "MMS";
  return i18n.t("{{n}} segments", { count: m.segments, n: m.segments });
}

/** 'Today', 'Yesterday' or the date (days of the account's zone), for the separators. */
export function dayLabel(iso: string, timeZone: string, now: Date = new Date()): string {
  const day = dayKey(iso, timeZone);
  if (day === dayKey(now, timeZone)) return i18n.t("Today");
  if (day === dayKey(new Date(now.getTime() - 86_400_000), timeZone)) return i18n.t("Yesterday");
  return formatWeekday(iso, timeZone, day.slice(0, 4) !== dayKey(now, timeZone).slice(0, 4));
}

/** Compact time for the phone list, as messaging apps show it: now, 5m, 3h, Mar 9. */
export function shortTime(iso: string, timeZone: string, now: Date = new Date()): string {
  const minutes = Math.floor((now.getTime() - new Date(iso).getTime()) / 60_000);
  if (minutes < 1) return i18n.t("now");
  if (minutes < 60) return i18n.t("{{n}}m", { n: minutes });
  if (minutes < 24 * 60) return i18n.t("{{n}}h", { n: Math.floor(minutes / 60) });
  return formatShortDay(iso, timeZone);
}

export function sameDay(a: string, b: string, timeZone: string): boolean {
  return dayKey(a, timeZone) === dayKey(b, timeZone);
}

/** The account number the phone spoke with in this message. */
export function businessNumberOf(m: Pick<VirtualMessage, "direction" | "from" | "to">): string {
  return m.direction === "received" ? m.from : m.to;
}

/** The number a reply goes to by default: the one the phone heard from or texted last. */
export function lastBusinessNumber(rows: VirtualMessage[]): string | null {
  const last = rows.at(-1);
  return last ? businessNumberOf(last) : null;
}

/**
 * Images load only from this server (the Content-Security-Policy allows no other origin);
 * other media show as a link.
 */
export function isInlineImage(url: string, origin: string): boolean {
  try {
    const u = new URL(url, origin);
    return u.origin === origin && /\.(jpe?g|png|gif|webp|bmp)$/i.test(u.pathname);
  } catch {
    return false;
  }
}

const LINK_IN_TEXT = /\bhttps?:\/\/[^\s<>"]+/gi;

/**
 * A text cut into plain runs and web addresses, so a phone's bubble opens its links as a real
 * phone does (trailing sentence punctuation stays text).
 */
export function linkParts(text: string): { text: string; href?: string }[] {
  const parts: { text: string; href?: string }[] = [];
  let at = 0;
  for (const m of text.matchAll(LINK_IN_TEXT)) {
    const url = m[0].replace(/[.,;:!?)]+$/, "");
    const start = m.index ?? 0;
    if (start > at) parts.push({ text: text.slice(at, start) });
    parts.push({ text: url, href: url });
    at = start + url.length;
  }
  if (at < text.length) parts.push({ text: text.slice(at) });
  return parts;
}
