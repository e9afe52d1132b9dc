import http from "node:http";
import https from "node:https";

// Kept-alive sockets: a busy sender reuses connections instead of opening one per request.
// node:http rather than fetch: on Node 20 fetch spends about twice the CPU per request, which
// halved the requests per second a process could make to the carrier.
const agents = {
  "http:": new http.Agent({ keepAlive: true, maxSockets: 256 }),
  "https:": new https.Agent({ keepAlive: true, maxSockets: 256 }),
};

export interface HttpAnswer {
  status: number;
  headers: http.IncomingHttpHeaders;
  text: string;
}

/**
 * One HTTP exchange with the carrier (REST calls, webhooks). Rejects only when no answer came
 * (bad URL, network, timeout); any status is an answer for the caller to judge.
 */
export function httpRequest(
  url: string,
  opts: { method: string; headers?: Record<string, string>; body?: string; timeoutMs: number },
): Promise<HttpAnswer> {
  return new Promise((resolve, reject) => {
    const target = new URL(url);
    const client = target.protocol === "https:" ? https : target.protocol === "http:" ? http : null;
    if (!client) {
      reject(new Error(`unsupported protocol ${target.protocol}`));
      return;
    }
    const headers: Record<string, string | number> = { ...opts.headers };
    if (opts.body !== undefined) headers["content-length"] = Buffer.byteLength(opts.body);
    const request = client.request(
      target,
      {
        method: opts.method,
        agent: agents[target.protocol as "http:" | "https:"],
        timeout: opts.timeoutMs,
        headers,
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on("data", (c: Buffer) => chunks.push(c));
        response.on("end", () =>
          resolve({
            status: response.statusCode ?? 0,
            headers: response.headers,
            text: Buffer.concat(chunks).toString("utf8"),
          }),
        );
        response.on("error", reject);
      },
    );
    request.on("timeout", () => request.destroy(new Error(`no answer in ${opts.timeoutMs} ms`)));
    request.on("error", reject);
    request.end(opts.body);
  });
}
