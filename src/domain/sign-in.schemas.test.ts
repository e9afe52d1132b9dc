import { describe, expect, it } from "vitest";
import {
  deeplinkUri,
  PHONE_PATTERN,
  phoneCode,
  SIGN_IN_TEXT,
  sendPhoneCodeRequest,
  verificationPhone,
} from "./sign-in.schemas";

const message = (r: { success: boolean; error?: { issues: { message: string }[] } }) =>
  r.success ? null : r.error!.issues[0]!.message;

describe("phone verification form (spec doc 3 §5)", () => {
  it("follows the phone pattern: optional plus, 1-3 digit code, 9-16 digits and . - / spaces", () => {
    for (const ok of [
      "+1 312 555 0142",
      "13125550142",
      "312-555-0142",
      "312.555.0142",
      "1/312/555/0142",
    ])
      expect(PHONE_PATTERN.test(ok), ok).toBe(true);
    for (const bad of ["(312) 555-0142", "555-0142", "+1 312 555 0142 ext 9", "abc"])
      expect(PHONE_PATTERN.test(bad), bad).toBe(false);
  });

  it("keeps US and Canada numbers as E.164 and says the spec's words otherwise", () => {
    expect(verificationPhone.parse("312-555-0142")).toBe("+13125550142");
    expect(verificationPhone.parse("+1 416 555 0142")).toBe("+14165550142");
    expect(message(verificationPhone.safeParse(""))).toBe(SIGN_IN_TEXT.phoneRequired);
    expect(message(verificationPhone.safeParse("+44 20 7946 0958"))).toBe("Invalid phone number");
    expect(sendPhoneCodeRequest.parse({ phone: "3125550142" })).toEqual({
      phone: "+13125550142",
      resend: false,
    });
  });

  it("asks for a code of exactly 4 digits", () => {
    expect(message(phoneCode.safeParse(""))).toBe("Verification code is required");
    expect(message(phoneCode.safeParse("123"))).toBe("Code must be exactly 4 digits");
    expect(message(phoneCode.safeParse("12345"))).toBe("Code must be exactly 4 digits");
    expect(phoneCode.parse(" 1234 ")).toBe("1234");
  });
});

describe("deeplink targets", () => {
  it("are http(s) links, site paths, or blank for the sign-up page", () => {
    for (const ok of ["", "https://example.com/x?y=1", "http://a.test", "/subscribe/demo"])
      expect(deeplinkUri.safeParse(ok).success, ok).toBe(true);
    for (const bad of ["javascript:alert(1)", "//evil.test", "ftp://x", "example.com"])
      expect(deeplinkUri.safeParse(bad).success, bad).toBe(false);
  });
});
