import { describe, expect, it } from "vitest";
import {
  businessNumberOf,
  dayLabel,
  isInlineImage,
  lastBusinessNumber,
  linkParts,
  sameDay,
  segmentsLabel,
  shortTime,
  statusLabel,
  type VirtualMessage,
} from "./thread-format";

const base: VirtualMessage = {
  sid: "SM1",
  direction: "received",
  from: "+12125550100",
  to: "+13105550123",
  body: "Hi",
  mediaUrls: [],
  segments: 1,
  status: "delivered",
  createdAt: "2025-03-10T15:00:00.000Z",
};

describe("thread wording", () => {
  it("shows the carrier's status of business texts and 'Delivered' for the phone's own", () => {
    expect(statusLabel(base)).toBe("Delivered");
    expect(statusLabel({ ...base, status: "undelivered" })).toBe("Undelivered");
    expect(statusLabel({ ...base, status: "queued" })).toBe("Queued");
    expect(statusLabel({ direction: "sent", status: "received" })).toBe("Delivered");
  });

  it("counts segments, and calls a text with media MMS", () => {
    expect(segmentsLabel(base)).toBe("1 segment");
    expect(segmentsLabel({ ...base, segments: 3 })).toBe("3 segments");
    expect(segmentsLabel({ ...base, mediaUrls: ["/m/a.png"] })).toBe("MMS");
  });

  it("labels days in the account's zone", () => {
    const tz = "America/Los_Angeles";
    const now = new Date("2025-03-11T01:00:00Z"); // Mar 10, 6 PM in Los Angeles
    expect(dayLabel("2025-03-10T16:00:00Z", tz, now)).toBe("Today");
    // 05:00 UTC on the 10th is still the 9th in Los Angeles.
    expect(dayLabel("2025-03-10T05:00:00Z", tz, now)).toBe("Yesterday");
    expect(dayLabel("2025-02-01T20:00:00Z", tz, now)).toBe("Sat, Feb 1");
    expect(dayLabel("2024-02-01T20:00:00Z", tz, now)).toBe("Thu, Feb 1, 2024");
    expect(sameDay("2025-03-10T05:00:00Z", "2025-03-10T09:00:00Z", tz)).toBe(false);
  });

  it("keeps list times short", () => {
    const tz = "America/New_York";
    const now = new Date("2025-03-10T22:00:00Z");
    expect(shortTime("2025-03-10T21:59:40Z", tz, now)).toBe("now");
    expect(shortTime("2025-03-10T21:55:00Z", tz, now)).toBe("5m");
    expect(shortTime("2025-03-10T19:00:00Z", tz, now)).toBe("3h");
    expect(shortTime("2025-03-08T12:00:00Z", tz, now)).toBe("Mar 8");
  });

  it("knows which account number each text was with, and replies to the last one", () => {
    expect(businessNumberOf(base)).toBe("+12125550100");
    const reply = { ...base, direction: "sent" as const, from: base.to, to: "+18335550100" };
    expect(businessNumberOf(reply)).toBe("+18335550100");
    expect(lastBusinessNumber([base, reply])).toBe("+18335550100");
    expect(lastBusinessNumber([])).toBeNull();
  });

  it("shows only this server's images inline", () => {
    const origin = "http://localhost:3000";
    expect(isInlineImage("/media/a.jpg", origin)).toBe(true);
    expect(isInlineImage("http://localhost:3000/media/a.PNG?x=1", origin)).toBe(true);
    expect(isInlineImage("https://cdn.example/a.jpg", origin)).toBe(false);
    expect(isInlineImage("/media/card.vcf", origin)).toBe(false);
  });
});

describe("linkParts", () => {
  it("makes the web addresses of a text openable, leaving the punctuation after them", () => {
    expect(linkParts("Menu: https://p.example/l/ab12/7-xy. Reply STOP")).toEqual([
      { text: "Menu: " },
      { text: "https://p.example/l/ab12/7-xy", href: "https://p.example/l/ab12/7-xy" },
      { text: ". Reply STOP" },
    ]);
    expect(linkParts("No link here")).toEqual([{ text: "No link here" }]);
  });
});
