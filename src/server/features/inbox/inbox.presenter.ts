import type { ConversationMessage, ConversationPreview } from "../../../domain/inbox.schemas";
import type { PreviewRow, ThreadMessageRow } from "./inbox.queries";

/** A conversation as the list shows it; `now` (the injected clock) tells a snooze that ended. */
export function toPreview(r: PreviewRow, now: Date): ConversationPreview {
  const snoozeEnded =
    !r.snoozedUntilReply && r.snoozedUntil !== null && r.snoozedUntil.getTime() <= now.getTime();
  return {
    id: Number(r.id),
    numberId: Number(r.id),
    number: r.number,
    firstName: r.firstName,
    lastName: r.lastName,
    email: r.email,
    previewMessage: r.previewMessage,
    lastTimestamp: r.lastTimestamp.toISOString(),
    lastMessageType: r.lastMessageType,
    read: r.read,
    unreadMessages: r.unreadMessages,
    archived: r.archivedAt !== null,
    blocked: r.blockedAt !== null || r.suppressedBlocked,
    unsubscribed: r.unsubscribed,
    assignedUserId: r.assignedUserId,
    assignedUserName: r.assignedUserName ?? r.assignedUsername,
    phoneNumberId: r.phoneNumberId,
    sentFromNumber: r.sentFromNumber,
    lastOutboundNumberId: r.lastOutboundNumberId,
    labels: r.labels,
    snoozedUntil: r.snoozedUntil && !snoozeEnded ? r.snoozedUntil.toISOString() : null,
    snoozedUntilReply: r.snoozedUntilReply,
    snoozeEnded,
  };
}

const FAILED_GROUP = new Set([
  "Sending Failed",
  "Delivery Failed",
  "Delivery Rejected",
  "Undelivered",
  "Invalid Number",
  "Stopped Number",
  "Failed Landline Delivery",
  "Send Rejected",
  "Queue Failed",
]);

/**
 * Sources of the messages Parley sends by itself: the compliance answers (STOP, START, HELP),
 * automated replies and automation steps (drips, workflows).
 */
const AUTOMATIC_SOURCES = new Set(["compliance", "auto_reply", "automation"]);

/** The file name and extension of an attachment URL (contact cards show as VCF). */
export function attachmentOf(url: string) {
  let path = url;
  try {
    path = new URL(url, "http://x").pathname;
  } catch {
    // keep the raw text
  }
  const name = decodeURIComponent(path.split("/").pop() || "attachment");
  const isCard = /contact-card|vcard|\.vcf$/i.test(url);
  const ext = isCard ? "vcf" : (name.match(/\.([a-z0-9]+)$/i)?.[1]?.toLowerCase() ?? "");
  return { url, name, extension: ext };
}

function fullName(first: string | null, last: string | null): string | null {
  const name = `${first ?? ""} ${last ?? ""}`.trim();
  return name || null;
}

export function toThreadMessage(m: ThreadMessageRow): ConversationMessage {
  const inbound = m.direction === "inbound";
  const type = inbound ? "reply" : m.source === "chatbot" ? "Chatbot" : "message";
  return {
    id: String(m.id),
    messageId: m.id,
    type,
    status: inbound ? null : m.status,
    message: m.body,
    mms: m.mediaUrls.length > 0,
    attachments: m.mediaUrls.map(attachmentOf),
    createdAt: m.createdAt.toISOString(),
    sentFromNumber: inbound ? null : m.fromNumber,
    sentFromName: inbound ? null : fullName(m.firstName, m.lastName),
    sentFromUsername: inbound ? null : m.username,
    failed: !inbound && FAILED_GROUP.has(m.status),
    automatic: !inbound && AUTOMATIC_SOURCES.has(m.source),
  };
}

export function toNote(n: {
  id: number;
  body: string;
  createdAt: Date;
  firstName: string | null;
  lastName: string | null;
  username: string | null;
}): ConversationMessage {
  return {
    id: `n${n.id}`,
    messageId: null,
    type: "Note",
    status: null,
    message: n.body,
    mms: false,
    attachments: [],
    createdAt: n.createdAt.toISOString(),
    sentFromNumber: null,
    sentFromName: fullName(n.firstName, n.lastName),
    sentFromUsername: n.username,
    failed: false,
    automatic: false,
  };
}

export function toMarker(e: {
  id: number;
  kind: "Archived" | "Unsubscribed";
  createdAt: Date;
  firstName: string | null;
  lastName: string | null;
  username: string | null;
}): ConversationMessage {
  return {
    id: `e${e.id}`,
    messageId: null,
    type: e.kind,
    status: null,
    message: "",
    mms: false,
    attachments: [],
    createdAt: e.createdAt.toISOString(),
    sentFromNumber: null,
    sentFromName: fullName(e.firstName, e.lastName),
    sentFromUsername: e.username,
    failed: false,
    automatic: false,
  };
}
