import {
  type Audience,
  EXCLUSION_LABELS,
  EXCLUSION_REASONS,
} from "../../../../domain/send-audience";

/** "Not sent to: 2 opted out, 3 landlines, 5 without marketing consent" (empty when nobody is left out). */
export function exclusionText(a: Pick<Audience, "excluded">): string {
  const parts = EXCLUSION_REASONS.filter((r) => a.excluded[r] > 0).map((r) => {
    const n = a.excluded[r];
    const label = r === "landline" && n !== 1 ? "landlines" : EXCLUSION_LABELS[r];
    return `${n.toLocaleString("en-US")} ${label}`;
  });
  return parts.length ? `Not sent to: ${parts.join(", ")}` : "";
}
