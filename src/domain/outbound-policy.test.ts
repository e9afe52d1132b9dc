import { describe, expect, it } from "vitest";
import {
  classOfSource,
  decideOutbound,
  EXPIRED_ERROR_CODE,
  LANE,
  type OutboundFacts,
} from "./outbound-policy";

// Monday 2026-11-23 15:00 in New York (UTC-5): inside every state's hours.
const NOON_ISH = new Date("2026-11-23T20:00:00Z");
// 22:30 in New York: outside every state's hours.
const NIGHT = new Date("2026-11-24T03:30:00Z");

function facts(over: Partial<OutboundFacts> = {}): OutboundFacts {
  return {
    lane: LANE.marketing,
    complianceReply: false,
    deadline: new Date("2026-11-25T00:00:00Z"),
    suppression: null,
    recipient: { state: "NY", timeZone: "America/New_York" },
    accountQuietHours: [],
    recentMarketing: [],
    lawfulHours: true,
    ...over,
  };
}

describe("the one outbound rule", () => {
  it("puts codes, compliance answers, inbox replies and tests in the transactional lane", () => {
    for (const s of ["compliance", "two_factor", "inbox", "test"])
      expect(classOfSource(s)).toBe("transactional");
    for (const s of ["campaign", "welcome", "automation"])
      expect(classOfSource(s)).toBe("marketing");
  });

  it("lets marketing go in the day and holds it at night until 8am local", () => {
    expect(decideOutbound(facts(), NOON_ISH)).toEqual({ kind: "go" });
    expect(decideOutbound(facts(), NIGHT)).toEqual({
      kind: "hold",
      until: new Date("2026-11-24T13:00:00Z"),
      reason: "quiet_hours",
    });
  });

  it("never holds a transactional text for quiet hours", () => {
    expect(decideOutbound(facts({ lane: LANE.transactional }), NIGHT)).toEqual({ kind: "go" });
  });

  it("expires marketing whose next lawful moment is past its deadline instead of texting at night", () => {
    const d = decideOutbound(facts({ deadline: new Date("2026-11-24T06:00:00Z") }), NIGHT);
    expect(d).toMatchObject({
      kind: "drop",
      status: "Queue Failed",
      errorCode: EXPIRED_ERROR_CODE,
    });
  });

  it("expires any text past its deadline", () => {
    const d = decideOutbound(
      facts({ lane: LANE.transactional, deadline: new Date(NOON_ISH.getTime() - 1) }),
      NOON_ISH,
    );
    expect(d).toMatchObject({ kind: "drop", reason: "deadline" });
  });

  it("never sends to an opted-out or blocked number, except the one STOP confirmation", () => {
    expect(decideOutbound(facts({ suppression: "opted_out" }), NOON_ISH)).toMatchObject({
      kind: "drop",
      status: "Stopped Number",
    });
    expect(decideOutbound(facts({ suppression: "blocked" }), NOON_ISH)).toMatchObject({
      kind: "drop",
      status: "Blocked",
    });
    expect(
      decideOutbound(
        facts({ suppression: "opted_out", complianceReply: true, lane: LANE.transactional }),
        NIGHT,
      ),
    ).toEqual({ kind: "go" });
  });

  it("holds a fourth marketing text in 24 hours to Florida until the oldest leaves the window", () => {
    const fl = { state: "FL", timeZone: "America/New_York" };
    const sent = [
      new Date("2026-11-23T14:00:00Z"),
      new Date("2026-11-23T16:00:00Z"),
      new Date("2026-11-23T18:00:00Z"),
    ];
    expect(
      decideOutbound(facts({ recipient: fl, recentMarketing: sent.slice(0, 2) }), NOON_ISH),
    ).toEqual({ kind: "go" });
    expect(decideOutbound(facts({ recipient: fl, recentMarketing: sent }), NOON_ISH)).toEqual({
      kind: "hold",
      until: new Date("2026-11-24T14:00:00Z"),
      reason: "frequency_cap",
    });
    // New York has no cap.
    expect(decideOutbound(facts({ recentMarketing: sent }), NOON_ISH)).toEqual({ kind: "go" });
  });

  it("applies the account's own quiet hours even where the law's hours are off", () => {
    const d = decideOutbound(
      facts({ lawfulHours: false, accountQuietHours: [["14:00", "16:00"]] }),
      NOON_ISH,
    );
    expect(d).toEqual({
      kind: "hold",
      until: new Date("2026-11-23T21:00:00Z"),
      reason: "quiet_hours",
    });
    expect(decideOutbound(facts({ lawfulHours: false }), NIGHT)).toEqual({ kind: "go" });
  });
});
