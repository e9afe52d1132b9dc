import type { DedicatedNumber } from "../../../domain/numbers.schemas";
import type { PhoneNumberRow } from "./numbers.queries";

export function numberHint(
  row: Pick<PhoneNumberRow, "state" | "tollFree" | "tfVerification">,
): string {
  if (row.state === "pending") return "(pending)";
  if (row.tollFree && row.tfVerification !== "verified") return "(unverified Toll-Free)";
  return "";
}

export function toDedicatedNumber(row: PhoneNumberRow): DedicatedNumber {
  return {
    id: row.id,
    longcodeId: row.id,
    number: row.number,
    name: row.name,
    tollFree: row.tollFree,
    verified: row.state === "active" && (!row.tollFree || row.tfVerification === "verified"),
    state: row.state === "pending" ? "pending" : "active",
    tfVerification: row.tfVerification as DedicatedNumber["tfVerification"],
    hint: numberHint(row),
    monthlyPriceCents: row.monthlyPriceCents,
    createdAt: row.createdAt.toISOString(),
  };
}
