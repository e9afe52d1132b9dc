import { describe, expect, it } from "vitest";
import { countSegments as domainCount } from "../../../domain/segments";
import { countSegments } from "./segments";

describe("emulator segment count", () => {
  it("is the domain's count (the composer, the credit charge and the carrier agree)", () => {
    expect(countSegments).toBe(domainCount);
    expect(countSegments("a".repeat(161))).toMatchObject({ encoding: "GSM-7", segments: 2 });
    expect(countSegments("😀".repeat(36))).toMatchObject({ encoding: "UCS-2", segments: 2 });
  });
});
