/** What the pager says of the rows shown: "1–25 of 1,234". */
export type PagerRange = { from: number; to: number; totalRecords: number };

export const pagerText = ({ from, to, totalRecords }: PagerRange) =>
  `${from.toLocaleString()}–${to.toLocaleString()} of ${totalRecords.toLocaleString()}`;
