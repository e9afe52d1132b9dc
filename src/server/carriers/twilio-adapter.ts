import { isTollFree } from "../../domain/phone";
import {
  type AvailableNumber,
  type CallRequest,
  type CallResult,
  type Carrier,
  CarrierError,
  type LookupResult,
  type OwnedNumber,
  type SendRequest,
  type SendResult,
} from "./carrier";
import type { TwilioSettings } from "./credentials";
import { type HttpAnswer, httpRequest } from "./http-request";

/** Where Twilio posts (form-encoded, X-Twilio-Signature) what a number receives and its statuses. */
export const TWILIO_INBOUND_WEBHOOK_PATH = "/webhooks/twilio/inbound";
export const TWILIO_STATUS_WEBHOOK_PATH = "/webhooks/twilio/status";

function toSendResult(json: Record<string, unknown>): SendResult {
  return {
    sid: String(json.sid),
    status: String(json.status),
    errorCode: json.error_code == null ? null : Number(json.error_code),
    segments: Number(json.num_segments ?? 1),
  };
}

/** Twilio's REST API (2010-04-01 Messages and numbers, Lookup v2), form-encoded with Basic auth. */
export class TwilioAdapter implements Carrier {
  readonly name: "twilio" | "emulator";
  readonly webhookPaths = {
    inbound: TWILIO_INBOUND_WEBHOOK_PATH,
    status: TWILIO_STATUS_WEBHOOK_PATH,
  };
  readonly supportsVoice = true;
  /** The secret that signs Twilio's webhooks (X-Twilio-Signature). */
  readonly authToken: string;
  private readonly auth: string;
  private readonly accountBase: string;

  constructor(private readonly settings: TwilioSettings) {
    this.name = settings.mode;
    this.authToken = settings.authToken;
    this.auth = `Basic ${Buffer.from(`${settings.accountSid}:${settings.authToken}`).toString("base64")}`;
    this.accountBase = `${settings.apiBase}/2010-04-01/Accounts/${settings.accountSid}`;
  }

  async send(req: SendRequest): Promise<SendResult> {
    const form = new URLSearchParams({
      To: req.to,
      From: req.from,
      Body: req.body,
      StatusCallback: req.statusCallback,
    });
    for (const url of req.mediaUrls ?? []) form.append("MediaUrl", url);
    const json = await this.request("POST", `${this.accountBase}/Messages.json`, form, {
      "Idempotency-Key": req.idempotencyKey,
    });
    return toSendResult(json);
  }

  async findSent(q: {
    from: string;
    to: string;
    body: string;
    since: Date;
    exclude?: readonly string[];
  }): Promise<SendResult | null> {
    // Newest first; a message queued but not yet sent has no DateSent, so filter by hand.
    const params = new URLSearchParams({ To: q.to, From: q.from, PageSize: "50" });
    const json = await this.request("GET", `${this.accountBase}/Messages.json?${params}`);
    const rows = (json.messages ?? []) as Record<string, unknown>[];
    // Clocks differ a little between us and the carrier.
    const since = q.since.getTime() - 60_000;
    const match = rows.find(
      (m) =>
        m.body === q.body &&
        Date.parse(String(m.date_created)) >= since &&
        !q.exclude?.includes(String(m.sid)),
    );
    return match ? toSendResult(match) : null;
  }

  async call(req: CallRequest): Promise<CallResult> {
    const form = new URLSearchParams({
      To: req.to,
      From: req.from,
      Twiml: sayTwiml(req.text, req.voice, req.language),
      StatusCallback: req.statusCallback,
    });
    for (const event of ["initiated", "ringing", "answered", "completed"]) {
      form.append("StatusCallbackEvent", event);
    }
    const json = await this.request("POST", `${this.accountBase}/Calls.json`, form, {
      "Idempotency-Key": req.idempotencyKey,
    });
    return { sid: String(json.sid), status: String(json.status) };
  }

  async findCall(q: { from: string; to: string; since: Date }): Promise<CallResult | null> {
    const params = new URLSearchParams({ To: q.to, From: q.from, PageSize: "50" });
    const json = await this.request("GET", `${this.accountBase}/Calls.json?${params}`);
    const rows = (json.calls ?? []) as Record<string, unknown>[];
    // Clocks differ a little between us and the carrier.
    const since = q.since.getTime() - 60_000;
    const match = rows.find((c) => Date.parse(String(c.date_created)) >= since);
    return match ? { sid: String(match.sid), status: String(match.status) } : null;
  }

  async searchNumbers(q: {
    areaCode?: string;
    tollFree: boolean;
    limit: number;
  }): Promise<AvailableNumber[]> {
    const params = new URLSearchParams({ PageSize: String(q.limit), SmsEnabled: "true" });
    if (q.areaCode) params.set("AreaCode", q.areaCode);
    const kind = q.tollFree ? "TollFree" : "Local";
    const json = await this.request(
      "GET",
      `${this.accountBase}/AvailablePhoneNumbers/US/${kind}.json?${params}`,
    );
    const rows = (json.available_phone_numbers ?? []) as Record<string, string>[];
    return rows.map((r) => ({
      number: String(r.phone_number),
      locality: r.locality ?? "",
      region: r.region ?? "",
      tollFree: isTollFree(String(r.phone_number)),
    }));
  }

  async buyNumber(
    number: string,
    hooks: { smsUrl: string; statusCallback: string; friendlyName: string },
  ): Promise<OwnedNumber> {
    const form = new URLSearchParams({
      PhoneNumber: number,
      SmsUrl: hooks.smsUrl,
      SmsMethod: "POST",
      StatusCallback: hooks.statusCallback,
      FriendlyName: hooks.friendlyName,
    });
    const json = await this.request("POST", `${this.accountBase}/IncomingPhoneNumbers.json`, form);
    return { sid: String(json.sid), number: String(json.phone_number) };
  }

  async releaseNumber(sid: string): Promise<void> {
    await this.request(
      "DELETE",
      `${this.accountBase}/IncomingPhoneNumbers/${encodeURIComponent(sid)}.json`,
    );
  }

  async lookup(number: string): Promise<LookupResult> {
    const url = `${this.settings.lookupBase}/v2/PhoneNumbers/${encodeURIComponent(number)}?Fields=line_type_intelligence`;
    const json = await this.request("GET", url);
    const intel = json.line_type_intelligence as {
      type?: string | null;
      carrier_name?: string | null;
    } | null;
    const type = intel?.type ?? null;
    const lineType =
      type === "mobile" || type === "landline"
        ? type
        : type === "nonFixedVoip" || type === "fixedVoip"
          ? "voip"
          : type
            ? "unknown"
            : null;
    return {
      valid: Boolean(json.valid),
      number: (json.phone_number as string) ?? null,
      lineType,
      carrierName: intel?.carrier_name?.trim() || null,
    };
  }

  private async request(
    method: string,
    url: string,
    form?: URLSearchParams,
    headers: Record<string, string> = {},
  ): Promise<Record<string, unknown>> {
    let response: HttpAnswer;
    try {
      response = await httpRequest(url, {
        method,
        timeoutMs: this.settings.timeoutMs,
        body: form?.toString(),
        headers: {
          authorization: this.auth,
          accept: "application/json",
          ...(form ? { "content-type": "application/x-www-form-urlencoded" } : {}),
          ...headers,
        },
      });
    } catch (err) {
      throw new CarrierError(
        `The carrier could not be reached: ${(err as Error).message}`,
        0,
        null,
        true,
      );
    }
    if (response.status === 204) return {};
    let json: Record<string, unknown> = {};
    try {
      json = response.text ? (JSON.parse(response.text) as Record<string, unknown>) : {};
    } catch {
      // A proxy's HTML error page: keep the status, the body tells us nothing.
    }
    if (response.status >= 200 && response.status < 300) return json;
    const retryAfter = Number(response.headers["retry-after"]);
    throw new CarrierError(
      String(json.message ?? `The carrier answered ${response.status}`),
      response.status,
      json.code == null ? null : Number(json.code),
      response.status === 429 || response.status >= 500,
      Number.isFinite(retryAfter) && retryAfter > 0 ? retryAfter * 1000 : undefined,
    );
  }
}

function xmlEscape(text: string): string {
  return text
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;")
    .replace(/>/g, "&gt;")
    .replace(/"/g, "&quot;");
}

/** The TwiML of a broadcast: one <Say> with the chosen voice and language. */
export function sayTwiml(text: string, voice: string, language: string): string {
  return `<Response><Say voice="${xmlEscape(voice)}" language="${xmlEscape(language)}">${xmlEscape(text)}</Say></Response>`;
}
