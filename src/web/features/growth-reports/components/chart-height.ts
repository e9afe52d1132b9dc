import { useMediaQuery } from "@mantine/hooks";
import { intlLocale } from "../../../i18n";
import { MOBILE_QUERY } from "../../../lib/media";

/** Doc 1 §9: report charts are 335 px high on desktop and 235 px below the 1024 px breakpoint. */
export function useChartHeight(): number {
  return useMediaQuery(MOBILE_QUERY) ? 235 : 335;
}

/** "Mar 5" ("5 mar" in Spanish) from "2026-03-05" (a calendar day: no time zone shift). */
export const dayLabel = (d: string) =>
  new Intl.DateTimeFormat(intlLocale(), { month: "short", day: "numeric", timeZone: "UTC" }).format(
    new Date(`${d}T00:00:00Z`),
  );
