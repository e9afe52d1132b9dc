import { describe, expect, it } from "vitest";
import { capWeight, decideInOrder, isTMobile, overCap, tmobileDay } from "./carrier-cap";
import { decideOutbound, LANE, type OutboundFacts } from "./outbound-policy";
import { explainWait, type WaitFacts } from "./send-wait";

// Tuesday 24 November 2026, 19:00 UTC: 11:00 in Los Angeles, 13:00 in Texas, 14:00 in New York.
const NOON = new Date("2026-11-24T19:00:00Z");
// T-Mobile's next day: midnight Pacific time (08:00 UTC in November).
const MIDNIGHT_PT = new Date("2026-11-25T08:00:00Z");

const facts = (over: Partial<OutboundFacts> = {}): OutboundFacts => ({
  lane: LANE.marketing,
  complianceReply: false,
  deadline: new Date(NOON.getTime() + 4 * 3600_000),
  suppression: null,
  recipient: { state: "NY", timeZone: "America/New_York" },
  accountQuietHours: [],
  recentMarketing: [],
  lawfulHours: false,
  carrierCap: { brand: 1, cap: 3, sentToday: 0, weight: 1 },
  ...over,
});

describe("isTMobile", () => {
  it("knows T-Mobile's network by the names Twilio and Telnyx give it, Sprint and Metro included", () => {
    for (const name of [
      "T-Mobile USA, Inc.",
      "T-MOBILE USA, INC.",
      "T-Mobile",
      "Sprint Spectrum, L.P.",
      "MetroPCS Communications, Inc.",
    ])
      expect(isTMobile(name), name).toBe(true);
    for (const name of ["Verizon Wireless", "AT&T Wireless", "Lumen Technologies", "", null])
      expect(isTMobile(name), String(name)).toBe(false);
  });
});

describe("tmobileDay", () => {
  it("runs from midnight to midnight Pacific time", () => {
    expect(tmobileDay(NOON)).toEqual({
      key: "2026-11-24",
      start: new Date("2026-11-24T08:00:00Z"),
      end: MIDNIGHT_PT,
    });
    // 23:30 in Los Angeles is still the 24th there, though the 25th in UTC.
    expect(tmobileDay(new Date("2026-11-25T07:30:00Z")).key).toBe("2026-11-24");
    expect(tmobileDay(MIDNIGHT_PT).key).toBe("2026-11-25");
    // In summer the day ends at 07:00 UTC (PDT).
    expect(tmobileDay(new Date("2026-07-01T12:00:00Z")).end).toEqual(
      new Date("2026-07-02T07:00:00Z"),
    );
  });
});

describe("capWeight", () => {
  it("counts SMS segments, and an MMS as one", () => {
    expect(capWeight("Hi", [])).toBe(1);
    expect(capWeight("x".repeat(161), [])).toBe(2);
    expect(capWeight("x".repeat(400), ["https://example.test/a.jpg"])).toBe(1);
    expect(overCap({ brand: 1, cap: 10, sentToday: 9, weight: 2 })).toBe(true);
    expect(overCap({ brand: 1, cap: 10, sentToday: 8, weight: 2 })).toBe(false);
  });
});

describe("the brand's T-Mobile cap in decideOutbound", () => {
  it("sends under the cap and holds marketing at it until T-Mobile's next day", () => {
    expect(
      decideOutbound(facts({ carrierCap: { brand: 1, cap: 3, sentToday: 2, weight: 1 } }), NOON),
    ).toEqual({ kind: "go" });
    expect(
      decideOutbound(facts({ carrierCap: { brand: 1, cap: 3, sentToday: 3, weight: 1 } }), NOON),
    ).toEqual({
      kind: "hold",
      until: MIDNIGHT_PT,
      reason: "carrier_cap",
    });
  });

  it("waits for the recipient's legal hours after midnight Pacific, and does not expire for the cap", () => {
    const d = decideOutbound(
      facts({
        lawfulHours: true,
        recipient: { state: "TX", timeZone: "America/Chicago" },
        carrierCap: { brand: 1, cap: 3, sentToday: 3, weight: 1 },
      }),
      NOON,
    );
    // Wednesday 9:00 AM in Texas (its law's hours), though the deadline is this afternoon.
    expect(d).toEqual({
      kind: "hold",
      until: new Date("2026-11-25T15:00:00Z"),
      reason: "carrier_cap",
    });
  });

  it("never holds a one-to-one text, and other carriers' recipients have no cap", () => {
    const full = { brand: 1, cap: 3, sentToday: 3, weight: 1 };
    expect(decideOutbound(facts({ lane: LANE.transactional, carrierCap: full }), NOON)).toEqual({
      kind: "go",
    });
    expect(decideOutbound(facts({ carrierCap: null }), NOON)).toEqual({ kind: "go" });
  });
});

describe("decideInOrder", () => {
  it("lets a round take only what is left of each brand's cap, one-to-one texts counted first come", () => {
    const cap = (brand: number, sentToday: number) => ({ brand, cap: 3, sentToday, weight: 1 });
    const round = [
      facts({ carrierCap: cap(1, 1) }),
      facts({ lane: LANE.transactional, carrierCap: cap(1, 1) }),
      facts({ carrierCap: cap(1, 1) }),
      facts({ carrierCap: cap(2, 0) }),
      facts({ carrierCap: null }),
      facts({ carrierCap: cap(1, 1) }),
    ];
    const { decisions, used } = decideInOrder(
      round,
      (f) => decideOutbound(f, NOON),
      (d) => d.kind === "go",
    );
    expect(decisions.map((d) => d.kind)).toEqual(["go", "go", "hold", "go", "go", "hold"]);
    expect(used).toEqual(
      new Map([
        [1, 2],
        [2, 1],
      ]),
    );
  });
});

describe("explainWait", () => {
  it("names T-Mobile's daily limit for the brand and when the text goes", () => {
    const f: WaitFacts = {
      ...facts({
        lawfulHours: true,
        recipient: { state: "TX", timeZone: "America/Chicago" },
        carrierCap: { brand: 1, cap: 2000, sentToday: 2000, weight: 1 },
      }),
      aheadOnNumber: 0,
      turnAt: null,
      paused: false,
    };
    expect(explainWait(f, NOON)).toMatchObject({
      code: "carrier_cap",
      until: new Date("2026-11-25T15:00:00Z"),
      text: "T-Mobile's daily limit for your brand (2,000 texts a day) is reached; waiting for 9:00 AM Wednesday CT",
    });
  });
});
