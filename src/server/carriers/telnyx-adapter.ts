import { isTollFree } from "../../domain/phone";
import { classifyTelnyxRefusal, lineTypeOfTelnyx, telnyxStatusToTwilio } from "../../domain/telnyx";
import {
  type AvailableNumber,
  type CallResult,
  type Carrier,
  CarrierError,
  type LookupResult,
  type OwnedNumber,
  type SendRequest,
  type SendResult,
} from "./carrier";
import type { TelnyxSettings } from "./credentials";
import { type HttpAnswer, httpRequest } from "./http-request";

/**
 * Telnyx sends every messaging event (inbound, sent, finalized) to one URL: the messaging
 * profile's, or the one given with each send. Both paths are that one route.
 */
export const TELNYX_WEBHOOK_PATH = "/webhooks/telnyx/messaging";

export const TELNYX_VOICE_UNSUPPORTED =
  "Voice calls are not available with this server's carrier (Telnyx): it sends texts only.";

type Json = Record<string, unknown>;

/**
 * Telnyx's REST API v2 (JSON, Bearer API key): messages, number search and orders, Number
 * Lookup. Sends carry an Idempotency-Key, which Telnyx honours for 24 hours by replaying the
 * first successful answer, so a retried send is never sent twice.
 */
export class TelnyxAdapter implements Carrier {
  readonly name = "telnyx" as const;
  readonly webhookPaths = { inbound: TELNYX_WEBHOOK_PATH, status: TELNYX_WEBHOOK_PATH };
  readonly supportsVoice = false;

  constructor(private readonly settings: TelnyxSettings) {}

  async send(req: SendRequest): Promise<SendResult> {
    const body: Json = {
      from: req.from,
      to: req.to,
      text: req.body,
      messaging_profile_id: this.settings.messagingProfileId,
      // Per-message URL: Telnyx posts message.sent / message.finalized here, our id in `m`.
      webhook_url: req.statusCallback,
      use_profile_webhooks: false,
    };
    if (req.mediaUrls?.length) {
      body.media_urls = req.mediaUrls;
      body.type = "MMS";
    }
    const json = await this.request("POST", "/v2/messages", body, {
      "Idempotency-Key": idempotencyKey(req.idempotencyKey),
    });
    const data = (json.data ?? {}) as Json;
    const to = ((data.to ?? []) as Json[])[0] ?? {};
    const status = telnyxStatusToTwilio(String(to.status ?? "queued"), []);
    return {
      sid: String(data.id),
      status: status?.messageStatus ?? "queued",
      errorCode: null,
      segments: Number(data.parts ?? 1),
    };
  }

  /**
   * Telnyx keeps the answer to an Idempotency-Key for 24 hours, so the dispatcher's resend with
   * the same key is recognised by Telnyx itself: nothing to look up first.
   */
  async findSent(): Promise<SendResult | null> {
    return null;
  }

  /** Telnyx voice (Call Control or TeXML) is not spoken here: refused as final, never retried. */
  async call(): Promise<CallResult> {
    throw new CarrierError(TELNYX_VOICE_UNSUPPORTED, 0, null, false);
  }

  async findCall(): Promise<CallResult | null> {
    return null;
  }

  async searchNumbers(q: {
    areaCode?: string;
    tollFree: boolean;
    limit: number;
  }): Promise<AvailableNumber[]> {
    const params = new URLSearchParams({
      "filter[country_code]": "US",
      "filter[features][]": "sms",
      "filter[limit]": String(q.limit),
      "filter[phone_number_type]": q.tollFree ? "toll_free" : "local",
    });
    if (q.areaCode) params.set("filter[national_destination_code]", q.areaCode);
    const json = await this.request("GET", `/v2/available_phone_numbers?${params}`);
    const rows = (json.data ?? []) as Json[];
    return rows.map((r) => {
      const regions = (r.region_information ?? []) as {
        region_type?: string;
        region_name?: string;
      }[];
      const region = (type: string) =>
        regions.find((x) => x.region_type === type)?.region_name ?? "";
      const number = String(r.phone_number);
      return {
        number,
        locality: region("rate_center") || region("location"),
        region: region("state"),
        tollFree: isTollFree(number),
      };
    });
  }

  /**
   * Orders the number into our messaging profile (whose webhook URL receives its texts; the
   * hooks are the profile's, set once in the Telnyx portal). The number itself is the handle we
   * keep: Telnyx's phone number id is only known once the order completes.
   */
  async buyNumber(number: string): Promise<OwnedNumber> {
    const json = await this.request("POST", "/v2/number_orders", {
      phone_numbers: [{ phone_number: number }],
      messaging_profile_id: this.settings.messagingProfileId,
    });
    const data = (json.data ?? {}) as Json;
    if (data.status === "failure") {
      throw new CarrierError("Telnyx could not order this number.", 422, null, false);
    }
    const ordered = ((data.phone_numbers ?? []) as Json[])[0];
    return {
      sid: String(ordered?.phone_number ?? number),
      number: String(ordered?.phone_number ?? number),
    };
  }

  async releaseNumber(sid: string): Promise<void> {
    const params = new URLSearchParams({ "filter[phone_number]": sid });
    const json = await this.request("GET", `/v2/phone_numbers?${params}`);
    const owned = ((json.data ?? []) as Json[]).find((n) => n.phone_number === sid);
    // Already gone at Telnyx: nothing left to release.
    if (!owned) return;
    await this.request("DELETE", `/v2/phone_numbers/${encodeURIComponent(String(owned.id))}`);
  }

  async lookup(number: string): Promise<LookupResult> {
    const json = await this.request(
      "GET",
      `/v2/number_lookup/${encodeURIComponent(number)}?type=carrier`,
    );
    const data = (json.data ?? {}) as Json;
    const carrier = (data.carrier ?? null) as {
      type?: string;
      name?: string | null;
      normalized_carrier?: string | null;
    } | null;
    return {
      valid: data.valid_number !== false,
      number: (data.phone_number as string) ?? null,
      lineType: lineTypeOfTelnyx(carrier?.type),
      // The primary network where Telnyx knows it, else the number's service provider (SPID).
      carrierName: carrier?.normalized_carrier?.trim() || carrier?.name?.trim() || null,
    };
  }

  private async request(
    method: string,
    path: string,
    body?: Json,
    headers: Record<string, string> = {},
  ): Promise<Json> {
    const { status, json, response } = await telnyxCall(this.settings, method, path, body, headers);
    if (status >= 200 && status < 300) return json;
    const refusal = classifyTelnyxRefusal(status, json, response.headers["retry-after"]);
    throw new CarrierError(
      refusal.message,
      status,
      refusal.code,
      refusal.retryable,
      refusal.retryAfterMs,
    );
  }
}

/** Telnyx keys are 1-255 of [A-Za-z0-9_:-]; ours are already, this keeps any other safe. */
function idempotencyKey(key: string): string {
  return key.replace(/[^A-Za-z0-9_:-]/g, "_").slice(0, 255);
}

/**
 * One call to Telnyx's JSON API with the account's key, for the adapter and the registry alike:
 * the status and the parsed body (a proxy's HTML error page reads as {}). Not reaching Telnyx is a
 * retryable CarrierError; what a refusal means is the caller's to say.
 */
export async function telnyxCall(
  s: Pick<TelnyxSettings, "apiBase" | "apiKey" | "timeoutMs">,
  method: string,
  path: string,
  body?: unknown,
  headers: Record<string, string> = {},
): Promise<{ status: number; json: Json; response: HttpAnswer }> {
  let response: HttpAnswer;
  try {
    response = await httpRequest(`${s.apiBase}${path}`, {
      method,
      timeoutMs: s.timeoutMs,
      body: body === undefined ? undefined : JSON.stringify(body),
      headers: {
        authorization: `Bearer ${s.apiKey}`,
        accept: "application/json",
        ...(body === undefined ? {} : { "content-type": "application/json" }),
        ...headers,
      },
    });
  } catch (err) {
    throw new CarrierError(`Telnyx could not be reached: ${(err as Error).message}`, 0, null, true);
  }
  let json: Json = {};
  try {
    json = response.text ? (JSON.parse(response.text) as Json) : {};
  } catch {
    // A proxy's HTML error page: keep the status, the body tells us nothing.
  }
  return { status: response.status, json, response };
}
