import { describe, expect, it } from "vitest";
import { findInputProblem, isSafeText, MAX_INPUT_DEPTH } from "./text-safety";

describe("text PostgreSQL can store", () => {
  it("accepts ordinary text, emoji and other control characters", () => {
    expect(isSafeText("Hello 👋 world\t\n")).toBe(true);
    expect(isSafeText("")).toBe(true);
  });

  it("refuses NUL and lone surrogates, either half", () => {
    expect(isSafeText("a\u0000b")).toBe(false);
    expect(isSafeText("\ud800")).toBe(false);
    expect(isSafeText("x\udc00")).toBe(false);
    expect(isSafeText("👋\ud83d")).toBe(false);
  });
});

describe("findInputProblem", () => {
  it("names the first field that cannot be stored", () => {
    expect(findInputProblem({ a: "ok", b: { c: ["fine", "bad\u0000"] } })).toEqual({
      kind: "unsafe",
      field: "b.c.1",
    });
    expect(findInputProblem("\ud800", "query")).toEqual({ kind: "unsafe", field: "query" });
  });

  it("checks keys too", () => {
    expect(findInputProblem({ fields: { "k\u0000": 1 } })).toEqual({
      kind: "unsafe",
      field: "fields",
    });
  });

  it("passes clean values of any kind", () => {
    expect(findInputProblem({ n: 1, b: true, z: null, list: [1, "two", { three: 3 }] })).toBeNull();
    expect(findInputProblem(undefined)).toBeNull();
  });

  it("refuses nesting deeper than the limit without overflowing the stack", () => {
    let deep: unknown = "leaf";
    for (let i = 0; i < 100_000; i++) deep = [deep];
    expect(findInputProblem(deep)?.kind).toBe("tooDeep");
    let ok: unknown = "leaf";
    for (let i = 0; i < MAX_INPUT_DEPTH - 1; i++) ok = { x: ok };
    expect(findInputProblem(ok)).toBeNull();
  });
});
