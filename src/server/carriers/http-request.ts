import type http from "node:http";
import { Agent, request } from "undici";

// Kept-alive connections in a pool: a busy sender reuses them instead of opening one per request.
// undici rather than node:http (or fetch): the dispatcher's profile was mostly node:http's
// per-request work, and undici's client does the same exchange for a fraction of the CPU.
const agent = new Agent({ connections: 256, keepAliveTimeout: 30_000 });

export interface HttpAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/**
 * One HTTP exchange with the carrier (REST calls, webhooks). Rejects only when no answer came
 * (bad URL, network, timeout); any status is an answer for the caller to judge.
 */
export async function httpRequest(
  url: string,
  opts: { method: string; headers?: Record<string, string>; body?: string; timeoutMs: number },
): Promise<HttpAnswer> {
  const target = new URL(url);
  if (target.protocol !== "http:" && target.protocol !== "https:")
    throw new Error(`unsupported protocol ${target.protocol}`);
  const response = await request(target, {
    method: opts.method as "GET",
    headers: opts.headers,
    body: opts.body,
    dispatcher: agent,
    headersTimeout: opts.timeoutMs,
    bodyTimeout: opts.timeoutMs,
  });
  const text = await response.body.text();
  return {
    status: response.statusCode,
    headers: response.headers as http.IncomingHttpHeaders,
    text,
  };
}
