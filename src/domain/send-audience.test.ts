import { describe, expect, it } from "vitest";
import { needsSendConfirmation, noRecipientsMessage } from "./send-audience";

const none = { optedOut: 0, blocked: 0, landline: 0, noConsent: 0 };

describe("noRecipientsMessage", () => {
  it("keeps the spec's sentence and names every reason that applies", () => {
    expect(
      noRecipientsMessage({
        selected: 4,
        excluded: { optedOut: 1, blocked: 1, landline: 1, noConsent: 1 },
      }),
    ).toBe(
      "There is nobody to send this message to. Everyone selected has opted out, is blocked, is a landline or has not given consent to marketing messages.",
    );
  });

  it("names a single reason alone", () => {
    expect(noRecipientsMessage({ selected: 2, excluded: { ...none, noConsent: 2 } })).toBe(
      "There is nobody to send this message to. Everyone selected has not given consent to marketing messages.",
    );
    expect(
      noRecipientsMessage({ selected: 2, excluded: { ...none, optedOut: 1, blocked: 1 } }),
    ).toBe(
      "There is nobody to send this message to. Everyone selected has opted out or is blocked.",
    );
  });

  it("says when the selection is empty", () => {
    expect(noRecipientsMessage({ selected: 0, excluded: none }, "all")).toBe(
      "There is nobody to send this message to. You have no subscribers yet.",
    );
    expect(noRecipientsMessage({ selected: 0, excluded: none })).toBe(
      "There is nobody to send this message to. The subscribers or groups selected are empty.",
    );
  });
});

describe("needsSendConfirmation", () => {
  it("asks for All Subscribers and above 500 people", () => {
    expect(needsSendConfirmation("all", 3)).toBe(true);
    expect(needsSendConfirmation("false", 501)).toBe(true);
    expect(needsSendConfirmation("false", 500)).toBe(false);
    expect(needsSendConfirmation("true", 2)).toBe(false);
  });
});
