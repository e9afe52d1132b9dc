import { describe, expect, it } from "vitest";
import {
  canTransition,
  DELIVERY_STATUSES,
  fromTwilio,
  healthFromError,
  statusGroup,
} from "./delivery-status";

describe("delivery statuses", () => {
  it("groups as the spec says", () => {
    const groups = DELIVERY_STATUSES.map(statusGroup);
    expect(groups.slice(0, 2)).toEqual(["sending", "sending"]);
    expect(groups[6]).toBe("unconfirmed");
    for (const i of [4, 5, 7, 8, 9, 10, 11, 12, 13]) expect(groups[i]).toBe("failed");
    expect(groups[15]).toBe("blocked");
  });

  it("only moves forward", () => {
    expect(canTransition("Queued", "Sent")).toBe(true);
    expect(canTransition("Sent", "Delivered")).toBe(true);
    expect(canTransition("Delivered", "Sent")).toBe(false);
    expect(canTransition("Sent", "Sending")).toBe(false);
    expect(canTransition("Delivered", "Delivered")).toBe(false);
    expect(canTransition("Delivered", "Read")).toBe(true);
    expect(canTransition("Invalid Number", "Delivered")).toBe(false);
    expect(canTransition("Sending", "Undelivered")).toBe(true);
  });

  it("maps Twilio statuses and error codes", () => {
    expect(fromTwilio("queued")).toBe("Queued");
    expect(fromTwilio("delivered")).toBe("Delivered");
    expect(fromTwilio("undelivered", 30006)).toBe("Failed Landline Delivery");
    expect(fromTwilio("failed", 21610)).toBe("Stopped Number");
    expect(fromTwilio("failed", 21211)).toBe("Invalid Number");
    expect(fromTwilio("undelivered", 30007)).toBe("Delivery Rejected");
    expect(fromTwilio("undelivered", 30008)).toBe("Delivery Unconfirmed");
    expect(fromTwilio("failed", 12345)).toBe("Sending Failed");
    expect(fromTwilio("receiving")).toBeNull();
    expect(healthFromError(30003)).toBe("unreachable");
    expect(healthFromError(undefined)).toBeNull();
  });
});
