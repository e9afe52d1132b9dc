import type { Clock } from "../../clock";
import { callJson } from "./integration-http";

/**
 * The few HubSpot CRM v3 calls the contact sync needs. `base` is HUBSPOT_API_BASE (a local
 * stand-in in tests); the token is a private app's access token or an OAuth access token.
 */
export interface HubspotContact {
  id: string;
  properties: Record<string, string | null | undefined>;
  updatedAt?: string;
}

export const HUBSPOT_PROPERTIES = ["phone", "mobilephone", "firstname", "lastname", "email"];

export class HubspotClient {
  constructor(
    private readonly base: string,
    private readonly token: string,
  ) {}

  private call<T>(method: string, path: string, body?: unknown) {
    return callJson<T>(`${this.base.replace(/\/$/, "")}${path}`, {
      method,
      headers: { authorization: `Bearer ${this.token}` },
      body,
      what: "HubSpot",
    });
  }

  /** Proves the token works (connect): one contact, no side effects. */
  async check(): Promise<void> {
    await this.call("GET", "/crm/v3/objects/contacts?limit=1");
  }

  /** Contacts changed after `since` (ms), oldest first, one page of up to 100. */
  async changedSince(since: number, after?: string) {
    return this.call<{ results: HubspotContact[]; paging?: { next?: { after: string } } }>(
      "POST",
      "/crm/v3/objects/contacts/search",
      {
        filterGroups: [
          {
            filters: [{ propertyName: "lastmodifieddate", operator: "GT", value: String(since) }],
          },
        ],
        sorts: [{ propertyName: "lastmodifieddate", direction: "ASCENDING" }],
        properties: [...HUBSPOT_PROPERTIES, "lastmodifieddate"],
        limit: 100,
        ...(after ? { after } : {}),
      },
    );
  }

  async findByPhone(phone: string): Promise<HubspotContact | null> {
    const res = await this.call<{ results: HubspotContact[] }>(
      "POST",
      "/crm/v3/objects/contacts/search",
      {
        filterGroups: [
          { filters: [{ propertyName: "phone", operator: "EQ", value: phone }] },
          { filters: [{ propertyName: "mobilephone", operator: "EQ", value: phone }] },
        ],
        properties: HUBSPOT_PROPERTIES,
        limit: 1,
      },
    );
    return res.results[0] ?? null;
  }

  create(properties: Record<string, string>) {
    return this.call<HubspotContact>("POST", "/crm/v3/objects/contacts", { properties });
  }

  update(id: string, properties: Record<string, string>) {
    return this.call<HubspotContact>(
      "PATCH",
      `/crm/v3/objects/contacts/${encodeURIComponent(id)}`,
      { properties },
    );
  }
}

/** OAuth: the code (or a refresh token) for tokens, at HubSpot's token endpoint. */
export async function hubspotTokens(clock: Clock, base: string, form: Record<string, string>) {
  const { request } = await import("undici");
  const res = await request(`${base.replace(/\/$/, "")}/oauth/v1/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
    body: new URLSearchParams(form).toString(),
    headersTimeout: 15_000,
    bodyTimeout: 15_000,
  });
  const json = (await res.body.json()) as {
    access_token?: string;
    refresh_token?: string;
    expires_in?: number;
  };
  if (res.statusCode !== 200 || !json.access_token) return null;
  return {
    accessToken: json.access_token,
    refreshToken: json.refresh_token ?? null,
    expiresAt: clock.now().getTime() + (json.expires_in ?? 1800) * 1000,
  };
}
