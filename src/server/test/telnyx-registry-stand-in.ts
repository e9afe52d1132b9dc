import { generateKeyPairSync, randomUUID } from "node:crypto";
import http from "node:http";
import { afterAll } from "vitest";
import { telnyxSignature } from "../carriers/telnyx-signature";

type Json = Record<string, unknown>;

export interface TelnyxRegistryStandIn {
  /** For TELNYX_API_BASE. */
  readonly url: string;
  /** A webhook public key (base64) the configuration accepts. */
  readonly publicKey: string;
  readonly requests: { method: string; path: string; body: Json }[];
  readonly brands: Map<string, Json>;
  readonly campaigns: Map<string, Json>;
  readonly verifications: Map<string, Json>;
  /** Phone number -> campaign id. */
  readonly assignments: Map<string, string>;
  /** Per brand: the vetting records (score once vetted). */
  readonly vettings: Map<string, Json[]>;
  /** Per brand: TCR's feedback categories when it could not verify the brand. */
  readonly feedback: Map<string, Json[]>;
  /** Per campaign: the per-carrier metadata (10017 AT&T, 10035 T-Mobile). */
  readonly mnoMetadata: Map<string, Json>;
  /** Per brand: the PIN last texted to a sole proprietor's mobile. */
  readonly otpPins: Map<string, string>;
  /** Headers of a webhook Telnyx signs over this exact body (timestamp in seconds). */
  sign(rawBody: string, timestamp?: number): Record<string, string>;
}

/**
 * A Telnyx of our own for registration: the 10DLC API (brand create/update/get, external
 * vetting, brand feedback, campaignBuilder, campaign get/delete, mnoMetadata, phone number
 * campaigns) and toll-free verification requests, answering Telnyx's documented shapes
 * (camelCase 10DLC objects; `{ errors: [{ code, title, detail }] }` refusals). It decides
 * nothing itself: a test sets statuses as the registry would. Closed by an afterAll.
 */
export async function startTelnyxRegistryStandIn(apiKey: string): Promise<TelnyxRegistryStandIn> {
  const requests: TelnyxRegistryStandIn["requests"] = [];
  const brands = new Map<string, Json>();
  const campaigns = new Map<string, Json>();
  const verifications = new Map<string, Json>();
  const assignments = new Map<string, string>();
  const otpPins = new Map<string, string>();
  const vettings = new Map<string, Json[]>();
  const feedback = new Map<string, Json[]>();
  const mnoMetadata = new Map<string, Json>();

  const send = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };
  const refuse = (
    res: http.ServerResponse,
    status: number,
    code: string,
    title: string,
    detail: string,
  ) => send(res, status, { errors: [{ code, title, detail }] });

  const route = (method: string, path: string, body: Json, res: http.ServerResponse) => {
    const parts = path.split("/").filter(Boolean); // v2, 10dlc, ...
    const [, area, kind, id, sub] = parts;
    if (area === "10dlc" && kind === "brand" && id === "feedback" && method === "GET")
      return send(res, 200, { brandId: sub, category: feedback.get(sub!) ?? [] });
    if (area === "10dlc" && kind === "brand" && !id && method === "POST") {
      if (!body.entityType || !body.displayName || !body.email)
        return refuse(
          res,
          422,
          "10002",
          "Invalid parameters",
          "entityType, displayName and email are required",
        );
      const brand = {
        ...body,
        brandId: `4b20${randomUUID().replace(/-/g, "").slice(0, 24)}`,
        tcrBrandId: `B${randomUUID().slice(0, 6).toUpperCase()}`,
        identityStatus: null,
        status: "REGISTRATION_PENDING",
      };
      brands.set(brand.brandId, brand);
      return send(res, 200, brand);
    }
    if (area === "10dlc" && kind === "brand" && id) {
      const brand = brands.get(id);
      if (!brand) return refuse(res, 404, "10005", "Resource not found", `Brand ${id} not found`);
      if (!sub && method === "GET") return send(res, 200, brand);
      if (!sub && method === "PUT") {
        // An update sends the brand to TCR again.
        Object.assign(brand, body, { identityStatus: null, status: "REGISTRATION_PENDING" });
        feedback.delete(id);
        return send(res, 200, brand);
      }
      if (sub === "smsOtp" && method === "POST") {
        // A sole proprietor's PIN, texted to the brand's mobile (here: kept for the test to read).
        const pin = String(100000 + Math.floor(Math.random() * 900000));
        otpPins.set(id, pin);
        return send(res, 200, { brandId: id, referenceId: `OTP${id.slice(0, 5).toUpperCase()}` });
      }
      if (sub === "smsOtp" && method === "PUT") {
        if (!otpPins.has(id) || body.otpPin !== otpPins.get(id))
          return refuse(res, 400, "10015", "Invalid OTP", "The PIN is wrong or has expired.");
        otpPins.delete(id);
        Object.assign(brand, { identityStatus: "VERIFIED", status: "OK" });
        return send(res, 200, { brandId: id, verified: true });
      }
      if (sub === "externalVetting" && method === "POST") {
        const vetting = {
          evpId: body.evpId,
          vettingId: randomUUID(),
          vettingClass: body.vettingClass,
          vettingStatus: "PENDING",
        };
        vettings.set(id, [...(vettings.get(id) ?? []), vetting]);
        return send(res, 200, vetting);
      }
      if (sub === "externalVetting" && method === "GET")
        return send(res, 200, vettings.get(id) ?? []);
    }
    if (area === "10dlc" && kind === "campaignBuilder" && method === "POST") {
      const brand = brands.get(String(body.brandId));
      if (!brand) return refuse(res, 422, "10002", "Invalid parameters", "Unknown brandId");
      if (String(body.messageFlow ?? "").length < 40)
        return refuse(
          res,
          422,
          "10002",
          "Invalid parameters",
          "messageFlow must be at least 40 characters",
        );
      const campaign = {
        ...body,
        campaignId: `4b30${randomUUID().replace(/-/g, "").slice(0, 24)}`,
        campaignStatus: "TCR_PENDING",
        failureReasons: null,
      };
      campaigns.set(String(campaign.campaignId), campaign);
      return send(res, 200, campaign);
    }
    if (area === "10dlc" && kind === "campaign" && id) {
      const campaign = campaigns.get(id);
      if (!campaign)
        return refuse(res, 404, "10005", "Resource not found", `Campaign ${id} not found`);
      if (!sub && method === "GET") return send(res, 200, campaign);
      if (!sub && method === "DELETE") {
        campaigns.delete(id);
        return send(res, 200, { time: new Date().toISOString(), message: "Campaign deleted" });
      }
      if (sub === "mnoMetadata" && method === "GET")
        return send(res, 200, mnoMetadata.get(id) ?? {});
    }
    if (area === "10dlc" && kind === "phone_number_campaigns" && method === "POST") {
      const phone = String(body.phoneNumber);
      const campaignId = String(body.campaignId);
      const campaign = campaigns.get(campaignId);
      if (campaign?.campaignStatus !== "MNO_PROVISIONED")
        return refuse(res, 422, "10002", "Invalid parameters", "The campaign is not provisioned");
      if (assignments.get(phone) === campaignId)
        return refuse(
          res,
          409,
          "10015",
          "Conflict",
          "The phone number is already assigned to this campaign",
        );
      assignments.set(phone, campaignId);
      return send(res, 200, { phoneNumber: phone, campaignId, assignmentStatus: "ASSIGNED" });
    }
    if (
      area === "messaging_tollfree" &&
      path.startsWith("/v2/messaging_tollfree/verification/requests")
    ) {
      const vid = parts[4];
      if (!vid && method === "POST") {
        const images = body.optInWorkflowImageURLs;
        if (!Array.isArray(images) || !images.length)
          return refuse(
            res,
            400,
            "40001",
            "Invalid parameters",
            "optInWorkflowImageURLs is required",
          );
        const v = { ...body, id: randomUUID(), verificationStatus: "In Progress", reason: null };
        verifications.set(v.id, v);
        return send(res, 200, v);
      }
      const v = verifications.get(vid ?? "");
      if (!v) return refuse(res, 404, "40004", "Not found", "Unknown verification request");
      if (method === "GET") return send(res, 200, v);
      if (method === "PATCH") {
        Object.assign(v, body, { verificationStatus: "In Progress", reason: null });
        return send(res, 200, v);
      }
    }
    return refuse(res, 404, "10005", "Resource not found", `${method} ${path}`);
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      if (req.headers.authorization !== `Bearer ${apiKey}`)
        return refuse(res, 401, "10009", "Authentication failed", "Bad API key");
      const text = Buffer.concat(chunks).toString();
      let body: Json = {};
      try {
        body = text ? (JSON.parse(text) as Json) : {};
      } catch {
        return refuse(res, 400, "10002", "Invalid JSON", "The body is not JSON");
      }
      const path = new URL(req.url ?? "/", "http://x").pathname;
      requests.push({ method: req.method ?? "GET", path, body });
      route(req.method ?? "GET", path, body, res);
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });
  const { port } = server.address() as { port: number };
  const { publicKey, privateKey } = generateKeyPairSync("ed25519");
  return {
    url: `http://127.0.0.1:${port}`,
    publicKey: Buffer.from(publicKey.export({ format: "jwk" }).x!, "base64url").toString("base64"),
    requests,
    brands,
    campaigns,
    verifications,
    assignments,
    vettings,
    feedback,
    mnoMetadata,
    otpPins,
    sign(rawBody, timestamp = Math.floor(Date.now() / 1000)) {
      return {
        "content-type": "application/json",
        "telnyx-timestamp": String(timestamp),
        "telnyx-signature-ed25519": telnyxSignature(privateKey, String(timestamp), rawBody),
      };
    },
  };
}
