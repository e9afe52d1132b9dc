/** The choices of "answer at most once per person per …" (minutes). */
export const PERIODS = [
  { value: "0", label: "Every time" },
  { value: "60", label: "Once an hour" },
  { value: "1440", label: "Once a day" },
  { value: "10080", label: "Once a week" },
  { value: "43200", label: "Once a month" },
  { value: "525600", label: "Once a year" },
];

export function periodLabel(minutes: number): string {
  return (
    PERIODS.find((p) => Number(p.value) === minutes)?.label.toLowerCase() ??
    `once per ${minutes} minutes`
  );
}
