import { describe, expect, it } from "vitest";
import { clockFrom, systemClock, TestClock } from "./clock";

describe("TestClock", () => {
  it("stands still until it is set or advanced", () => {
    const clock = new TestClock("2031-03-04T05:06:07.000Z");
    expect(clock.now().toISOString()).toBe("2031-03-04T05:06:07.000Z");
    expect(clock.now().toISOString()).toBe("2031-03-04T05:06:07.000Z");
    expect(clock.advance(90_000).toISOString()).toBe("2031-03-04T05:07:37.000Z");
    expect(clock.set(new Date("2032-01-01T00:00:00Z")).toISOString()).toBe(
      "2032-01-01T00:00:00.000Z",
    );
  });

  it("hands out copies: a caller that mutates its date does not move the clock", () => {
    const clock = new TestClock(0);
    clock.now().setTime(5_000);
    expect(clock.now().getTime()).toBe(0);
  });
});

describe("systemClock", () => {
  it("reads the real time", () => {
    const before = Date.now();
    const at = systemClock.now().getTime();
    expect(at).toBeGreaterThanOrEqual(before);
    expect(at).toBeLessThanOrEqual(Date.now());
  });
});

describe("clockFrom", () => {
  it("starts at the instant given and runs on at the real pace", async () => {
    const start = new Date("2026-12-01T07:30:00Z");
    const clock = clockFrom(start);
    expect(Math.abs(clock.now().getTime() - start.getTime())).toBeLessThan(50);
    await new Promise((r) => setTimeout(r, 30));
    const moved = clock.now().getTime() - start.getTime();
    expect(moved).toBeGreaterThanOrEqual(25);
    expect(moved).toBeLessThan(1000);
  });
});
