import { describe, expect, it } from "vitest";
import { ACCOUNT_SETTINGS, isAccountSetting, isEnabledValue } from "./settings";

describe("settings", () => {
  it("accepts quiet hours as [start, end] pairs and rejects bad times", () => {
    expect(ACCOUNT_SETTINGS.quiet_hours.safeParse([["21:00", "08:00"]]).success).toBe(true);
    expect(ACCOUNT_SETTINGS.quiet_hours.safeParse([["25:00", "08:00"]]).success).toBe(false);
    expect(ACCOUNT_SETTINGS.quiet_hours.safeParse([["21:00"]]).success).toBe(false);
  });

  it("only knows the display-quantity short keys", () => {
    expect(ACCOUNT_SETTINGS.display_quantities.safeParse({ mc: 25, mg: 50 }).success).toBe(true);
    expect(ACCOUNT_SETTINGS.display_quantities.safeParse({ nope: 25 }).success).toBe(false);
  });

  it("tells known setting names and enabled values", () => {
    expect(isAccountSetting("onboarding_step")).toBe(true);
    expect(isAccountSetting("toString")).toBe(false);
    expect(isEnabledValue(0)).toBe(false);
    expect(isEnabledValue(3)).toBe(true);
    expect(isEnabledValue([])).toBe(false);
    expect(isEnabledValue([["21:00", "08:00"]])).toBe(true);
  });
});
