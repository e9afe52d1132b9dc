import { describe, expect, it } from "vitest";
import { badgeCount, bulkRequest, inboxFilters, previewOf } from "./inbox.schemas";

describe("inbox preview and badges", () => {
  it("keeps the first two lines, each up to 60 characters", () => {
    expect(previewOf("one\n\ntwo\nthree")).toBe("one\ntwo");
    const long = "x".repeat(80);
    expect(previewOf(long)).toBe(`${"x".repeat(59)}…`);
    expect(previewOf("  hi  ")).toBe("hi");
  });

  it("caps badges at 99+", () => {
    expect(badgeCount(5)).toBe("5");
    expect(badgeCount(99)).toBe("99");
    expect(badgeCount(100)).toBe("99+");
  });
});

describe("inbox filters and bulk requests", () => {
  it("reads filters from a query string", () => {
    expect(inboxFilters.parse({ status: "archived", sortByUnread: "true", number: "4" })).toEqual({
      status: "archived",
      number: 4,
      sortByUnread: true,
      isHideUnassignedNumbers: false,
      isOnlyChatbot: false,
      snoozed: false,
      query: undefined,
    });
    expect(inboxFilters.safeParse({ status: "spam" }).success).toBe(false);
  });

  it("needs a user to assign to, and at least one id", () => {
    const noUser = bulkRequest.safeParse({
      action: "assign",
      selection: { mode: "ids", numberIds: [1] },
    });
    expect(noUser.success).toBe(false);
    const noIds = bulkRequest.safeParse({
      action: "read",
      selection: { mode: "ids", numberIds: [] },
    });
    expect(noIds.error?.issues[0]?.message).toBe("Select at least one conversation");
    const all = bulkRequest.parse({
      action: "archive",
      selection: { mode: "all", filters: { status: "all" } },
    });
    expect(all.selection).toMatchObject({ mode: "all", excludedIds: [] });
  });
});
