import { describe, expect, it } from "vitest";
import { brandRequest, listNumbersQuery, tollFreeVerificationRequest } from "./numbers.schemas";

const brand = {
  legalName: "Bean There LLC",
  ein: "12-3456789",
  website: "https://beanthere.example",
  vertical: "Restaurant & Food Service",
  street: "12 Main St",
  city: "Austin",
  state: "TX",
  zip: "78701",
  contactEmail: "owner@beanthere.example",
};

function firstMessage(input: unknown) {
  const parsed = brandRequest.safeParse(input);
  return parsed.success ? null : parsed.error.issues[0]?.message;
}

describe("brand registration form", () => {
  it("takes an EIN of 2 digits, an optional dash and 7 digits (spec doc 1 §5)", () => {
    expect(firstMessage(brand)).toBeNull();
    expect(firstMessage({ ...brand, ein: "123456789" })).toBeNull();
    for (const ein of ["12-345678", "123-456789", "12 3456789", "ab-cdefghi", ""]) {
      expect(firstMessage({ ...brand, ein }), ein).toBe("Enter a valid EIN (12-3456789)");
    }
  });

  it("takes a zip of 5 digits with an optional 4-digit extension", () => {
    expect(firstMessage({ ...brand, zip: "78701-1234" })).toBeNull();
    for (const zip of ["7870", "787011", "78701-12", "78701 1234"]) {
      expect(firstMessage({ ...brand, zip }), zip).toBe(
        "Enter a valid ZIP code (12345 or 12345-6789)",
      );
    }
  });

  it("knows the states and upper-cases them", () => {
    expect(brandRequest.parse({ ...brand, state: "ny" }).state).toBe("NY");
    expect(firstMessage({ ...brand, state: "ZZ" })).toBe("Choose a state");
  });

  it("needs a legal name, an address and an e-mail", () => {
    expect(firstMessage({ ...brand, legalName: "  " })).toBe("Legal business name is required");
    expect(firstMessage({ ...brand, street: "" })).toBe("Street address is required");
    expect(firstMessage({ ...brand, city: "" })).toBe("City is required");
    expect(firstMessage({ ...brand, contactEmail: "owner@" })).toBe("Invalid Email Address");
    expect(firstMessage({ ...brand, website: "beanthere.example" })).toBe(
      "Enter a valid URL starting with http:// or https://",
    );
  });
});

describe("numbers list query", () => {
  it("filters by type, both by default", () => {
    expect(listNumbersQuery.parse({}).type).toBe("all");
    expect(listNumbersQuery.parse({ type: "tollFree" }).type).toBe("tollFree");
    expect(listNumbersQuery.safeParse({ type: "shortCode" }).success).toBe(false);
  });
});

describe("toll-free verification form", () => {
  it("asks for a sample message of 20 characters or more", () => {
    const parsed = tollFreeVerificationRequest.safeParse({
      businessName: "Bean There Cafe",
      website: "https://beanthere.example",
      contactEmail: "owner@beanthere.example",
      contactPhone: "2125550199",
      useCase: "Order updates",
      sampleMessage: "Too short",
      optInDescription: "Customers text JOIN to our number or tick a box at checkout.",
      monthlyVolume: "1000",
    });
    expect(parsed.success).toBe(false);
    expect(parsed.error?.issues[0]?.message).toBe("A sample message has at least 20 characters");
  });
});
