import { describe, expect, it } from "vitest";
import { supportSubject } from "./support";

describe("a contact-form message's subject for support", () => {
  it("marks an account with priority support, and only it", () => {
    expect(supportSubject("Cannot send", true)).toBe("[Priority support] Cannot send");
    expect(supportSubject("Cannot send", false)).toBe("[Support] Cannot send");
  });
});
