import { request } from "undici";

/** A refusal or failure of the other system, with what a person needs to fix it. */
export class IntegrationHttpError extends Error {
  constructor(
    readonly status: number | null,
    message: string,
  ) {
    super(message);
    this.name = "IntegrationHttpError";
  }
}

const TIMEOUT_MS = 15_000;

/** JSON over HTTP to HubSpot / Customer.io: one place for timeouts and readable errors. */
export async function callJson<T>(
  url: string,
  init: { method: string; headers: Record<string, string>; body?: unknown; what: string },
): Promise<T> {
  let res: Awaited<ReturnType<typeof request>>;
  try {
    res = await request(url, {
      method: init.method as "GET",
      headers: {
        accept: "application/json",
        "user-agent": "Parley-Integrations/1",
        ...(init.body === undefined ? {} : { "content-type": "application/json" }),
        ...init.headers,
      },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      headersTimeout: TIMEOUT_MS,
      bodyTimeout: TIMEOUT_MS,
    });
  } catch (err) {
    throw new IntegrationHttpError(
      null,
      `${init.what} could not be reached (${err instanceof Error ? err.message : String(err)}).`,
    );
  }
  const text = await res.body.text();
  if (res.statusCode === 401 || res.statusCode === 403) {
    throw new IntegrationHttpError(
      res.statusCode,
      `${init.what} refused the credentials (HTTP ${res.statusCode}). Reconnect with a valid key.`,
    );
  }
  if (res.statusCode < 200 || res.statusCode >= 300) {
    let detail = "";
    try {
      const j = JSON.parse(text) as { message?: unknown };
      if (typeof j.message === "string") detail = `: ${j.message.slice(0, 200)}`;
    } catch {
      detail = "";
    }
    throw new IntegrationHttpError(
      res.statusCode,
      `${init.what} answered HTTP ${res.statusCode}${detail}.`,
    );
  }
  if (!text) return undefined as T;
  try {
    return JSON.parse(text) as T;
  } catch {
    throw new IntegrationHttpError(res.statusCode, `${init.what} answered something unreadable.`);
  }
}
