import { describe, expect, it } from "vitest";
import type { DedicatedNumber } from "../../../domain/numbers.schemas";
import {
  detailsPath,
  monthlyCost,
  numberState,
  type Registration,
  sendingLimits,
  tenDlcStatus,
  verificationStatus,
} from "./number-status";

const longCode: DedicatedNumber = {
  id: 7,
  longcodeId: 7,
  number: "+12125550100",
  name: "Main line",
  tollFree: false,
  verified: true,
  state: "active",
  tfVerification: "none",
  hint: "",
  monthlyPriceCents: 0,
  createdAt: "2025-01-01T00:00:00.000Z",
};
const tollFree: DedicatedNumber = {
  ...longCode,
  id: 8,
  number: "+18335550100",
  tollFree: true,
  verified: false,
  hint: "(unverified Toll-Free)",
  monthlyPriceCents: 500,
};
const none: Registration = {
  brand: null,
  brandStatus: "none",
  campaign: null,
  campaignStatus: "none",
};
const approved: Registration = { ...none, brandStatus: "approved", campaignStatus: "approved" };

describe("number state", () => {
  it("names pending, verified and unverified toll-free numbers", () => {
    expect(numberState({ ...longCode, state: "pending" }).label).toBe("Pending");
    expect(numberState(longCode).label).toBe("Verified");
    expect(numberState(tollFree).label).toBe("Unverified Toll-Free");
    expect(numberState({ ...tollFree, tfVerification: "rejected" }).color).toBe("red");
    expect(numberState({ ...tollFree, tfVerification: "verified" }).label).toBe("Verified");
  });

  it("gives toll-free numbers a verification step and long codes none", () => {
    expect(verificationStatus(longCode)).toBeNull();
    expect(verificationStatus({ ...tollFree, tfVerification: "pending" })?.label).toBe("In review");
  });
});

describe("10DLC status", () => {
  it("walks brand, then campaign, then approval", () => {
    expect(tenDlcStatus(none).label).toBe("Not registered");
    expect(tenDlcStatus({ ...none, brandStatus: "pending" }).label).toBe("Campaign needed");
    expect(tenDlcStatus({ ...none, brandStatus: "pending", campaignStatus: "pending" }).label).toBe(
      "In review",
    );
    expect(tenDlcStatus({ ...none, brandStatus: "rejected" }).label).toBe("Brand rejected");
    expect(tenDlcStatus(approved).label).toBe("Registered");
  });
});

describe("sending limits", () => {
  it("limits an unverified toll-free number and disables its links", () => {
    const limits = sendingLimits(tollFree, approved);
    expect(limits.join(" ")).toContain("Register your number to insert a short-link");
    expect(sendingLimits({ ...tollFree, tfVerification: "verified" }, none)).toEqual([]);
  });

  it("disables links on a long code until 10DLC registration is approved", () => {
    expect(sendingLimits(longCode, none)[0]).toContain("Links are disabled");
    expect(sendingLimits(longCode, approved)).toEqual([]);
    // Not the owner: the registration is not known, so nothing is claimed.
    expect(sendingLimits(longCode, undefined)).toEqual([]);
  });

  it("stops everything while a number is pending", () => {
    expect(sendingLimits({ ...longCode, state: "pending" }, approved)).toHaveLength(1);
  });
});

describe("cost and links", () => {
  it("shows the included number and $5 for each extra one", () => {
    expect(monthlyCost(longCode)).toBe("Included");
    expect(monthlyCost(tollFree)).toBe("$5.00 / month");
  });

  it("links the details page by id and digits", () => {
    expect(detailsPath(longCode)).toBe("/dedicated-numbers/details/7/12125550100");
  });
});
