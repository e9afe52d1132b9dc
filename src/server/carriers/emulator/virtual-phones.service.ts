import type { z } from "zod";
import { AppError } from "../../../domain/errors";
import type { virtualMessage, virtualPhone } from "../../../domain/numbers.schemas";
import type { AppContext, AuthContext } from "../../http/context";
import { twilioSettings } from "../credentials";
import { placeOf } from "./available-numbers";
import { emuMessages } from "./emulator.schema";
import { findOwnedNumber } from "./numbers.service";
import { countSegments } from "./segments";
import { API_VERSION, newSid } from "./twilio-resources";
import { calledPhones } from "./virtual-calls";
import * as q from "./virtual-phones.queries";
import { emulatorLog, postSignedForm } from "./webhooks";

const INBOUND_ATTEMPTS = 3;

/**
 * A text from a virtual phone to a number on this carrier: stored as the carrier would, then
 * posted to the number's SmsUrl as Twilio's signed inbound webhook. The post is made before
 * answering, so whatever the business does with it (STOP, a keyword reply) has happened by the
 * time the person sees their message sent. Like a real carrier, a business that does not take
 * the webhook does not make the text fail: it is retried briefly, then logged.
 */
export async function textFromVirtualPhone(
  ctx: AppContext,
  input: { from: string; to: string; body: string; mediaUrls?: string[] },
): Promise<{ sid: string }> {
  const number = await findOwnedNumber(ctx, input.to);
  if (!number) {
    throw new AppError("NOT_FOUND", `No number ${input.to} is in service on this carrier.`);
  }
  const mediaUrls = input.mediaUrls ?? [];
  const segments = mediaUrls.length > 0 ? 1 : countSegments(input.body).segments;
  const sid = newSid("SM");
  await ctx.db.insert(emuMessages).values({
    sid,
    direction: "inbound",
    fromNumber: input.from,
    toNumber: input.to,
    body: input.body,
    mediaUrls,
    numSegments: segments,
    status: "received",
  });
  if (!number.smsUrl) {
    emulatorLog(ctx.config, `${input.to} has no SmsUrl: inbound ${sid} goes nowhere`);
    return { sid };
  }

  const params = inboundParams(ctx, { ...input, sid, mediaUrls, segments });
  for (let attempt = 1; ; attempt++) {
    const outcome = await postSignedForm(number.smsUrl, params, twilioSettings(ctx).authToken);
    if (outcome.ok) break;
    if (attempt >= INBOUND_ATTEMPTS) {
      emulatorLog(ctx.config, `inbound ${sid} not taken (${outcome.reason}): ${number.smsUrl}`);
      break;
    }
    await new Promise((resolve) => setTimeout(resolve, 100 * 3 ** (attempt - 1)));
  }
  return { sid };
}

/** Twilio's inbound message parameters (the ones a receiver reads, and the geography ones). */
function inboundParams(
  ctx: AppContext,
  m: { sid: string; from: string; to: string; body: string; mediaUrls: string[]; segments: number },
): Record<string, string> {
  const from = placeOf(m.from);
  const to = placeOf(m.to);
  const params: Record<string, string> = {
    MessageSid: m.sid,
    SmsSid: m.sid,
    SmsMessageSid: m.sid,
    AccountSid: twilioSettings(ctx).accountSid,
    MessagingServiceSid: "",
    From: m.from,
    To: m.to,
    Body: m.body,
    NumMedia: String(m.mediaUrls.length),
    NumSegments: String(m.segments),
    SmsStatus: "received",
    ApiVersion: API_VERSION,
    FromCountry: "US",
    FromState: from.region,
    FromCity: from.locality ?? "",
    FromZip: "",
    ToCountry: "US",
    ToState: to.region,
    ToCity: to.locality ?? "",
    ToZip: "",
  };
  m.mediaUrls.forEach((url, i) => {
    params[`MediaUrl${i}`] = url;
    params[`MediaContentType${i}`] = contentTypeOf(url);
  });
  return params;
}

const CONTENT_TYPES: Record<string, string> = {
  jpg: "image/jpeg",
  jpeg: "image/jpeg",
  png: "image/png",
  gif: "image/gif",
  webp: "image/webp",
  mp4: "video/mp4",
  mp3: "audio/mpeg",
  pdf: "application/pdf",
  vcf: "text/vcard",
};

function contentTypeOf(url: string): string {
  const ext = /\.([a-z0-9]+)(?:[?#]|$)/i.exec(url)?.[1]?.toLowerCase() ?? "";
  return CONTENT_TYPES[ext] ?? "application/octet-stream";
}

// ---------------------------------------------------------------------------------------------
// The virtual phones page: what the account's outside numbers received, and texting back.

export async function listVirtualPhones(
  ctx: AppContext,
  auth: AuthContext,
): Promise<z.infer<typeof virtualPhone>[]> {
  const [rows, called] = await Promise.all([
    q.listVirtualPhones(ctx.db, auth),
    calledPhones(ctx, auth),
  ]);
  const phones = new Map(
    rows.map((r) => [
      r.phone,
      {
        phone: r.phone,
        lastMessageAt: new Date(r.last_at).toISOString(),
        lastBody: r.last_body,
        messageCount: Number(r.message_count),
      },
    ]),
  );
  // A phone that got voice calls is in the list too; its newest call may be its latest event.
  for (const c of called) {
    const known = phones.get(c.to);
    const newer = !known || c.createdAt > known.lastMessageAt;
    phones.set(c.to, {
      phone: c.to,
      lastMessageAt: newer ? c.createdAt : known.lastMessageAt,
      lastBody: newer ? `Voice call: ${c.text}` : known.lastBody,
      messageCount: (known?.messageCount ?? 0) + c.count,
    });
  }
  return [...phones.values()].sort((a, b) =>
    a.lastMessageAt === b.lastMessageAt
      ? a.phone.localeCompare(b.phone)
      : b.lastMessageAt.localeCompare(a.lastMessageAt),
  );
}

export async function getThread(
  ctx: AppContext,
  auth: AuthContext,
  phone: string,
): Promise<z.infer<typeof virtualMessage>[]> {
  const rows = await q.listThread(ctx.db, auth, phone);
  return rows.map((r) => ({
    sid: r.sid,
    // Seen from the virtual phone: the business's messages are what it received.
    direction: r.direction === "inbound" ? "sent" : "received",
    from: r.from_number,
    to: r.to_number,
    body: r.body,
    mediaUrls: r.media_urls,
    segments: Number(r.num_segments),
    status: r.status,
    createdAt: new Date(r.created_at).toISOString(),
  }));
}

/** A virtual phone texts one of the account's numbers (never another account's). */
export async function textAccountNumber(
  ctx: AppContext,
  auth: AuthContext,
  input: { from: string; to: string; body: string },
): Promise<{ sid: string }> {
  if (!(await q.isLiveNumberOf(ctx.db, auth, input.to))) {
    throw new AppError("NOT_FOUND", "That number is not one of this account's numbers.");
  }
  return textFromVirtualPhone(ctx, input);
}
