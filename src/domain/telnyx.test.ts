import { describe, expect, it } from "vitest";
import { fromTwilio } from "./delivery-status";
import {
  classifyTelnyxRefusal,
  isFreshTelnyxTimestamp,
  lineTypeOfTelnyx,
  telnyxStatusToTwilio,
  twilioCodeOf,
} from "./telnyx";

/** What a business would see for a Telnyx status: through the one status machine. */
function shown(status: string, errors: { code: string }[] = []) {
  const t = telnyxStatusToTwilio(status, errors);
  return t ? fromTwilio(t.messageStatus, t.errorCode) : null;
}

describe("Telnyx statuses", () => {
  it("follow a message from queued to delivered", () => {
    expect(shown("queued")).toBe("Queued");
    expect(shown("sending")).toBe("Sending");
    expect(shown("sent")).toBe("Sent");
    expect(shown("delivered")).toBe("Delivered");
  });

  it("name the reason of a failure as the Twilio path does", () => {
    expect(shown("delivery_failed", [{ code: "40300" }])).toBe("Stopped Number");
    expect(shown("delivery_failed", [{ code: "40001" }])).toBe("Failed Landline Delivery");
    expect(shown("delivery_failed", [{ code: "40012" }])).toBe("Invalid Number");
    expect(shown("delivery_failed", [{ code: "40002" }])).toBe("Delivery Rejected");
    expect(shown("delivery_failed", [{ code: "40006" }])).toBe("Undelivered");
    expect(shown("sending_failed", [{ code: "40014" }])).toBe("Queue Failed");
    expect(shown("delivery_unconfirmed")).toBe("Delivery Unconfirmed");
    // A code with no equivalent still fails, without a borrowed meaning.
    expect(shown("delivery_failed", [{ code: "40008" }])).toBe("Delivery Failed");
    expect(shown("sending_failed")).toBe("Sending Failed");
  });

  it("ignore statuses that are not about an outbound message", () => {
    expect(telnyxStatusToTwilio("webhook_delivered")).toBeNull();
    expect(telnyxStatusToTwilio("")).toBeNull();
  });

  it("translate error codes, numeric or string", () => {
    expect(twilioCodeOf("40300")).toBe(21610);
    expect(twilioCodeOf(10002)).toBe(21211);
    expect(twilioCodeOf("40008")).toBeNull();
    expect(twilioCodeOf("abc")).toBeNull();
    expect(twilioCodeOf(null)).toBeNull();
  });
});

describe("Telnyx refusals", () => {
  it("retry 429 and 5xx, after Retry-After when given", () => {
    const limited = classifyTelnyxRefusal(
      429,
      { errors: [{ code: "10011", title: "Too many requests" }] },
      "7",
    );
    expect(limited).toMatchObject({ retryable: true, retryAfterMs: 7000, code: null });
    expect(classifyTelnyxRefusal(503, null)).toMatchObject({
      retryable: true,
      retryAfterMs: undefined,
      message: "The carrier answered 503 to this request.",
    });
    expect(
      classifyTelnyxRefusal(400, { errors: [{ code: "10007", title: "Unexpected error" }] })
        .retryable,
    ).toBe(true);
  });

  it("give up on other 4xx with the Twilio code and Telnyx's own words", () => {
    const stopped = classifyTelnyxRefusal(409, {
      errors: [
        {
          code: "40300",
          title: "Blocked due to STOP message",
          detail:
            "Messages cannot be sent from +12125550150 to +13105550101 due to an existing block rule.",
        },
      ],
    });
    expect(stopped).toMatchObject({ retryable: false, code: 21610 });
    expect(stopped.message).toContain("existing block rule");
    expect(
      classifyTelnyxRefusal(422, {
        errors: [{ code: "10016", title: "Phone number must be in +E.164 format" }],
      }),
    ).toMatchObject({
      retryable: false,
      code: 21211,
      message: "Phone number must be in +E.164 format",
    });
    expect(classifyTelnyxRefusal(401, { errors: [{ code: "10009" }] }).retryable).toBe(false);
    // The same Idempotency-Key still being worked on: ask again shortly.
    expect(classifyTelnyxRefusal(409, { errors: [{ code: "10015" }] }).retryable).toBe(true);
    // The same key with another body is a mistake, not a passing fault.
    expect(classifyTelnyxRefusal(422, { errors: [{ code: "10015" }] }).retryable).toBe(false);
    // A refusal never carries a Retry-After it will not use.
    expect(classifyTelnyxRefusal(400, {}, "5").retryAfterMs).toBeUndefined();
  });
});

describe("Telnyx webhook timestamps", () => {
  const now = Date.UTC(2026, 10, 24, 12, 0, 0);
  const ts = (offsetSeconds: number) => String(Math.floor(now / 1000) + offsetSeconds);
  it("accept five minutes either way and nothing further or malformed", () => {
    expect(isFreshTelnyxTimestamp(ts(0), now)).toBe(true);
    expect(isFreshTelnyxTimestamp(ts(-300), now)).toBe(true);
    expect(isFreshTelnyxTimestamp(ts(-301), now)).toBe(false);
    expect(isFreshTelnyxTimestamp(ts(301), now)).toBe(false);
    expect(isFreshTelnyxTimestamp(undefined, now)).toBe(false);
    expect(isFreshTelnyxTimestamp("12.5", now)).toBe(false);
    expect(isFreshTelnyxTimestamp(new Date(now).toISOString(), now)).toBe(false);
  });
});

describe("Telnyx line types", () => {
  it("map Number Lookup's carrier types", () => {
    expect(lineTypeOfTelnyx("mobile")).toBe("mobile");
    expect(lineTypeOfTelnyx("fixed line")).toBe("landline");
    expect(lineTypeOfTelnyx("voip")).toBe("voip");
    expect(lineTypeOfTelnyx("toll free")).toBe("unknown");
    expect(lineTypeOfTelnyx(null)).toBeNull();
  });
});
