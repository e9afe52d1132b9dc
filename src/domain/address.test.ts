import { describe, expect, it } from "vitest";
import { formatAddress, parseAddress } from "./address";

describe("parseAddress", () => {
  it("splits 'street, city, state, zip'", () => {
    expect(parseAddress("12 Main St, Austin, TX, 78701")).toEqual({
      address: "12 Main St",
      city: "Austin",
      state: "TX",
      zip: "78701",
    });
  });
  it("reads 'state zip' written together and keeps commas of the street", () => {
    expect(parseAddress("Suite 4, 12 Main St, Austin, TX 78701-1234")).toEqual({
      address: "Suite 4, 12 Main St",
      city: "Austin",
      state: "TX",
      zip: "78701-1234",
    });
  });
  it("leaves missing parts empty", () => {
    expect(parseAddress("12 Main St")).toEqual({
      address: "12 Main St",
      city: "",
      state: "",
      zip: "",
    });
    expect(parseAddress("  ")).toEqual({ address: "", city: "", state: "", zip: "" });
  });
  it("formats back", () => {
    expect(formatAddress(parseAddress("12 Main St, Austin, TX, 78701"))).toBe(
      "12 Main St, Austin, TX 78701",
    );
  });
});
