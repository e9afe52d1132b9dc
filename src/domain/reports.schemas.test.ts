import { describe, expect, it } from "vitest";
import {
  carrierErrorText,
  groupOf,
  repeatOf,
  sentMessagesQuery,
  showUsedMessagesModal,
  statusesOf,
  subscriberGrowth,
  toMessageStats,
} from "./reports.schemas";

describe("status groups", () => {
  it("groups the spec's statuses: sending, unconfirmed, failed, blocked (and sent, delivered)", () => {
    expect(statusesOf("sending")).toEqual(["Queued", "Sending"]);
    expect(statusesOf("unconfirmed")).toEqual(["Delivery Unconfirmed"]);
    expect(statusesOf("blocked")).toEqual(["Blocked"]);
    expect(statusesOf("failed")).toEqual([
      "Sending Failed",
      "Delivery Failed",
      "Delivery Rejected",
      "Undelivered",
      "Invalid Number",
      "Stopped Number",
      "Failed Landline Delivery",
      "Send Rejected",
      "Queue Failed",
    ]);
    expect(groupOf("Read")).toBe("delivered");
    expect(groupOf("Something new")).toBe("failed");
  });

  it("says what a carrier error means", () => {
    expect(carrierErrorText(null)).toBeNull();
    expect(carrierErrorText(21610)).toBe("The recipient replied STOP and has opted out.");
    expect(carrierErrorText(12345)).toBe("The carrier refused the message (error 12345).");
  });
});

describe("repeatOf", () => {
  it("uses the composer's labels", () => {
    expect(repeatOf({ repeatFrequency: "never" })).toEqual({ label: "Don't Repeat", detail: null });
    expect(repeatOf({})).toEqual({ label: "Don't Repeat", detail: null });
    expect(repeatOf({ repeatFrequency: "daily" }).label).toBe("Every Day");
    expect(repeatOf({ repeatFrequency: "biweekly", repeatDays: { friday: true } })).toEqual({
      label: "Every 2 Weeks",
      detail: "Fri",
    });
    expect(repeatOf({ repeatFrequency: "monthly" }).label).toBe("Every Month");
    expect(repeatOf({ repeatFrequency: "annually" }).label).toBe("Once Per Year");
    expect(repeatOf({ repeatFrequency: "bogus" }).label).toBe("Don't Repeat");
  });

  it("spells out a custom repeat", () => {
    expect(
      repeatOf({
        repeatFrequency: "custom",
        customRepeatFrequency: 2,
        customRepeatFrequencyType: "weeks",
        customRepeatDays: { monday: true, wednesday: true },
        customEndMessageType: "date",
        customEndMessageDate: "2026-06-01",
      }),
    ).toEqual({ label: "Custom", detail: "Every 2 weeks on Mon, Wed, until 2026-06-01" });
    expect(
      repeatOf({
        repeatFrequency: "custom",
        customRepeatFrequency: 1,
        customRepeatFrequencyType: "years",
        customEndMessageType: "occurrences",
        customEndMessageOccurrences: 1,
      }).detail,
    ).toBe("Every year, 1 time");
  });
});

describe("message stats and the used-messages modal (doc 1 §4)", () => {
  it("computes sent, total, remaining and their shares", () => {
    expect(toMessageStats(450, 50)).toEqual({
      sent: 450,
      total: 500,
      remaining: 50,
      sentPercentage: 90,
      remainingPercentage: 10,
    });
    expect(toMessageStats(0, 0)).toEqual({
      sent: 0,
      total: 0,
      remaining: 0,
      sentPercentage: 0,
      remainingPercentage: 0,
    });
    expect(toMessageStats(1, 2).sentPercentage).toBe(33.3);
  });

  it("opens at 90% of at least 50 credits, without auto top-up or the disable setting", () => {
    const base = { autoTopup: false, popupDisabled: false, totalCredits: 50, usedCredits: 45 };
    expect(showUsedMessagesModal(base)).toBe(true);
    expect(showUsedMessagesModal({ ...base, usedCredits: 44 })).toBe(false);
    expect(showUsedMessagesModal({ ...base, totalCredits: 49, usedCredits: 49 })).toBe(false);
    expect(showUsedMessagesModal({ ...base, autoTopup: true })).toBe(false);
    expect(showUsedMessagesModal({ ...base, popupDisabled: true })).toBe(false);
  });
});

describe("sentMessagesQuery", () => {
  it("takes a date range in order and refuses nonsense", () => {
    expect(sentMessagesQuery.parse({ from: "2026-05-01", to: "2026-05-31" })).toMatchObject({
      page: 0,
      pageSize: 25,
      query: "",
    });
    expect(sentMessagesQuery.safeParse({ from: "2026-05-31", to: "2026-05-01" }).success).toBe(
      false,
    );
    expect(sentMessagesQuery.safeParse({ from: "05/01/2026" }).success).toBe(false);
    expect(sentMessagesQuery.safeParse({ to: "2026-02-31" }).success).toBe(false);
    expect(sentMessagesQuery.safeParse({ state: "lost" }).success).toBe(false);
  });
});

describe("subscriber growth", () => {
  it("points up for joins even when fewer joined than the 30 days before", () => {
    expect(subscriberGrowth(29, 40)).toEqual({
      pct: "-28",
      joined: "+29 in 30 days",
      icon: "up",
      change: "-28% vs the 30 days before",
      changeDirection: "down",
    });
    expect(subscriberGrowth(1200, 1000)).toMatchObject({
      joined: "+1,200 in 30 days",
      icon: "up",
      change: "+20% vs the 30 days before",
      changeDirection: "up",
    });
  });

  it("shows no arrow without joins and no comparison without a month before", () => {
    expect(subscriberGrowth(0, 5)).toMatchObject({ icon: null, changeDirection: "down" });
    expect(subscriberGrowth(3, 0)).toMatchObject({
      icon: "up",
      change: null,
      changeDirection: "flat",
    });
  });
});
