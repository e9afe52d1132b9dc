import { describe, expect, it } from "vitest";
import {
  businessNumberOf,
  dayLabel,
  isInlineImage,
  lastBusinessNumber,
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

  it("labels days", () => {
    const now = new Date(2025, 2, 10, 18, 0);
    expect(dayLabel(new Date(2025, 2, 10, 9, 0).toISOString(), now)).toBe("Today");
    expect(dayLabel(new Date(2025, 2, 9, 23, 0).toISOString(), now)).toBe("Yesterday");
    expect(dayLabel(new Date(2025, 1, 1).toISOString(), now)).not.toMatch(/Today|Yesterday/);
  });

  it("keeps list times short", () => {
    const now = new Date(2025, 2, 10, 18, 0);
    expect(shortTime(new Date(2025, 2, 10, 17, 59, 40).toISOString(), now)).toBe("now");
    expect(shortTime(new Date(2025, 2, 10, 17, 55).toISOString(), now)).toBe("5m");
    expect(shortTime(new Date(2025, 2, 10, 15, 0).toISOString(), now)).toBe("3h");
    expect(shortTime(new Date(2025, 2, 8).toISOString(), now)).not.toMatch(/^\d+[mh]$/);
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
