import { describe, expect, it } from "vitest";
import { buildVcard, vcardEscape, vcardFold } from "./contact-card.schemas";

describe("vCard", () => {
  it("escapes text values", () => {
    expect(vcardEscape("a;b,c\\d\ne")).toBe("a\\;b\\,c\\\\d\\ne");
  });

  it("folds long lines at 75 characters", () => {
    const folded = vcardFold(`PHOTO:${"x".repeat(200)}`);
    const lines = folded.split("\r\n");
    expect(lines.every((l) => l.length <= 75)).toBe(true);
    expect(lines.slice(1).every((l) => l.startsWith(" "))).toBe(true);
    expect(folded.replace(/\r\n /g, "")).toBe(`PHOTO:${"x".repeat(200)}`);
  });

  it("builds a 3.0 card with only the parts it has", () => {
    const card = buildVcard({
      organizationName: "Bean",
      description: "",
      website: "",
      photoBase64: null,
      phone: "+12125550100",
    });
    expect(card).toBe(
      "BEGIN:VCARD\r\nVERSION:3.0\r\nN:Bean;;;;\r\nFN:Bean\r\nORG:Bean\r\nTEL;TYPE=CELL,VOICE:+12125550100\r\nEND:VCARD\r\n",
    );
  });
});
