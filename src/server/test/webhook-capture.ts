import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll } from "vitest";
import type { FormParams } from "../carriers/twilio-signature";

export interface CapturedWebhook {
  /** The full URL as the sender addressed it (what X-Twilio-Signature covers). */
  url: string;
  path: string;
  signature: string | undefined;
  params: FormParams;
}

/**
 * A tiny HTTP server standing in for a webhook receiver: it records every form-encoded POST and
 * answers 200, or whatever `respond` decides. Closed by an afterAll it registers itself.
 */
export async function startWebhookCapture() {
  const received: CapturedWebhook[] = [];
  let respond: (hook: CapturedWebhook) => number = () => 200;

  const server = http.createServer((req, res) => {
    let raw = "";
    req.setEncoding("utf8");
    req.on("data", (chunk) => {
      raw += chunk;
    });
    req.on("end", () => {
      const params: FormParams = {};
      for (const [key, value] of new URLSearchParams(raw)) {
        const seen = params[key];
        params[key] =
          seen === undefined ? value : [...(Array.isArray(seen) ? seen : [seen]), value];
      }
      const hook: CapturedWebhook = {
        url: `${base}${req.url}`,
        path: (req.url ?? "").split("?")[0]!,
        signature: req.headers["x-twilio-signature"] as string | undefined,
        params,
      };
      received.push(hook);
      res.statusCode = respond(hook);
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  return {
    received,
    url: (pathAndQuery: string) => `${base}${pathAndQuery}`,
    respondWith(fn: (hook: CapturedWebhook) => number) {
      respond = fn;
    },
    /** The hooks matching `filter` once there are at least `count` of them. */
    async waitFor(
      filter: (hook: CapturedWebhook) => boolean,
      count = 1,
      timeoutMs = 5_000,
    ): Promise<CapturedWebhook[]> {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const hits = received.filter(filter);
        if (hits.length >= count) return hits;
        if (Date.now() > deadline) {
          throw new Error(`waited ${timeoutMs} ms for ${count} webhook(s), got ${hits.length}`);
        }
        await new Promise((r) => setTimeout(r, 20));
      }
    },
  };
}
