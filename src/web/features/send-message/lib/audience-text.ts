import {
  type Audience,
  EXCLUSION_REASONS,
  type ExclusionReason,
} from "../../../../domain/send-audience";
import { formatNumber, i18n } from "../../../i18n";

/** "2 opted out": one reason's count, in words that agree with it. */
function reasonText(reason: ExclusionReason, n: number): string {
  switch (reason) {
    case "optedOut":
      return i18n.t("{{n}} opted out", { count: n, n: formatNumber(n) });
    case "blocked":
      return i18n.t("{{n}} blocked", { count: n, n: formatNumber(n) });
    case "landline":
      return i18n.t("{{n}} landlines", { count: n, n: formatNumber(n) });
    case "noConsent":
      return i18n.t("{{n}} without marketing consent", { count: n, n: formatNumber(n) });
  }
}

/** "Not sent to: 2 opted out, 3 landlines, 5 without marketing consent" (empty when nobody is left out). */
export function exclusionText(a: Pick<Audience, "excluded">): string {
  const parts = EXCLUSION_REASONS.filter((r) => a.excluded[r] > 0).map((r) =>
    reasonText(r, a.excluded[r]),
  );
  return parts.length ? i18n.t("Not sent to: {{reasons}}", { reasons: parts.join(", ") }) : "";
}
