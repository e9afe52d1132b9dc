import { describe, expect, it } from "vitest";
import { DATE_MESSAGES } from "./date-input";
import {
  filterCount,
  listSubscribersQuery,
  phoneNotAccepted,
  subscriberFilter,
  subscriberRequests,
  subscriberSelection,
} from "./subscribers.schemas";

const { create, update } = subscriberRequests("https://texts.example");

describe("subscriber requests", () => {
  it("normalises US and Canada numbers to E.164 with their country", () => {
    expect(create.parse({ number: "(212) 555-0187" }).number).toEqual({
      phone: "+12125550187",
      countryId: 209,
    });
    expect(create.parse({ number: "+1 604 555 0187" }).number).toEqual({
      phone: "+16045550187",
      countryId: 38,
    });
    expect(create.parse({ number: "2125550187" }).signupMethod).toBe("MANUAL_ENTRY");
  });
  it("refuses other numbers with the spec's message", () => {
    for (const number of ["+44 20 7946 0958", "123", "(800) 555-0187"]) {
      expect(create.safeParse({ number }).error?.issues[0]?.message).toBe(
        phoneNotAccepted("https://texts.example"),
      );
    }
    expect(phoneNotAccepted("https://texts.example")).toBe(
      "Number not accepted. Please enter a valid US or Canada mobile number. If you believe this is an error, please contact support at https://texts.example/contact",
    );
    expect(create.safeParse({}).error?.issues[0]?.message).toBe("Phone number is required");
  });
  it("checks e-mail addresses, allowing none", () => {
    expect(
      create.safeParse({ number: "2125550187", email: "nope" }).error?.issues[0]?.message,
    ).toBe("Invalid Email Address");
    expect(create.parse({ number: "2125550187", email: "" }).email).toBe("");
    expect(update.parse({ email: " a@b.co " }).email).toBe("a@b.co");
  });
});

describe("subscriber filter", () => {
  it("reads the form from query-string values", () => {
    const f = subscriberFilter.parse({
      startDate: "1/2/2025",
      endDate: "01/31/25",
      group: "-1",
      isLandline: "false",
      areaCode: "212",
      attribute: '{"id":7,"name":"VIP","type":"boolean"}',
      attributeBoolean: "true",
      attributeMultiSelect: "EMPTY,Latte",
    });
    expect(f).toMatchObject({
      startDate: "2025-01-02",
      endDate: "2025-01-31",
      group: -1,
      isLandline: false,
      areaCode: "212",
      attribute: 7,
      attributeBoolean: true,
      attributeMultiSelect: ["EMPTY", "Latte"],
    });
  });
  it("gives the spec's date messages", () => {
    const after = subscriberFilter.safeParse({ startDate: "2/1/2025", endDate: "1/1/2025" });
    expect(after.error?.issues[0]?.message).toBe(DATE_MESSAGES.startAfterEnd);
    expect(subscriberFilter.safeParse({ startDate: "2/31/2025" }).error?.issues[0]?.message).toBe(
      DATE_MESSAGES.invalid,
    );
  });
  it("needs an attribute for attribute values, and 3-digit area codes", () => {
    expect(subscriberFilter.safeParse({ attributeString: "x" }).error?.issues[0]?.message).toBe(
      "Choose an attribute",
    );
    expect(subscriberFilter.safeParse({ areaCode: "21" }).error?.issues[0]?.message).toBe(
      "Area codes have 3 digits",
    );
    expect(subscriberFilter.parse({ attribute: 3, attributeDate: "1990" }).attributeDate).toEqual({
      year: 1990,
    });
  });
  it("counts filters without query and dates", () => {
    expect(
      filterCount({ query: "ann", startDate: "x", endDate: "y", group: 3, isLandline: false }),
    ).toBe(1);
    expect(filterCount({ areaCode: "212", attribute: 4, attributeMultiSelect: ["EMPTY"] })).toBe(3);
    expect(filterCount({})).toBe(0);
  });
  it("pages by 10, 25, 50 or 100, newest first by default", () => {
    expect(listSubscribersQuery.parse({})).toMatchObject({
      page: 0,
      pageSize: 25,
      sortBy: "date",
      sortDirection: "DESC",
    });
    expect(listSubscribersQuery.parse({ sortDirection: "asc" }).sortDirection).toBe("ASC");
    expect(listSubscribersQuery.safeParse({ pageSize: "30" }).error?.issues[0]?.message).toBe(
      "Page size is 10, 25, 50 or 100",
    );
  });
  it("selects ids or all-but-excluded", () => {
    expect(subscriberSelection.parse({ mode: "all" })).toEqual({
      mode: "all",
      filter: {},
      excludedIds: [],
    });
    expect(subscriberSelection.safeParse({ mode: "ids", ids: [] }).error?.issues[0]?.message).toBe(
      "Select at least one subscriber",
    );
  });
});

describe("acceptSubscriberPhone", () => {
  it("gives the same answer on its fast path as libphonenumber does", async () => {
    const { acceptSubscriberPhone } = await import("./subscribers.schemas");
    const { toE164, isTollFree } = await import("./phone");
    const inputs = [
      "(212) 555-0187",
      "212.555.0187",
      "1-212-555-0187",
      "+1 212 555 0187",
      "+2125550187",
      "(604) 555-0187",
      "+1 (800) 555-0187",
      "(123) 456-7890",
      "1234567890",
      "12125550187",
      "212 555 018",
      "+44 20 7946 0958",
      "(911) 555-0187",
      "(212) 055-0187",
    ];
    for (const input of inputs) {
      const slow = toE164(input);
      const expected = slow && !isTollFree(slow) ? slow : null;
      expect(acceptSubscriberPhone(input)?.phone ?? null, input).toBe(expected);
      // Asked twice: the second answer comes from the cache.
      expect(acceptSubscriberPhone(input)?.phone ?? null, input).toBe(expected);
    }
  });
});
