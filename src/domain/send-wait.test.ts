import { describe, expect, it } from "vitest";
import { LANE } from "./outbound-policy";
import { explainWait, outsideHoursNote, paceEstimate, type WaitFacts } from "./send-wait";

const noteText = (...a: Parameters<typeof outsideHoursNote>) =>
  outsideHoursNote(...a)?.text ?? null;
const paceText = (...a: Parameters<typeof paceEstimate>) => paceEstimate(...a)?.text ?? null;

// Tuesday 24 November 2026, 07:04 UTC: 01:04 in Chicago, 02:04 in New York.
const NIGHT = new Date("2026-11-24T07:04:00Z");
// The same day at 17:30 UTC: 11:30 in Chicago, 12:30 in New York.
const NOON = new Date("2026-11-24T17:30:00Z");

const facts = (over: Partial<WaitFacts> = {}): WaitFacts => ({
  lane: LANE.marketing,
  complianceReply: false,
  deadline: new Date("2026-11-25T07:00:00Z"),
  suppression: null,
  recipient: { state: "TX", timeZone: "America/Chicago" },
  accountQuietHours: [],
  recentMarketing: [],
  lawfulHours: true,
  aheadOnNumber: 0,
  turnAt: null,
  paused: false,
  ...over,
});

describe("explainWait", () => {
  it("names the recipient's legal hours, state and zone at night", () => {
    expect(explainWait(facts(), NIGHT)).toMatchObject({
      code: "legal_hours",
      until: new Date("2026-11-24T15:00:00Z"),
      text: "waiting for 9:00 AM CT (Texas legal hours)",
    });
    expect(
      explainWait(facts({ recipient: { state: "NY", timeZone: "America/New_York" } }), NIGHT)?.text,
    ).toBe("waiting for 8:00 AM ET (federal legal hours)");
  });

  it("names a state's cap on marketing texts a day", () => {
    const sent = [3, 2, 1].map((h) => new Date(NOON.getTime() - h * 3600_000));
    const r = explainWait(
      facts({
        recipient: { state: "FL", timeZone: "America/New_York" },
        recentMarketing: sent,
        deadline: new Date("2026-11-26T00:00:00Z"),
      }),
      NOON,
    );
    expect(r?.code).toBe("state_cap");
    expect(r?.until).toEqual(new Date("2026-11-25T14:30:00Z"));
    expect(r?.text).toBe(
      "waiting for 9:30 AM Wednesday ET (Florida allows 3 marketing texts a day)",
    );
  });

  it("names the account's quiet hours when the law allows the text", () => {
    const r = explainWait(
      facts({
        recipient: { state: "NY", timeZone: "America/New_York" },
        accountQuietHours: [["12:00", "13:00"]],
      }),
      NOON,
    );
    expect(r).toMatchObject({
      code: "quiet_hours",
      until: new Date("2026-11-24T18:00:00Z"),
      text: "waiting for 1:00 PM ET (your quiet hours)",
    });
  });

  it("holds marketing while sending is paused, never a transactional answer", () => {
    expect(explainWait(facts({ paused: true }), NOON)?.code).toBe("paused");
    expect(explainWait(facts({ paused: true, lane: LANE.transactional }), NOON)).toBeNull();
  });

  it("says it will expire when its deadline comes before its hours", () => {
    const r = explainWait(facts({ deadline: new Date("2026-11-24T12:00:00Z") }), NIGHT);
    expect(r?.code).toBe("deadline");
    expect(r?.text).toBe("will expire at 6:00 AM CT: it cannot go before its deadline");
  });

  it("counts the texts ahead on the number, and is null when it goes now", () => {
    const turnAt = new Date(NOON.getTime() + 90_000);
    expect(explainWait(facts({ aheadOnNumber: 37, turnAt }), NOON)).toMatchObject({
      code: "pacing",
      until: turnAt,
      text: "waiting behind 37 texts on its number (about 11:31 AM CT)",
    });
    expect(explainWait(facts(), NOON)).toBeNull();
  });
});

const LAW = { lawfulHours: true, quietHours: [] };

describe("outsideHoursNote", () => {
  it("counts who is outside legal hours now and when they open, in their time", () => {
    const people = [
      ...Array.from({ length: 3 }, () => ({ state: "NY", timeZone: "America/New_York" })),
      { state: "TX", timeZone: "America/Chicago" },
      { state: "HI", timeZone: "Pacific/Honolulu" },
    ];
    // 21:30 in New York, 20:30 in Chicago (Texas open until 9pm), 16:30 in Honolulu.
    const at = new Date("2026-11-25T02:30:00Z");
    expect(noteText(people, at, LAW)).toBe(
      "3 of 5 recipients are outside legal hours now; they get it from 8:00 AM their time",
    );
    // 15:00 in New York, 10:00 in Honolulu: everyone may get it now.
    expect(noteText(people, new Date("2026-11-24T20:00:00Z"), LAW)).toBeNull();
  });
});

describe("outsideHoursNote with counted groups", () => {
  it("counts each group by its size, as the composer's area-code groups", () => {
    const groups = [
      { state: "NY", timeZone: "America/New_York", count: 37 },
      { state: "TX", timeZone: "America/Chicago", count: 163 },
    ];
    // 21:30 in New York (closed), 20:30 in Chicago (Texas open until 9pm).
    expect(noteText(groups, new Date("2026-11-25T02:30:00Z"), LAW)).toBe(
      "37 of 200 recipients are outside legal hours now; they get it from 8:00 AM their time",
    );
    // An empty group counts for nothing.
    expect(
      noteText(
        [{ state: "NY", timeZone: "America/New_York", count: 0 }],
        new Date("2026-11-25T02:30:00Z"),
        LAW,
      ),
    ).toBeNull();
  });
});

describe("outsideHoursNote with the account's quiet hours", () => {
  const groups = [
    { state: "NY", timeZone: "America/New_York", count: 10 },
    { state: "TX", timeZone: "America/Chicago", count: 5 },
    { state: "CA", timeZone: "America/Los_Angeles", count: 2 },
  ];
  // 15:00 in New York, 14:00 in Dallas, 12:00 in Los Angeles: legal hours are open everywhere.
  const at = new Date("2026-11-24T20:00:00Z");

  it("counts who is in the account's quiet hours in their own zone, and when those end", () => {
    const quietHours = [["13:30", "14:30"] as const];
    expect(noteText(groups, at, { lawfulHours: true, quietHours })).toBe(
      "5 of 17 recipients are in your quiet hours now; they get it from 2:30 PM their time",
    );
    // The same with the law's hours off (a test rig): the account's quiet hours still hold.
    expect(noteText(groups, at, { lawfulHours: false, quietHours })).toBe(
      "5 of 17 recipients are in your quiet hours now; they get it from 2:30 PM their time",
    );
    // One recipient alone, and one among several, read as English.
    expect(noteText([{ ...groups[1]!, count: 1 }], at, { lawfulHours: false, quietHours })).toBe(
      "The recipient is in your quiet hours now; they get it from 2:30 PM their time",
    );
    expect(noteText([groups[1]!], at, { lawfulHours: false, quietHours })).toBe(
      "All 5 recipients are in your quiet hours now; they get it from 2:30 PM their time",
    );
    expect(
      noteText([groups[1]!, { ...groups[0]!, count: 1 }], at, {
        lawfulHours: false,
        quietHours,
      }),
    ).toBe("5 of 6 recipients are in your quiet hours now; they get it from 2:30 PM their time");
    expect(
      noteText([{ ...groups[1]!, count: 1 }, groups[0]!], at, {
        lawfulHours: false,
        quietHours,
      }),
    ).toBe("1 of 11 recipients is in your quiet hours now; they get it from 2:30 PM their time");
    // A send that ignores quiet hours, or no window covering anyone: nothing to say.
    expect(noteText(groups, at, { lawfulHours: true, quietHours: [] })).toBeNull();
    expect(
      noteText(groups, at, { lawfulHours: true, quietHours: [["01:00", "02:00"]] }),
    ).toBeNull();
  });

  it("names both when some wait for the law and others for the quiet hours", () => {
    // 21:30 in New York (closed by law), 20:30 in Dallas, 18:30 in Los Angeles (quiet 18-19).
    const night = new Date("2026-11-25T02:30:00Z");
    const quietHours = [["18:00", "19:00"] as const];
    // The earliest local time any of them opens.
    expect(noteText(groups, night, { lawfulHours: true, quietHours })).toBe(
      "12 of 17 recipients are outside legal hours or in your quiet hours now; they get it from 8:00 AM their time",
    );
    // The law's hours off: only the quiet hours hold anyone.
    expect(noteText(groups, night, { lawfulHours: false, quietHours })).toBe(
      "2 of 17 recipients are in your quiet hours now; they get it from 7:00 PM their time",
    );
  });
});

describe("paceEstimate", () => {
  it("says how long the number takes at its pace", () => {
    expect(paceText(1, 1)).toBe("under a minute at this number's pace (1 text a second)");
    expect(paceText(240, 1)).toBe("about 4 minutes at this number's pace (1 text a second)");
    expect(paceText(2000, 0.25)).toBe("about 2.2 hours at this number's pace (15 texts a minute)");
    expect(paceText(3000, 75)).toBe("under a minute at this number's pace (75 texts a second)");
    expect(paceText(0, 1)).toBeNull();
  });
});
