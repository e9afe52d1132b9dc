import type { Selection } from "../../../components/list/selection";
import type { FilterState } from "./filter-params";

/** The body the bulk and export endpoints take for a selection of the subscribers list. */
export function toApiSelection(sel: Selection, filter: FilterState, query: string) {
  if (sel.mode === "ids") return { mode: "ids" as const, ids: sel.ids };
  return {
    mode: "all" as const,
    filter: { ...filter, ...(query ? { query } : {}) },
    excludedIds: sel.excluded,
  };
}
