/**
 * A list's bulk selection (spec doc 2 §4): picked rows (kept across pages), or every row that
 * matches the search and filters minus the rows unticked afterwards.
 */
export type Selection<Id extends string | number = number> =
  | { mode: "ids"; ids: Id[] }
  | { mode: "all"; excluded: Id[] };

/** Nothing picked (rows keyed by number; a list keyed by text starts from `{ mode: "ids", ids: [] }`). */
export const NO_SELECTION: Selection<number> = { mode: "ids", ids: [] };

export function isSelected<Id extends string | number>(sel: Selection<Id>, id: Id): boolean {
  return sel.mode === "ids" ? sel.ids.includes(id) : !sel.excluded.includes(id);
}

export function selectedCount(sel: Selection<string | number>, total: number): number {
  return sel.mode === "ids" ? sel.ids.length : Math.max(0, total - sel.excluded.length);
}

/** The table reported which rows of the page are ticked now; fold that into the selection. */
export function withPageTicks<Id extends string | number>(
  sel: Selection<Id>,
  pageIds: Id[],
  tickedIds: Id[],
): Selection<Id> {
  const ticked = new Set(tickedIds);
  const onPage = new Set(pageIds);
  if (sel.mode === "ids") {
    const kept = sel.ids.filter((id) => !onPage.has(id));
    return { mode: "ids", ids: [...kept, ...pageIds.filter((id) => ticked.has(id))] };
  }
  const kept = sel.excluded.filter((id) => !onPage.has(id));
  return { mode: "all", excluded: [...kept, ...pageIds.filter((id) => !ticked.has(id))] };
}

export function pageFullySelected<Id extends string | number>(
  sel: Selection<Id>,
  pageIds: Id[],
): boolean {
  return pageIds.length > 0 && pageIds.every((id) => isSelected(sel, id));
}
