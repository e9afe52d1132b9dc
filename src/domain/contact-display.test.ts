import { describe, expect, it } from "vitest";
import { displayPhone, maskEmail, phoneDigits } from "./contact-display";

describe("displayPhone", () => {
  it("shows short codes as they are", () => {
    expect(displayPhone("55555")).toBe("55555");
    expect(displayPhone("123456")).toBe("123456");
  });
  it("formats US and Canada numbers, adding the country prefix to 10 digits", () => {
    expect(displayPhone("+12125550111")).toBe("(212) 555-0111");
    expect(displayPhone("2125550111")).toBe("(212) 555-0111");
    expect(displayPhone("16045550133")).toBe("(604) 555-0133");
  });
  it("leaves other numbers in E.164", () => {
    expect(displayPhone("+442071838750")).toBe("+442071838750");
  });
});

describe("phoneDigits", () => {
  it("sends only digits, with 1 in front of a 10-digit number", () => {
    expect(phoneDigits("(212) 555-0111")).toBe("12125550111");
    expect(phoneDigits("+1 212 555 0111")).toBe("12125550111");
    expect(phoneDigits("55555")).toBe("55555");
  });
});

describe("maskEmail", () => {
  it("hides the middle of the local part with dots", () => {
    expect(maskEmail("olivia.smith@gmail.com")).toBe("o...h@gmail.com");
    expect(maskEmail("jo@x.io")).toBe("j...@x.io");
    expect(maskEmail("a@x.io")).toBe("a...@x.io");
  });
  it("leaves empty and malformed values alone", () => {
    expect(maskEmail("")).toBe("");
    expect(maskEmail("not-an-email")).toBe("not-an-email");
  });
});
