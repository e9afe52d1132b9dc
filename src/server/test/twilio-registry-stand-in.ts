import { randomBytes } from "node:crypto";
import http from "node:http";
import { afterAll } from "vitest";

type Json = Record<string, unknown>;

export interface TwilioRegistryRequest {
  method: string;
  path: string;
  form: URLSearchParams;
}

export interface TwilioRegistryStandIn {
  /** For TWILIO_API_BASE, TWILIO_MESSAGING_BASE and TWILIO_TRUSTHUB_BASE alike. */
  readonly url: string;
  /** Every request, in order. */
  readonly requests: TwilioRegistryRequest[];
  readonly bundles: Map<string, Json>;
  readonly brands: Map<string, Json>;
  readonly campaigns: Map<string, Json>;
  readonly verifications: Map<string, Json>;
  /** Phone number sids in each Messaging Service. */
  readonly serviceNumbers: Map<string, Set<string>>;
  /** Evaluations of bundles answer noncompliant with this reason while it is set. */
  noncompliant: string | null;
  /** Twilio's review of a brand (APPROVED with a score, or FAILED with reasons). */
  decideBrand(sid: string, answer: Json): void;
  decideCampaign(sid: string, answer: Json): void;
  decideVerification(sid: string, answer: Json): void;
}

/**
 * A Twilio of our own for registration: Trust Hub (customer profiles, trust products, end users,
 * supporting documents, assignments, evaluations), addresses, Messaging v1 (BrandRegistrations,
 * Services and their PhoneNumbers, Compliance/Usa2p campaigns, Tollfree/Verifications), answering
 * the shapes Twilio documents (JSON, snake_case, sids with their prefixes). It decides nothing by
 * itself: a test plays Twilio's reviewers. Closed by an afterAll it registers itself.
 */
export async function startTwilioRegistryStandIn(auth: {
  accountSid: string;
  authToken: string;
}): Promise<TwilioRegistryStandIn> {
  const expected = `Basic ${Buffer.from(`${auth.accountSid}:${auth.authToken}`).toString("base64")}`;
  const requests: TwilioRegistryRequest[] = [];
  const bundles = new Map<string, Json>();
  const brands = new Map<string, Json>();
  const campaigns = new Map<string, Json>();
  const verifications = new Map<string, Json>();
  const endUsers = new Map<string, Json>();
  const serviceNumbers = new Map<string, Set<string>>();
  const sid = (prefix: string) => `${prefix}${randomBytes(16).toString("hex")}`;
  const state = { noncompliant: null as string | null };

  const send = (res: http.ServerResponse, status: number, body?: unknown) => {
    if (body === undefined) return res.writeHead(status).end();
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };
  const error = (res: http.ServerResponse, status: number, code: number, message: string) =>
    send(res, status, {
      code,
      message,
      more_info: `https://www.twilio.com/docs/errors/${code}`,
      status,
    });

  const route = (method: string, path: string, form: URLSearchParams, res: http.ServerResponse) => {
    // The last match's groups (at() is asked in each route's condition).
    let m: string[] = [];
    const at = (re: RegExp) => {
      const found = path.match(re);
      m = found ? [...found] : [];
      return found !== null;
    };
    // Trust Hub bundles: customer profiles and trust products alike.
    if (at(/^\/v1\/(CustomerProfiles|TrustProducts)$/) && method === "POST") {
      if (!form.get("PolicySid") || !form.get("Email"))
        return error(res, 400, 20001, "Missing required parameter PolicySid or Email");
      const bundle = {
        sid: sid("BU"),
        account_sid: auth.accountSid,
        policy_sid: form.get("PolicySid"),
        friendly_name: form.get("FriendlyName"),
        status: "draft",
        email: form.get("Email"),
        status_callback: form.get("StatusCallback"),
        errors: null,
        assignments: [] as string[],
      };
      bundles.set(bundle.sid, bundle);
      return send(res, 201, bundle);
    }
    if (at(/^\/v1\/(?:CustomerProfiles|TrustProducts)\/(BU\w+)(\/\w+)?$/)) {
      const bundle = bundles.get(m[1]!);
      if (!bundle) return error(res, 404, 20404, "The requested resource was not found");
      const sub = m[2];
      if (!sub && method === "GET") return send(res, 200, bundle);
      if (!sub && method === "POST") {
        const status = form.get("Status");
        if (status) {
          if (status !== "pending-review") return error(res, 400, 70002, "Invalid status");
          bundle.status = "pending-review";
          bundle.errors = null;
        }
        return send(res, 200, bundle);
      }
      if (sub === "/EntityAssignments" && method === "POST") {
        const object = form.get("ObjectSid") ?? "";
        (bundle.assignments as string[]).push(object);
        return send(res, 201, { sid: sid("BV"), bundle_sid: bundle.sid, object_sid: object });
      }
      if (sub === "/Evaluations" && method === "POST") {
        const failing = state.noncompliant;
        return send(res, 201, {
          sid: sid("EL"),
          policy_sid: form.get("PolicySid"),
          bundle_sid: bundle.sid,
          status: failing ? "noncompliant" : "compliant",
          results: failing
            ? [
                {
                  friendly_name: "Business Information",
                  passed: false,
                  failure_reason: null,
                  invalid: [{ friendly_name: "Business Name", failure_reason: failing }],
                },
              ]
            : [{ friendly_name: "Business Information", passed: true, invalid: [] }],
        });
      }
    }
    if (path === "/v1/EndUsers" && method === "POST") {
      const user = {
        sid: sid("IT"),
        type: form.get("Type"),
        friendly_name: form.get("FriendlyName"),
        attributes: JSON.parse(form.get("Attributes") ?? "{}"),
      };
      endUsers.set(user.sid, user);
      return send(res, 201, user);
    }
    if (at(/^\/v1\/EndUsers\/(IT\w+)$/) && method === "POST") {
      const user = endUsers.get(m[1]!);
      if (!user) return error(res, 404, 20404, "The requested resource was not found");
      user.attributes = JSON.parse(form.get("Attributes") ?? "{}");
      return send(res, 200, user);
    }
    if (path === "/v1/SupportingDocuments" && method === "POST")
      return send(res, 201, { sid: sid("RD"), type: form.get("Type"), status: "draft" });
    if (
      path.match(/^\/2010-04-01\/Accounts\/AC\w+\/Addresses(\/AD\w+)?\.json$/) &&
      method === "POST"
    )
      return send(res, 201, {
        sid: path.match(/AD\w+/)?.[0] ?? sid("AD"),
        street: form.get("Street"),
        city: form.get("City"),
      });

    // Messaging v1: brands.
    if (path === "/v1/a2p/BrandRegistrations" && method === "POST") {
      const profile = bundles.get(form.get("CustomerProfileBundleSid") ?? "");
      const product = bundles.get(form.get("A2PProfileBundleSid") ?? "");
      if (!profile || !product) return error(res, 400, 21717, "Invalid bundle sid");
      const brand = {
        sid: sid("BN"),
        account_sid: auth.accountSid,
        customer_profile_bundle_sid: profile.sid,
        a2p_profile_bundle_sid: product.sid,
        brand_type: form.get("BrandType") ?? "STANDARD",
        skip_automatic_sec_vet: form.get("SkipAutomaticSecVet") === "true",
        status: "PENDING",
        tcr_id: null,
        failure_reason: null,
        errors: [],
        brand_score: null,
        identity_status: null,
      };
      brands.set(brand.sid, brand);
      return send(res, 201, brand);
    }
    if (at(/^\/v1\/a2p\/BrandRegistrations\/(BN\w+)\/SmsOtp$/) && method === "POST") {
      const brand = brands.get(m[1]!);
      if (!brand) return error(res, 404, 20404, "The requested resource was not found");
      return send(res, 201, { account_sid: auth.accountSid, brand_registration_sid: brand.sid });
    }
    if (at(/^\/v1\/a2p\/BrandRegistrations\/(BN\w+)$/)) {
      const brand = brands.get(m[1]!);
      if (!brand) return error(res, 404, 20404, "The requested resource was not found");
      if (method === "POST") {
        // Resubmission of a failed brand: back in review.
        if (brand.status !== "FAILED")
          return error(res, 400, 21738, "Only a failed brand can be resubmitted");
        Object.assign(brand, { status: "PENDING", failure_reason: null, errors: [] });
      }
      return send(res, 200, brand);
    }

    // Messaging Services and their numbers.
    if (path === "/v1/Services" && method === "POST") {
      const service = {
        sid: sid("MG"),
        friendly_name: form.get("FriendlyName"),
        use_inbound_webhook_on_number: form.get("UseInboundWebhookOnNumber") === "true",
      };
      serviceNumbers.set(service.sid, new Set());
      return send(res, 201, service);
    }
    if (at(/^\/v1\/Services\/(MG\w+)\/PhoneNumbers$/) && method === "POST") {
      const numbers = serviceNumbers.get(m[1]!);
      if (!numbers) return error(res, 404, 20404, "The requested resource was not found");
      const pn = form.get("PhoneNumberSid") ?? "";
      if (numbers.has(pn))
        return error(res, 409, 21710, "Phone Number is already in the Messaging Service.");
      numbers.add(pn);
      return send(res, 201, { sid: pn, service_sid: m[1] });
    }
    if (at(/^\/v1\/Services\/(MG\w+)\/Compliance\/Usa2p(?:\/(QE\w+))?$/)) {
      const [, service, qe] = m;
      if (!serviceNumbers.has(service!))
        return error(res, 404, 20404, "The requested resource was not found");
      if (!qe && method === "POST") {
        const brand = brands.get(form.get("BrandRegistrationSid") ?? "");
        if (brand?.status !== "APPROVED")
          return error(res, 400, 21712, "The brand is not approved");
        const flow = form.get("MessageFlow") ?? "";
        if (flow.length < 40)
          return error(res, 400, 21703, "MessageFlow must be at least 40 characters");
        const campaign = {
          sid: sid("QE"),
          brand_registration_sid: brand.sid,
          messaging_service_sid: service,
          description: form.get("Description"),
          message_flow: flow,
          message_samples: form.getAll("MessageSamples"),
          us_app_to_person_usecase: form.get("UsAppToPersonUsecase"),
          has_embedded_links: form.get("HasEmbeddedLinks") === "true",
          has_embedded_phone: form.get("HasEmbeddedPhone") === "true",
          campaign_status: "IN_PROGRESS",
          campaign_id: null,
          errors: [],
          rate_limits: null,
        };
        campaigns.set(campaign.sid, campaign);
        return send(res, 201, campaign);
      }
      const campaign = campaigns.get(qe ?? "");
      if (!campaign) return error(res, 404, 20404, "The requested resource was not found");
      if (method === "GET") return send(res, 200, campaign);
      if (method === "DELETE") {
        campaigns.delete(qe!);
        return send(res, 204);
      }
    }

    // Toll-free verifications.
    if (path === "/v1/Tollfree/Verifications" && method === "POST") {
      for (const name of [
        "BusinessName",
        "BusinessWebsite",
        "NotificationEmail",
        "OptInType",
        "MessageVolume",
        "TollfreePhoneNumberSid",
      ])
        if (!form.get(name)) return error(res, 400, 20001, `Missing required parameter ${name}`);
      if (!form.getAll("OptInImageUrls").length || !form.getAll("UseCaseCategories").length)
        return error(res, 400, 20001, "Missing required parameter OptInImageUrls");
      const v = {
        sid: sid("HH"),
        account_sid: auth.accountSid,
        tollfree_phone_number_sid: form.get("TollfreePhoneNumberSid"),
        business_name: form.get("BusinessName"),
        business_website: form.get("BusinessWebsite"),
        use_case_categories: form.getAll("UseCaseCategories"),
        opt_in_type: form.get("OptInType"),
        opt_in_image_urls: form.getAll("OptInImageUrls"),
        message_volume: form.get("MessageVolume"),
        status: "PENDING_REVIEW",
        rejection_reason: null,
        error_code: null,
        edit_allowed: null,
      };
      verifications.set(v.sid, v);
      return send(res, 201, v);
    }
    if (at(/^\/v1\/Tollfree\/Verifications\/(HH\w+)$/)) {
      const v = verifications.get(m[1]!);
      if (!v) return error(res, 404, 20404, "The requested resource was not found");
      if (method === "POST") {
        if (v.status !== "TWILIO_REJECTED" || !v.edit_allowed)
          return error(res, 400, 30040, "This verification cannot be edited");
        Object.assign(v, {
          business_name: form.get("BusinessName") ?? v.business_name,
          business_website: form.get("BusinessWebsite") ?? v.business_website,
          status: "PENDING_REVIEW",
          rejection_reason: null,
          error_code: null,
          edit_allowed: null,
        });
      }
      return send(res, 200, v);
    }
    return error(res, 404, 20404, `The requested resource ${path} was not found`);
  };

  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      if (req.headers.authorization !== expected) return error(res, 401, 20003, "Authenticate");
      const url = new URL(req.url ?? "/", "http://x");
      const form = new URLSearchParams(Buffer.concat(chunks).toString());
      requests.push({ method: req.method ?? "GET", path: url.pathname, form });
      route(req.method ?? "GET", url.pathname, form, res);
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });
  const { port } = server.address() as { port: number };
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    bundles,
    brands,
    campaigns,
    verifications,
    serviceNumbers,
    get noncompliant() {
      return state.noncompliant;
    },
    set noncompliant(v: string | null) {
      state.noncompliant = v;
    },
    decideBrand(s, answer) {
      Object.assign(brands.get(s)!, answer);
    },
    decideCampaign(s, answer) {
      Object.assign(campaigns.get(s)!, answer);
    },
    decideVerification(s, answer) {
      Object.assign(verifications.get(s)!, answer);
    },
  };
}
