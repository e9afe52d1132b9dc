import { randomBytes } from "node:crypto";
import type { emuMessages, emuNumbers } from "./emulator.schema";
import { DELIVERY_ERROR_MESSAGES, type DeliveryErrorCode } from "./recipient-rules";

/** Presenters: the emulator's rows in the JSON shapes of Twilio's REST API (2010-04-01). */
export type EmuMessageRow = typeof emuMessages.$inferSelect;
export type EmuNumberRow = typeof emuNumbers.$inferSelect;

export const API_VERSION = "2010-04-01";

/** Twilio writes dates in RFC 2822 with a numeric zone: "Thu, 24 Aug 2023 05:01:45 +0000". */
export function twilioDate(date: Date): string {
  return date.toUTCString().replace("GMT", "+0000");
}

export function toMessageResource(row: EmuMessageRow, accountSid: string) {
  const uri = `/${API_VERSION}/Accounts/${accountSid}/Messages/${row.sid}`;
  const created = twilioDate(row.createdAt);
  return {
    account_sid: accountSid,
    api_version: API_VERSION,
    body: row.body,
    date_created: created,
    date_sent: row.status === "queued" ? null : created,
    date_updated: created,
    direction: row.direction,
    error_code: row.errorCode,
    error_message:
      row.errorCode == null
        ? null
        : (DELIVERY_ERROR_MESSAGES[row.errorCode as DeliveryErrorCode] ?? null),
    from: row.fromNumber,
    messaging_service_sid: null,
    // Twilio sends these two counts as strings.
    num_media: String(row.mediaUrls.length),
    num_segments: String(row.numSegments),
    price: null,
    price_unit: "USD",
    sid: row.sid,
    status: row.status,
    subresource_uris: { media: `${uri}/Media.json` },
    to: row.toNumber,
    uri: `${uri}.json`,
  };
}

export function toIncomingNumberResource(row: EmuNumberRow, accountSid: string) {
  const created = twilioDate(row.createdAt);
  return {
    account_sid: accountSid,
    api_version: API_VERSION,
    capabilities: { sms: true, mms: true, voice: true, fax: false },
    date_created: created,
    date_updated: created,
    friendly_name: row.friendlyName,
    phone_number: row.number,
    sid: row.sid,
    sms_method: "POST",
    sms_url: row.smsUrl,
    status: "in-use",
    status_callback: row.statusCallback,
    status_callback_method: "POST",
    uri: `/${API_VERSION}/Accounts/${accountSid}/IncomingPhoneNumbers/${row.sid}.json`,
  };
}

/** Twilio-style ids: a two-letter kind and 32 hex digits (SM… messages, PN… numbers). */
export function newSid(prefix: "SM" | "PN"): string {
  return `${prefix}${randomBytes(16).toString("hex")}`;
}
