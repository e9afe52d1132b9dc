import { describe, expect, it } from "vitest";
import {
  FIELD_STATUS,
  phoneFieldShown,
  readSignupUrl,
  signupPageConfig,
  validateSignup,
} from "./signup-page";

describe("the sign-up page's phone field (doc 3 §3: status 3 hides a field)", () => {
  it("may be saved hidden", () => {
    expect(signupPageConfig.parse({ phoneStatus: 3 }).phoneStatus).toBe(FIELD_STATUS.hidden);
  });

  it("is hidden only when the page's link carries the number", () => {
    const withPhone = readSignupUrl(new URLSearchParams("phoneNumber=%2B15125550147")).phone;
    expect(withPhone).toBe("+15125550147");
    expect(phoneFieldShown(FIELD_STATUS.hidden, withPhone)).toBe(false);
    expect(phoneFieldShown(FIELD_STATUS.hidden, null)).toBe(true);
    expect(phoneFieldShown(FIELD_STATUS.required, withPhone)).toBe(true);
    expect(phoneFieldShown(FIELD_STATUS.show, null)).toBe(true);
  });

  it("still needs a valid number when hidden: it is an SMS list", () => {
    const page = {
      config: signupPageConfig.parse({ phoneStatus: 3 }),
      customFields: [],
    };
    const values = {
      firstName: "",
      lastName: "",
      number: "",
      email: "a@b.example",
      groupIds: [],
      subscriberFields: {},
    };
    expect(validateSignup(values, page, "en")).toEqual({ number: "Invalid Phone Number" });
    expect(validateSignup({ ...values, number: "+1 512 555 0147" }, page, "en")).toEqual({});
  });
});
