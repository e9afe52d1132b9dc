import { describe, expect, it } from "vitest";
import { checkCondition, createGroupRequest, type RuleCondition } from "./groups.schemas";

describe("groups", () => {
  it("needs rules for adaptive groups only", () => {
    expect(
      createGroupRequest.safeParse({ name: "VIP", type: "adaptive" }).error?.issues[0]?.message,
    ).toBe("An adaptive group needs at least one rule");
    const rules = {
      match: "all",
      conditions: [{ field: "attribute:3", operator: "equals", value: true }],
    };
    expect(createGroupRequest.safeParse({ name: "VIP", rules }).error?.issues[0]?.message).toBe(
      "Only adaptive groups have rules",
    );
    expect(createGroupRequest.parse({ name: " VIP ", type: "adaptive", rules })).toMatchObject({
      name: "VIP",
      hidden: false,
      welcomeMessage: "",
    });
    expect(createGroupRequest.safeParse({ name: "" }).error?.issues[0]?.message).toBe(
      "Group name is required",
    );
  });

  it("checks each condition against the kind of its field", () => {
    const c = (over: Partial<RuleCondition>): RuleCondition => ({
      field: "createdAt",
      operator: "after",
      value: "1/2/2025",
      ...over,
    });
    const date = c({});
    expect(checkCondition("date", date)).toBeNull();
    expect(date.value).toBe("2025-01-02");
    expect(checkCondition("date", c({ value: "soon" }))).toBe("Invalid date supplied.");
    expect(checkCondition("bool", c({ operator: "contains" }))).toBe(
      "The operator 'contains' does not apply to createdAt",
    );
    expect(
      checkCondition("signup", c({ operator: "in", value: ["KEYWORD", "QR_CODE"] })),
    ).toBeNull();
    expect(checkCondition("signup", c({ operator: "equals", value: "FAX" }))).toBe(
      "Unknown sign-up method 'FAX'",
    );
    expect(checkCondition("areaCode", c({ operator: "in", value: ["212", "31"] }))).toBe(
      "Area codes have 3 digits",
    );
    expect(checkCondition("multi", c({ operator: "is_empty", value: null }))).toBeNull();
    expect(checkCondition("text", c({ operator: "contains", value: " " }))).toBe("Enter a value");
  });
});
