import { describe, expect, it } from "vitest";
import { classifyInbound, helpReply } from "./compliance";

describe("classifyInbound", () => {
  it("honours every opt-out word in any case, trimmed", () => {
    for (const w of [
      "STOP",
      "stop",
      " Stop ",
      "stopall",
      "Unsubscribe",
      "cancel",
      "END",
      "quit",
      "revoke",
      "optout",
      "Stop.",
    ]) {
      expect(classifyInbound(w), w).toBe("stop");
    }
  });

  it("knows opt-in and help words", () => {
    expect(classifyInbound("start")).toBe("start");
    expect(classifyInbound("UNSTOP")).toBe("start");
    expect(classifyInbound("Yes")).toBe("start");
    expect(classifyInbound("help")).toBe("help");
    expect(classifyInbound("INFO")).toBe("help");
  });

  it("ignores words inside a sentence", () => {
    expect(classifyInbound("please stop texting me")).toBeNull();
    expect(classifyInbound("stop it")).toBeNull();
    expect(classifyInbound("")).toBeNull();
    expect(classifyInbound("yesterday")).toBeNull();
  });

  it("writes a help reply with rates and how to opt out", () => {
    expect(helpReply("Acme")).toBe("Acme: Msg & data rates may apply. Reply STOP to opt out.");
  });
});
