import { describe, expect, it } from "vitest";
import { DATE_MESSAGES, parseDateInput, toApiDate } from "./date-input";

describe("parseDateInput", () => {
  it.each([
    ["3/7/2024", "2024-03-07"],
    ["03/07/2024", "2024-03-07"],
    ["3/07/2024", "2024-03-07"],
    ["03/7/2024", "2024-03-07"],
    ["3/7/24", "2024-03-07"],
    ["3/07/24", "2024-03-07"],
    ["03/7/24", "2024-03-07"],
    ["03/07/24", "2024-03-07"],
    ["2024-03-07", "2024-03-07"],
  ])("reads %s", (input, date) => {
    expect(parseDateInput(input)).toEqual({ ok: true, date });
  });

  it("refuses what is not a date", () => {
    for (const bad of ["", "2/30/2024", "13/1/2024", "tomorrow", "1-2-2024", "2024-3-7"]) {
      expect(parseDateInput(bad)).toEqual({ ok: false, message: DATE_MESSAGES.invalid });
    }
  });

  it("keeps to 01/01/2000 … 12/12/2099", () => {
    expect(parseDateInput("12/31/1999")).toEqual({ ok: false, message: DATE_MESSAGES.tooFarPast });
    expect(parseDateInput("12/13/2099")).toEqual({
      ok: false,
      message: DATE_MESSAGES.tooFarFuture,
    });
    expect(parseDateInput("01/01/2000").ok).toBe(true);
    expect(parseDateInput("12/12/2099").ok).toBe(true);
  });

  it("bounds by today when future or past dates are disabled", () => {
    const today = "2026-11-22";
    expect(parseDateInput("11/23/2026", { disableFuture: true, today })).toEqual({
      ok: false,
      message: DATE_MESSAGES.future,
    });
    expect(parseDateInput("11/21/2026", { disablePast: true, today })).toEqual({
      ok: false,
      message: DATE_MESSAGES.past,
    });
    expect(parseDateInput("11/22/2026", { disableFuture: true, disablePast: true, today }).ok).toBe(
      true,
    );
  });

  it("reads two-digit years of older dates (birthdays) as 19YY when they are still to come", () => {
    const rules = { earliest: "1900-01-01", today: "2026-11-22" };
    expect(parseDateInput("5/5/85", rules)).toEqual({ ok: true, date: "1985-05-05" });
    expect(parseDateInput("5/5/26", rules)).toEqual({ ok: true, date: "2026-05-05" });
    expect(parseDateInput("5/5/85")).toEqual({ ok: true, date: "2085-05-05" });
  });

  it("writes the API format", () => {
    expect(toApiDate("2024-03-07")).toBe("03/07/2024");
  });
});
