/**
 * Rows picked for clean-up: some ids, or every row matching the filter minus some. Kept apart
 * from the table's own selection so that "all N matching" reaches beyond the page.
 */
export type Selection = { mode: "ids"; ids: Set<number> } | { mode: "all"; excluded: Set<number> };

export const NONE: Selection = { mode: "ids", ids: new Set() };

export function isSelected(s: Selection, id: number): boolean {
  return s.mode === "ids" ? s.ids.has(id) : !s.excluded.has(id);
}

export function selectedCount(s: Selection, total: number): number {
  return s.mode === "ids" ? s.ids.size : Math.max(0, total - s.excluded.size);
}

/** The selection after the page's checkboxes changed to `ticked` (ids of this page). */
export function withPageTicks(s: Selection, pageIds: number[], ticked: number[]): Selection {
  const on = new Set(ticked);
  if (s.mode === "ids") {
    const ids = new Set(s.ids);
    for (const id of pageIds) on.has(id) ? ids.add(id) : ids.delete(id);
    return { mode: "ids", ids };
  }
  const excluded = new Set(s.excluded);
  for (const id of pageIds) on.has(id) ? excluded.delete(id) : excluded.add(id);
  return { mode: "all", excluded };
}
