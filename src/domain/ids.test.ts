import { describe, expect, it } from "vitest";
import { bigId, bigIdParams, intId, intIdParams, MAX_INT_ID, signedIntId } from "./ids";

describe("ids within the database's ranges", () => {
  it("accepts integer-column ids up to 2^31 − 1 and refuses the rest with one message", () => {
    expect(intId().parse(MAX_INT_ID)).toBe(MAX_INT_ID);
    for (const bad of [0, -1, 1.5, MAX_INT_ID + 1, Number.NaN, "1", null]) {
      const r = intId().safeParse(bad);
      expect(r.success, String(bad)).toBe(false);
      expect(r.error?.issues[0]?.message).toBe("Must be a valid id");
    }
    expect(intId("Select a group").safeParse(0).error?.issues[0]?.message).toBe("Select a group");
  });

  it("accepts bigint-column ids up to the largest safe integer", () => {
    expect(bigId().parse(MAX_INT_ID + 1)).toBe(MAX_INT_ID + 1);
    expect(bigId().safeParse(Number.MAX_SAFE_INTEGER + 1).success).toBe(false);
  });

  it("reads path ids from text", () => {
    expect(intIdParams.parse({ id: "42" })).toEqual({ id: 42 });
    for (const id of ["2147483648", "abc", "-1", "0", "1.5", ""])
      expect(intIdParams.safeParse({ id }).success, id).toBe(false);
    expect(bigIdParams.parse({ id: "2147483648" })).toEqual({ id: 2147483648 });
    expect(bigIdParams.safeParse({ id: "9007199254740993" }).success).toBe(false);
  });

  it("bounds signed pseudo-ids both ways", () => {
    expect(signedIntId().parse(-1)).toBe(-1);
    expect(signedIntId().safeParse(-MAX_INT_ID - 1).success).toBe(false);
  });
});
