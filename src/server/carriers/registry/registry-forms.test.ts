import { describe, expect, it } from "vitest";
import {
  campaignUseCase,
  hasLink,
  hasPhoneNumber,
  optInType,
  splitName,
  tollFreeCategory,
  tollFreeVolume,
} from "./registry-forms";

describe("our forms in the registries' words", () => {
  it("name the campaign's use case as TCR does", () => {
    expect(campaignUseCase("Marketing", "standard")).toBe("MARKETING");
    expect(campaignUseCase("Mixed", "standard")).toBe("MIXED");
    expect(campaignUseCase("Order delivery updates", "standard")).toBe("DELIVERY_NOTIFICATION");
    expect(campaignUseCase("Account notifications", "standard")).toBe("ACCOUNT_NOTIFICATION");
    expect(campaignUseCase("Two-factor codes", "standard")).toBe("2FA");
    // The form's own list, by name.
    expect(campaignUseCase("Low Volume Mixed", "standard")).toBe("LOW_VOLUME");
    expect(campaignUseCase("Security Alert", "standard")).toBe("SECURITY_ALERT");
    // The brand's type decides for low-volume and sole-proprietor brands.
    expect(campaignUseCase("Marketing", "low_volume")).toBe("LOW_VOLUME");
    expect(campaignUseCase("Marketing", "sole_proprietor")).toBe("SOLE_PROPRIETOR");
  });

  it("name the toll-free category, opt-in type and volume as Twilio does", () => {
    expect(tollFreeCategory("Customer support")).toBe("CUSTOMER_CARE");
    expect(tollFreeCategory("Weekly offers")).toBe("MARKETING");
    expect(optInType("Customers text JOIN to 555")).toBe("VIA_TEXT");
    expect(optInType("A checkbox on our website's order form")).toBe("WEB_FORM");
    expect(optInType("A paper sign-up sheet at the counter")).toBe("PAPER_FORM");
    expect(optInType("Staff ask at the till")).toBe("VERBAL");
    expect(tollFreeVolume("1000")).toBe("1,000");
    expect(tollFreeVolume("250000")).toBe("250,000");
  });

  it("see links and phone numbers in sample messages, and split a contact's name", () => {
    expect(hasLink("See https://bean.co/x")).toBe(true);
    expect(hasLink("Reply STOP to opt out.")).toBe(false);
    expect(hasPhoneNumber("Call 512-555-0100 today")).toBe(true);
    expect(hasPhoneNumber("2-for-1 lattes")).toBe(false);
    expect(splitName(" Ana  Lopez Ruiz ")).toEqual({ first: "Ana", last: "Lopez Ruiz" });
    expect(splitName("")).toEqual({ first: "", last: "" });
  });
});
