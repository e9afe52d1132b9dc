import { describe, expect, it } from "vitest";
import { buildAccount } from "../../test/factories";
import { createTestServer } from "../../test/harness";
import { startTwilioStandIn } from "../../test/twilio-stand-in";
import { phoneNumbers } from "../numbers/numbers.schema";
import { queueMessage } from "./outbound.service";

/**
 * A carrier that takes a text and never answers (the worst timeout there is), and one that
 * answers 500 after taking it: the dispatcher must not text the person twice. The next try looks
 * for the text at the carrier (Messages.json by To and From) and adopts it.
 */
const faults = new Map<string, "hang" | "500" | "500-untaken">();
const carrier = await startTwilioStandIn({
  refuse: (to) => faults.get(to) === "500-untaken" && faults.delete(to),
  respond: (text, res, created) => {
    const fault = faults.get(text.to);
    faults.delete(text.to);
    if (fault === "hang") return; // taken, never answered
    if (fault !== "500") return created();
    res.writeHead(500, { "content-type": "application/json" });
    res.end('{"code":20500,"message":"An internal server error has occurred"}');
  },
});
const { created } = carrier;

const t = await createTestServer({
  listen: true,
  env: {
    TWILIO_ACCOUNT_SID: `AC${"1".repeat(32)}`,
    PAYMENTS: "test",
    TWILIO_AUTH_TOKEN: "fault-carrier-token-123",
    TWILIO_API_BASE: carrier.url,
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
