import { formatNumber, i18n } from "../../i18n";

/** What the pager says of the rows shown: "1–25 of 1,234". */
export type PagerRange = { from: number; to: number; totalRecords: number };

export const pagerText = ({ from, to, totalRecords }: PagerRange) =>
  i18n.t("{{from}}–{{to}} of {{total}}", {
    from: formatNumber(from),
    to: formatNumber(to),
    total: formatNumber(totalRecords),
  });
