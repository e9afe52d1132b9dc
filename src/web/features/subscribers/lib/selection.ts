import type { FilterState } from "./filter-params";

/**
 * Table selection (spec doc 2 §4): picked rows (kept across pages), or every subscriber that
 * matches the filter minus the rows unticked afterwards.
 */
export type Selection = { mode: "ids"; ids: number[] } | { mode: "all"; excluded: number[] };

export const NO_SELECTION: Selection = { mode: "ids", ids: [] };

export function isSelected(sel: Selection, id: number): boolean {
  return sel.mode === "ids" ? sel.ids.includes(id) : !sel.excluded.includes(id);
}

export function selectedCount(sel: Selection, total: number): number {
  return sel.mode === "ids" ? sel.ids.length : Math.max(0, total - sel.excluded.length);
}

/** The table reported which rows of the page are ticked now; fold that into the selection. */
export function withPageTicks(sel: Selection, pageIds: number[], tickedIds: number[]): Selection {
  const ticked = new Set(tickedIds);
  const onPage = new Set(pageIds);
  if (sel.mode === "ids") {
    const kept = sel.ids.filter((id) => !onPage.has(id));
    return { mode: "ids", ids: [...kept, ...pageIds.filter((id) => ticked.has(id))] };
  }
  const kept = sel.excluded.filter((id) => !onPage.has(id));
  return { mode: "all", excluded: [...kept, ...pageIds.filter((id) => !ticked.has(id))] };
}

export function pageFullySelected(sel: Selection, pageIds: number[]): boolean {
  return pageIds.length > 0 && pageIds.every((id) => isSelected(sel, id));
}

/** The body the bulk and export endpoints take. */
export function toApiSelection(sel: Selection, filter: FilterState, query: string) {
  if (sel.mode === "ids") return { mode: "ids" as const, ids: sel.ids };
  return {
    mode: "all" as const,
    filter: { ...filter, ...(query ? { query } : {}) },
    excludedIds: sel.excluded,
  };
}
