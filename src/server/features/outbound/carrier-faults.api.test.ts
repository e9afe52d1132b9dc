import http from "node:http";
import { afterAll, describe, expect, it } from "vitest";
import { buildAccount } from "../../test/factories";
import { createTestServer } from "../../test/harness";
import { phoneNumbers } from "../numbers/numbers.schema";
import { queueMessage } from "./outbound.service";

/**
 * A carrier that takes a text and never answers (the worst timeout there is), and one that
 * answers 500 after taking it: the dispatcher must not text the person twice. The next try looks
 * for the text at the carrier (Messages.json by To and From) and adopts it.
 */
const created: { sid: string; to: string; from: string; body: string; at: Date }[] = [];
const faults = new Map<string, "hang" | "500" | "500-untaken">();
const carrier = http.createServer((req, res) => {
  const chunks: Buffer[] = [];
  req.on("data", (c: Buffer) => chunks.push(c));
  req.on("end", () => {
    const url = new URL(req.url ?? "/", "http://x");
    if (req.method === "POST" && url.pathname.endsWith("/Messages.json")) {
      const form = new URLSearchParams(Buffer.concat(chunks).toString());
      const to = form.get("To") ?? "";
      if (faults.get(to) === "500-untaken") {
        faults.delete(to);
        res.writeHead(503, { "content-type": "application/json" });
        return res.end('{"code":20503,"message":"Service unavailable"}');
      }
      const row = {
        sid: `SM${String(created.length + 1).padStart(32, "0")}`,
        to,
        from: form.get("From") ?? "",
        body: form.get("Body") ?? "",
        at: new Date(),
      };
      created.push(row);
      const fault = faults.get(to);
      faults.delete(to);
      if (fault === "hang") return; // taken, never answered
      if (fault === "500") {
        res.writeHead(500, { "content-type": "application/json" });
        return res.end('{"code":20500,"message":"An internal server error has occurred"}');
      }
      res.writeHead(201, { "content-type": "application/json" });
      return res.end(JSON.stringify({ sid: row.sid, status: "queued", num_segments: "1" }));
    }
    if (req.method === "GET" && url.pathname.endsWith("/Messages.json")) {
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
      res.writeHead(200, { "content-type": "application/json" });
      return res.end(JSON.stringify({ messages }));
    }
    res.writeHead(404).end();
  });
});
await new Promise<void>((r) => carrier.listen(0, "127.0.0.1", r));
afterAll(() => {
  carrier.closeAllConnections();
  carrier.close();
});
const port = (carrier.address() as { port: number }).port;

const t = await createTestServer({
  listen: true,
  env: {
    TWILIO_ACCOUNT_SID: `AC${"1".repeat(32)}`,
    TWILIO_AUTH_TOKEN: "fault-carrier-token-123",
    TWILIO_API_BASE: `http://127.0.0.1:${port}`,
    CARRIER_TIMEOUT_MS: "300",
    SEND_MPS_LONG_CODE: "100",
  },
});
const account = await buildAccount(t.db);
const FROM = "+12125550177";
const [number] = await t.db
  .insert(phoneNumbers)
  .values({ accountId: account.id, number: FROM, carrierSid: "PN00faults", included: true })
  .returning({ id: phoneNumbers.id });

async function finalRow(id: number) {
  const end = Date.now() + 20_000;
  for (;;) {
    const res = await t.db.$client.query(
      `select pending_dispatch, carrier_sid, status, attempts from messages where id = $1`,
      [id],
    );
    const row = res.rows[0];
    if (!row.pending_dispatch) return row;
    if (Date.now() > end) throw new Error(`still pending: ${JSON.stringify(row)}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

describe("a carrier that loses its answers", () => {
  for (const fault of ["hang", "500"] as const) {
    it(`texts once when the carrier took the text and ${fault === "hang" ? "never answered" : "answered 500"}`, async () => {
      const to = fault === "hang" ? "+14155550181" : "+14155550182";
      faults.set(to, fault);
      const q = await queueMessage(t.ctx, {
        accountId: account.id,
        from: { id: number!.id, number: FROM },
        to,
        body: `Your table is ready (${fault})`,
        source: "inbox",
      });
      const row = await finalRow(q.id);
      const atCarrier = created.filter((m) => m.to === to);
      expect(atCarrier).toHaveLength(1);
      expect(row.carrier_sid).toBe(atCarrier[0]!.sid);
      expect(row.attempts).toBeGreaterThanOrEqual(2);
    });
  }

  it("sends again when the carrier says it has nothing (the lookup finds no text)", async () => {
    const to = "+14155550183";
    // Refused before it was taken: the lookup finds nothing, so it is sent again, once.
    faults.set(to, "500-untaken");
    const q = await queueMessage(t.ctx, {
      accountId: account.id,
      from: { id: number!.id, number: FROM },
      to,
      body: "Second try",
      source: "inbox",
    });
    const row = await finalRow(q.id);
    expect(created.filter((m) => m.to === to)).toHaveLength(1);
    expect(row.carrier_sid).toBe(created.find((m) => m.to === to)?.sid);
  });
});
