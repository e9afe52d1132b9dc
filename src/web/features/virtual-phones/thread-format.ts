import type { z } from "zod";
import type { virtualMessage } from "../../../domain/numbers.schemas";

/** How a phone's messaging app words what happened to each text: pure, tested. */

export type VirtualMessage = z.infer<typeof virtualMessage>;

const CARRIER_STATUS: Record<string, string> = {
  accepted: "Queued",
  queued: "Queued",
  sending: "Sending",
  sent: "Sent",
  delivered: "Delivered",
  undelivered: "Undelivered",
  failed: "Failed",
};

/**
 * A text the business sent carries the carrier's status; a text the phone sent is "Delivered"
 * once the carrier took it (its status is 'received' from the business's side).
 */
export function statusLabel(m: Pick<VirtualMessage, "direction" | "status">): string {
  if (m.direction === "sent") return m.status === "received" ? "Delivered" : "Sending";
  return CARRIER_STATUS[m.status] ?? m.status.charAt(0).toUpperCase() + m.status.slice(1);
}

export function segmentsLabel(m: Pick<VirtualMessage, "segments" | "mediaUrls">): string {
  if (m.mediaUrls.length > 0) return "MMS";
  return m.segments === 1 ? "1 segment" : `${m.segments} segments`;
}

/** 'Today', 'Yesterday' or the date, for the separators between days. */
export function dayLabel(iso: string, now: Date = new Date()): string {
  const d = new Date(iso);
  const startOf = (x: Date) => new Date(x.getFullYear(), x.getMonth(), x.getDate()).getTime();
  const days = Math.round((startOf(now) - startOf(d)) / 86_400_000);
  if (days === 0) return "Today";
  if (days === 1) return "Yesterday";
  return d.toLocaleDateString(undefined, {
    weekday: "short",
    month: "short",
    day: "numeric",
    year: d.getFullYear() === now.getFullYear() ? undefined : "numeric",
  });
}

/** Compact time for the phone list, as messaging apps show it: now, 5m, 3h, Mar 9. */
export function shortTime(iso: string, now: Date = new Date()): string {
  const d = new Date(iso);
  const minutes = Math.floor((now.getTime() - d.getTime()) / 60_000);
  if (minutes < 1) return "now";
  if (minutes < 60) return `${minutes}m`;
  if (minutes < 24 * 60) return `${Math.floor(minutes / 60)}h`;
  return d.toLocaleDateString(undefined, { month: "short", day: "numeric" });
}

export function sameDay(a: string, b: string): boolean {
  return new Date(a).toDateString() === new Date(b).toDateString();
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
