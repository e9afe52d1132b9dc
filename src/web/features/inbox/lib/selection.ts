/**
 * Bulk selection of conversations (doc 2 §4): chosen ids, or everything the filter matches
 * minus the ids unticked since ("all with exclusions").
 */
export type Selection = { mode: "ids"; ids: Set<number> } | { mode: "all"; ids: Set<number> };

export const emptySelection: Selection = { mode: "ids", ids: new Set() };

export function toggle(s: Selection, id: number, checked: boolean): Selection {
  const ids = new Set(s.ids);
  // In "all" mode the set holds exclusions: ticking removes one, unticking adds one.
  const add = s.mode === "ids" ? checked : !checked;
  if (add) ids.add(id);
  else ids.delete(id);
  return { mode: s.mode, ids };
}

/** How many are selected; in "all" mode of the rows loaded so far, null meaning "all matching". */
export function selectionCount(s: Selection, _loaded: number): number | null {
  return s.mode === "ids" ? s.ids.size : null;
}

export function isEmpty(s: Selection): boolean {
  return s.mode === "ids" && s.ids.size === 0;
}
