import { generateKeyPairSync, type KeyObject, randomUUID } from "node:crypto";
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll } from "vitest";
import { telnyxSignature } from "../carriers/telnyx-signature";

/**
 * A local stand-in of the Telnyx API v2 that Parley's Telnyx adapter calls, speaking its wire
 * formats: POST /v2/messages (Bearer key, Idempotency-Key replaying the first successful answer
 * for the same body, 422 for the same key with another body, 409 while the first is in flight;
 * 40300 for a recipient who texted STOP), number search, orders, release and Number Lookup, with
 * Telnyx's `{ errors: [{ code, title, detail }] }` shape. It signs its webhooks with an Ed25519
 * key pair of its own (message.sent, message.finalized to the per-message webhook_url;
 * message.received to the profile's URL), as Telnyx does. Tests can make it answer 5xx/429, or
 * swallow an answer after accepting the message (a lost answer), and choose each recipient's
 * final delivery outcome.
 */
export interface TelnyxStandInMessage {
  id: string;
  from: string;
  to: string;
  text: string;
  mediaUrls: string[];
  webhookUrl: string | null;
  idempotencyKey: string | null;
}

type Json = Record<string, unknown>;
type Answer = { status: number; json: Json; retryAfter?: number };

export interface TelnyxStandInOptions {
  apiKey: string;
  messagingProfileId: string;
}

export async function startTelnyxStandIn(opts: TelnyxStandInOptions) {
  const { publicKey, privateKey } = generateKeyPairSync("ed25519");
  /** Every POST /v2/messages, whatever came of it. */
  const sendAttempts: { key: string | null; to: string; status: number }[] = [];
  /** Messages Telnyx took (each sent to the handset once). */
  const accepted: TelnyxStandInMessage[] = [];
  const byKey = new Map<string, { body: string; answer?: Answer }>();
  const failures: { status: number; retryAfter?: number; code: string; title: string }[] = [];
  let dropNextAnswer = false;
  const outcomes = new Map<string, { status: string; code?: string; title?: string }>();
  /** (from|to) pairs blocked because the recipient texted STOP to that number. */
  const blocked = new Set<string>();
  const owned = new Map<string, { id: string; phone_number: string }>();
  const webhookAnswers: { event: string; status: number }[] = [];
  let profileWebhookUrl = "";

  const error = (status: number, code: string, title: string, detail?: string): Answer => ({
    status,
    json: { errors: [{ code, title, detail: detail ?? title }] },
  });

  function messageRecord(m: TelnyxStandInMessage, status: string, errors: Json[] = []): Json {
    return {
      record_type: "message",
      id: m.id,
      direction: "outbound",
      type: m.mediaUrls.length ? "MMS" : "SMS",
      messaging_profile_id: opts.messagingProfileId,
      from: { phone_number: m.from, carrier: "Telnyx", line_type: "VoIP" },
      to: [{ phone_number: m.to, status, carrier: "T-MOBILE USA, INC.", line_type: "Wireless" }],
      text: m.text,
      media: m.mediaUrls.map((url) => ({ url, content_type: null })),
      webhook_url: m.webhookUrl,
      encoding: "GSM-7",
      parts: Math.max(1, Math.ceil(m.text.length / 160)),
      errors,
    };
  }

  /** Posts an event signed as Telnyx signs it; answers the receiver's status. */
  async function postEvent(
    url: string,
    eventType: string,
    payload: Json,
    o: { timestamp?: number; key?: KeyObject } = {},
  ): Promise<number> {
    const body = JSON.stringify({
      data: {
        record_type: "event",
        id: randomUUID(),
        event_type: eventType,
        occurred_at: new Date().toISOString(),
        payload,
      },
      meta: { attempt: 1, delivered_to: url },
    });
    const timestamp = String(o.timestamp ?? Math.floor(Date.now() / 1000));
    const res = await fetch(url, {
      method: "POST",
      headers: {
        "content-type": "application/json",
        "telnyx-timestamp": timestamp,
        "telnyx-signature-ed25519": telnyxSignature(o.key ?? privateKey, timestamp, body),
      },
      body,
    });
    await res.arrayBuffer();
    webhookAnswers.push({ event: eventType, status: res.status });
    return res.status;
  }

  /** message.sent, then message.finalized with the recipient's chosen outcome (delivered). */
  async function reportStatuses(m: TelnyxStandInMessage) {
    if (!m.webhookUrl) return;
    try {
      await postEvent(m.webhookUrl, "message.sent", messageRecord(m, "sent"));
      const outcome = outcomes.get(m.to) ?? { status: "delivered" };
      const errors = outcome.code
        ? [{ code: outcome.code, title: outcome.title ?? "Delivery failed" }]
        : [];
      await postEvent(m.webhookUrl, "message.finalized", messageRecord(m, outcome.status, errors));
    } catch {
      // The app closed before its webhooks: nothing to report to.
    }
  }

  function sendMessage(raw: string, key: string | null): Answer | "drop" {
    if (key !== null && !/^[A-Za-z0-9_:-]{1,255}$/.test(key))
      return error(422, "10015", "Bad Request", "Idempotency-Key has an invalid format.");
    if (key !== null) {
      const seen = byKey.get(key);
      if (seen) {
        if (seen.body !== raw)
          return error(
            422,
            "10015",
            "Bad Request",
            "Idempotency-Key was used with another request.",
          );
        if (!seen.answer)
          return error(409, "10015", "Conflict", "A request with this key is in progress.");
        return seen.answer;
      }
    }
    const failure = failures.shift();
    if (failure)
      return {
        ...error(failure.status, failure.code, failure.title),
        retryAfter: failure.retryAfter,
      };
    let body: Json;
    try {
      body = JSON.parse(raw) as Json;
    } catch {
      return error(400, "10015", "Bad Request", "The body is not JSON.");
    }
    const from = String(body.from ?? "");
    const to = String(body.to ?? "");
    if (!/^\+\d{8,15}$/.test(to) || !/^\+\d{8,15}$/.test(from))
      return error(422, "10016", "Phone number must be in +E.164 format");
    const text = typeof body.text === "string" ? body.text : "";
    const mediaUrls = Array.isArray(body.media_urls) ? body.media_urls.map(String) : [];
    if (!text && !mediaUrls.length)
      return error(422, "10004", "Missing required parameter", "text");
    if (blocked.has(`${from}|${to}`))
      return error(
        409,
        "40300",
        "Blocked due to STOP message",
        `Messages cannot be sent from ${from} to ${to} due to an existing block rule.`,
      );
    if (key !== null) byKey.set(key, { body: raw });
    const m: TelnyxStandInMessage = {
      id: randomUUID(),
      from,
      to,
      text,
      mediaUrls,
      webhookUrl: typeof body.webhook_url === "string" ? body.webhook_url : null,
      idempotencyKey: key,
    };
    accepted.push(m);
    const answer = { status: 200, json: { data: messageRecord(m, "queued") } };
    if (key !== null) byKey.set(key, { body: raw, answer });
    // Statuses follow the answer, as Telnyx's do.
    setTimeout(() => void reportStatuses(m), 20);
    if (dropNextAnswer) {
      dropNextAnswer = false;
      return "drop";
    }
    return answer;
  }

  function route(req: IncomingMessage, url: URL, raw: string): Answer | "drop" {
    const method = req.method ?? "GET";
    const p = url.pathname;
    if (method === "POST" && p === "/v2/messages") {
      const key =
        typeof req.headers["idempotency-key"] === "string" ? req.headers["idempotency-key"] : null;
      const result = sendMessage(raw, key);
      const to = (() => {
        try {
          return String((JSON.parse(raw) as Json).to ?? "");
        } catch {
          return "";
        }
      })();
      sendAttempts.push({ key, to, status: result === "drop" ? 200 : result.status });
      return result;
    }
    if (method === "GET" && p === "/v2/available_phone_numbers") {
      const ndc = url.searchParams.get("filter[national_destination_code]") ?? "212";
      const tollFree = url.searchParams.get("filter[phone_number_type]") === "toll_free";
      const limit = Number(url.searchParams.get("filter[limit]") ?? 5);
      const data = Array.from({ length: Math.min(limit, 3) }, (_, i) => ({
        record_type: "available_phone_number",
        phone_number: tollFree
          ? `+1833555${String(100 + i).padStart(4, "0")}`
          : `+1${ndc}555${String(200 + i).padStart(4, "0")}`,
        region_information: tollFree
          ? [{ region_type: "country_code", region_name: "US" }]
          : [
              { region_type: "rate_center", region_name: "NWYRCYZN01" },
              { region_type: "state", region_name: "NY" },
              { region_type: "country_code", region_name: "US" },
            ],
        features: [{ name: "sms" }, { name: "voice" }],
      }));
      return { status: 200, json: { data, meta: { total_results: data.length } } };
    }
    if (method === "POST" && p === "/v2/number_orders") {
      const body = JSON.parse(raw || "{}") as {
        phone_numbers?: { phone_number: string }[];
        messaging_profile_id?: string;
      };
      const numbers = body.phone_numbers ?? [];
      if (!numbers.length)
        return error(422, "10004", "Missing required parameter", "phone_numbers");
      for (const n of numbers)
        owned.set(n.phone_number, {
          id: String(1_000_000 + owned.size),
          phone_number: n.phone_number,
        });
      return {
        status: 200,
        json: {
          data: {
            id: randomUUID(),
            record_type: "number_order",
            phone_numbers_count: numbers.length,
            messaging_profile_id: body.messaging_profile_id,
            phone_numbers: numbers.map((n) => ({
              id: randomUUID(),
              record_type: "number_order_phone_number",
              phone_number: n.phone_number,
              status: "pending",
            })),
            status: "pending",
          },
        },
      };
    }
    if (method === "GET" && p === "/v2/phone_numbers") {
      const wanted = url.searchParams.get("filter[phone_number]");
      const data = [...owned.values()].filter((n) => !wanted || n.phone_number === wanted);
      return { status: 200, json: { data } };
    }
    const release = /^\/v2\/phone_numbers\/([^/]+)$/.exec(p);
    if (method === "DELETE" && release) {
      const found = [...owned.values()].find((n) => n.id === decodeURIComponent(release[1]!));
      if (!found) return error(404, "10005", "Resource not found");
      owned.delete(found.phone_number);
      return { status: 200, json: { data: { ...found, status: "deleted" } } };
    }
    const lookup = /^\/v2\/number_lookup\/([^/]+)$/.exec(p);
    if (method === "GET" && lookup) {
      const number = decodeURIComponent(lookup[1]!);
      const valid = /^\+1\d{10}$/.test(number);
      // The stand-in's rule: numbers ending 0000 are landlines, the others on T-Mobile (named as
      // Telnyx does: the service provider's SPID name and the normalized network).
      const type = number.endsWith("0000") ? "fixed line" : "mobile";
      const carrier =
        type === "mobile"
          ? { name: "T-MOBILE USA, INC.", normalized_carrier: "T-Mobile", type }
          : { name: "PACIFIC BELL", normalized_carrier: null, type };
      return {
        status: 200,
        json: {
          data: {
            record_type: "number_lookup",
            phone_number: number,
            valid_number: valid,
            country_code: "US",
            carrier: valid ? carrier : null,
          },
        },
      };
    }
    return error(404, "10005", "Resource not found");
  }

  const server = createServer((req: IncomingMessage, res: ServerResponse) => {
    let raw = "";
    req.setEncoding("utf8");
    req.on("data", (c) => {
      raw += c;
    });
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://x");
      if (req.headers.authorization !== `Bearer ${opts.apiKey}`) {
        res.writeHead(401, { "content-type": "application/json" });
        res.end(JSON.stringify(error(401, "10009", "Authentication failed").json));
        return;
      }
      const out = route(req, url, raw);
      if (out === "drop") {
        // Taken, but the answer never arrives: the client sees the connection die.
        res.destroy();
        return;
      }
      const headers: Record<string, string> = { "content-type": "application/json" };
      if (out.retryAfter) headers["retry-after"] = String(out.retryAfter);
      res.writeHead(out.status, headers);
      res.end(JSON.stringify(out.json));
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  afterAll(() => new Promise<void>((r) => server.close(() => r())));

  const rawPublicKey = Buffer.from(publicKey.export({ format: "jwk" }).x!, "base64url");

  return {
    base,
    /** The Ed25519 public key in base64, as the Telnyx portal shows it (TELNYX_PUBLIC_KEY). */
    publicKey: rawPublicKey.toString("base64"),
    sendAttempts,
    accepted,
    webhookAnswers,
    /** The next sends fail with this status (5xx, or 429 with Retry-After seconds), in order. */
    failNext(status: number, retryAfter?: number) {
      failures.push({
        status,
        retryAfter,
        code: status === 429 ? "10011" : "10007",
        title: status === 429 ? "Too many requests" : "Unexpected error",
      });
    },
    /** The next send is taken but its answer is lost on the way back. */
    dropNextAnswer() {
      dropNextAnswer = true;
    },
    /** How a recipient's messages end (message.finalized): e.g. delivery_failed with 40001. */
    setOutcome(to: string, outcome: { status: string; code?: string; title?: string }) {
      outcomes.set(to, outcome);
    },
    /** Where the messaging profile sends inbound texts (Parley's /webhooks/telnyx/messaging). */
    setProfileWebhook(url: string) {
      profileWebhookUrl = url;
    },
    ownedNumbers: owned,
    /**
     * Telnyx's own opt-out block on a pair (it keeps one when its STOP handling is on for the
     * profile): sends from `from` to `to` are refused with 40300.
     */
    block(from: string, to: string) {
      blocked.add(`${from}|${to}`);
    },
    /** A handset texts one of our numbers: message.received, signed, to the profile's webhook. */
    async textIn(from: string, to: string, text: string) {
      return postEvent(profileWebhookUrl, "message.received", {
        record_type: "message",
        direction: "inbound",
        id: randomUUID(),
        type: "SMS",
        messaging_profile_id: opts.messagingProfileId,
        from: { phone_number: from, carrier: "T-MOBILE USA, INC.", line_type: "Wireless" },
        to: [
          { phone_number: to, status: "webhook_delivered", carrier: "Telnyx", line_type: "VoIP" },
        ],
        text,
        media: [],
        encoding: "GSM-7",
        parts: 1,
        received_at: new Date().toISOString(),
      });
    },
    /** A signed request body as Telnyx would post it, for tests that tamper with it. */
    signed(body: string, o: { timestamp?: number; key?: KeyObject } = {}) {
      const timestamp = String(o.timestamp ?? Math.floor(Date.now() / 1000));
      return {
        timestamp,
        signature: telnyxSignature(o.key ?? privateKey, timestamp, body),
      };
    },
  };
}

export type TelnyxStandIn = Awaited<ReturnType<typeof startTelnyxStandIn>>;
