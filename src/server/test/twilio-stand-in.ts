import http from "node:http";
import { afterAll } from "vitest";

/** A text the stand-in took (created at the carrier). */
export interface TakenText {
  sid: string;
  to: string;
  from: string;
  body: string;
  at: Date;
}

export interface TwilioStandInOptions {
  /** True refuses this create with a 503 before taking the text. */
  refuse?: (to: string) => boolean;
  /** The sid to answer for a text to `to` (default: a fresh one). */
  sidFor?: (to: string) => string | undefined;
  /**
   * Answers a taken text. `created` sends the normal 201; a fault may answer otherwise, later,
   * or never. Default: 201 at once.
   */
  respond?: (text: TakenText, res: http.ServerResponse, created: () => void) => void;
}

export interface TwilioStandIn {
  /** Every text taken, in order. */
  readonly created: TakenText[];
  /** How many times a sender looked a text up (GET Messages.json by To and From). */
  readonly lookups: number;
  /** For TWILIO_API_BASE. */
  readonly url: string;
}

/**
 * A carrier of our own that speaks the Twilio Messages protocol (create, and the look-up by To
 * and From a dispatcher uses before a resend), with hooks to inject faults. Closed by an
 * afterAll it registers itself.
 */
export async function startTwilioStandIn(
  options: TwilioStandInOptions = {},
): Promise<TwilioStandIn> {
  const created: TakenText[] = [];
  let lookups = 0;
  const json = (res: http.ServerResponse, status: number, body: unknown) => {
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify(body));
  };
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (c: Buffer) => chunks.push(c));
    req.on("end", () => {
      const url = new URL(req.url ?? "/", "http://x");
      if (!url.pathname.endsWith("/Messages.json")) return res.writeHead(404).end();
      if (req.method === "POST") {
        const form = new URLSearchParams(Buffer.concat(chunks).toString());
        const to = form.get("To") ?? "";
        if (options.refuse?.(to))
          return json(res, 503, { code: 20503, message: "Service unavailable" });
        const text: TakenText = {
          sid: options.sidFor?.(to) ?? `SM${String(created.length + 1).padStart(32, "0")}`,
          to,
          from: form.get("From") ?? "",
          body: form.get("Body") ?? "",
          at: new Date(),
        };
        created.push(text);
        const ok = () => json(res, 201, { sid: text.sid, status: "queued", num_segments: "1" });
        return options.respond ? options.respond(text, res, ok) : ok();
      }
      if (req.method === "GET") {
        lookups++;
        const to = url.searchParams.get("To");
        const from = url.searchParams.get("From");
        const messages = created
          .filter((m) => m.to === to && m.from === from)
          .reverse()
          .map((m) => ({
            sid: m.sid,
            to: m.to,
            from: m.from,
            body: m.body,
            status: "sent",
            num_segments: "1",
            date_created: m.at.toUTCString(),
          }));
        return json(res, 200, { messages });
      }
      res.writeHead(405).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });
  const { port } = server.address() as { port: number };
  return {
    created,
    get lookups() {
      return lookups;
    },
    url: `http://127.0.0.1:${port}`,
  };
}
