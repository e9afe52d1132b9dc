import { callJson } from "./integration-http";

/**
 * Customer.io's Track API (v1): identify a person with attributes. Basic auth with the
 * workspace's Site ID and Tracking API key; `base` is CUSTOMERIO_TRACK_BASE (a stand-in in tests).
 */
export class CustomerIoClient {
  constructor(
    private readonly base: string,
    private readonly siteId: string,
    private readonly apiKey: string,
  ) {}

  private get auth() {
    return `Basic ${Buffer.from(`${this.siteId}:${this.apiKey}`).toString("base64")}`;
  }

  /** Proves the credentials (connect): Track's own check endpoint. */
  async check(): Promise<void> {
    await callJson(`${this.base.replace(/\/$/, "")}/api/v1/accounts/region`, {
      method: "GET",
      headers: { authorization: this.auth },
      what: "Customer.io",
    });
  }

  async identify(id: string, attributes: Record<string, unknown>): Promise<void> {
    await callJson(`${this.base.replace(/\/$/, "")}/api/v1/customers/${encodeURIComponent(id)}`, {
      method: "PUT",
      headers: { authorization: this.auth },
      body: attributes,
      what: "Customer.io",
    });
  }
}
