import { i18n, tk } from "../../../i18n";

/** The choices of "answer at most once per person per …" (minutes); labels shown through t(). */
export const PERIODS = [
  { value: "0", label: tk("Every time") },
  { value: "60", label: tk("Once an hour") },
  { value: "1440", label: tk("Once a day") },
  { value: "10080", label: tk("Once a week") },
  { value: "43200", label: tk("Once a month") },
  { value: "525600", label: tk("Once a year") },
];

export function periodLabel(minutes: number): string {
  const period = PERIODS.find((p) => Number(p.value) === minutes);
  return period
    ? i18n.t(period.label).toLowerCase()
    : i18n.t("once per {{n}} minutes", { n: minutes });
}
