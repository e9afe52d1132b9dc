import http from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll } from "vitest";

export interface ReceivedPost {
  path: string;
  headers: http.IncomingHttpHeaders;
  /** The raw body, as a signature covers it. */
  body: string;
  json: Record<string, unknown>;
}

/**
 * A stand-in for an integrator's webhook receiver: records every JSON POST and answers 200, or
 * whatever `respondWith` decides. Closed by an afterAll it registers itself.
 */
export async function startJsonReceiver() {
  const received: ReceivedPost[] = [];
  let respond: (post: ReceivedPost) => number = () => 200;
  const server = http.createServer((req, res) => {
    let raw = "";
    req.setEncoding("utf8");
    req.on("data", (chunk) => {
      raw += chunk;
    });
    req.on("end", () => {
      let json: Record<string, unknown> = {};
      try {
        json = JSON.parse(raw);
      } catch {
        json = {};
      }
      const post = { path: (req.url ?? "").split("?")[0]!, headers: req.headers, body: raw, json };
      const status = respond(post);
      if (status < 300) received.push(post);
      res.statusCode = status;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));
  return {
    /** Posts answered with a 2xx (what the receiver accepted). */
    received,
    url: (path: string) => `${base}${path}`,
    respondWith(fn: (post: ReceivedPost) => number) {
      respond = fn;
    },
    async waitFor(filter: (p: ReceivedPost) => boolean, count = 1, timeoutMs = 10_000) {
      const deadline = Date.now() + timeoutMs;
      for (;;) {
        const hits = received.filter(filter);
        if (hits.length >= count) return hits;
        if (Date.now() > deadline)
          throw new Error(`waited ${timeoutMs} ms for ${count} post(s), got ${hits.length}`);
        await new Promise((r) => setTimeout(r, 25));
      }
    },
  };
}
