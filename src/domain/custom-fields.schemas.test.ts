import { describe, expect, it } from "vitest";
import {
  createCustomFieldRequest,
  listCustomFieldsQuery,
  normalizeAttribute,
} from "./custom-fields.schemas";

const field = (type: "string" | "boolean" | "date" | "multi_select" | "address") => ({
  name: "F",
  type,
  options: ["Latte", "Mocha"],
});

describe("custom field requests", () => {
  it("needs options for a multi-select, once each", () => {
    const none = createCustomFieldRequest.safeParse({ name: "Drink", type: "multi_select" });
    expect(none.error?.issues[0]?.message).toBe("Add at least one option");
    const twice = createCustomFieldRequest.safeParse({
      name: "Drink",
      type: "multi_select",
      options: ["Latte", "latte"],
    });
    expect(twice.error?.issues[0]?.message).toBe("Option 'latte' is listed twice");
    expect(
      createCustomFieldRequest.safeParse({ name: " ", type: "string" }).error?.issues[0]?.message,
    ).toBe("Field name is required");
  });
  it("reads the type filter, with the spec's 'multi-select' spelling too", () => {
    expect(listCustomFieldsQuery.parse({ types: "boolean,date,multi-select" }).types).toEqual([
      "boolean",
      "date",
      "multi_select",
    ]);
    expect(listCustomFieldsQuery.safeParse({ types: "nope" }).success).toBe(false);
  });
});

describe("normalizeAttribute", () => {
  it("trims text and drops empty values", () => {
    expect(normalizeAttribute(field("string"), "  hi ")).toEqual({ ok: true, value: "hi" });
    expect(normalizeAttribute(field("string"), "")).toEqual({ ok: true, value: undefined });
    expect(normalizeAttribute(field("string"), null)).toEqual({ ok: true, value: undefined });
  });
  it("reads booleans from words", () => {
    expect(normalizeAttribute(field("boolean"), "Yes")).toEqual({ ok: true, value: true });
    expect(normalizeAttribute(field("boolean"), false)).toEqual({ ok: true, value: false });
    expect(normalizeAttribute(field("boolean"), "maybe").ok).toBe(false);
  });
  it("stores dates as YYYY-MM-DD", () => {
    expect(normalizeAttribute(field("date"), "3/7/1990")).toEqual({
      ok: true,
      value: "1990-03-07",
    });
    expect(normalizeAttribute(field("date"), "3/7/1899")).toEqual({
      ok: false,
      message: "F: Inputted date is too far in the past.",
    });
    expect(normalizeAttribute(field("date"), "2/30/2001")).toEqual({
      ok: false,
      message: "F: Invalid date supplied.",
    });
  });
  it("keeps known options, in their own spelling", () => {
    expect(normalizeAttribute(field("multi_select"), "latte, Mocha,latte")).toEqual({
      ok: true,
      value: ["Latte", "Mocha"],
    });
    expect(normalizeAttribute(field("multi_select"), ["Tea"])).toEqual({
      ok: false,
      message: "'Tea' is not an option of F",
    });
  });
  it("parses addresses and checks the zip", () => {
    expect(normalizeAttribute(field("address"), "1 Elm St, Reno, NV, 89501")).toEqual({
      ok: true,
      value: { address: "1 Elm St", city: "Reno", state: "NV", zip: "89501" },
    });
    expect(normalizeAttribute(field("address"), { address: "1 Elm", zip: "12" }).ok).toBe(false);
  });
});
