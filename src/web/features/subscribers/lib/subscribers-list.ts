import { defineList, type ListView } from "../../../components/list/list-params";
import { FILTER_KEYS, type FilterState, filterEntries, readFilters } from "./filter-params";

/** The filter form's fields that hold one value; a multi-select attribute repeats its key. */
type SingleKey = Exclude<(typeof FILTER_KEYS)[number], "attributeMultiSelect">;
type MultiKey = "attributeMultiSelect";
const SINGLE_KEYS = FILTER_KEYS.filter((k): k is SingleKey => k !== "attributeMultiSelect");
const blank = () =>
  Object.fromEntries(SINGLE_KEYS.map((k) => [k, ""])) as Record<SingleKey, string>;

/**
 * /subscribers/manage in the address: the kit's `q`, `sort`/`dir` (date, name, phone), `page`
 * and `size`, and each filter field under its own name, as links and bookmarks already spell it.
 */
export const SUBSCRIBERS_LIST = defineList({
  filters: blank(),
  multi: ["attributeMultiSelect"] as MultiKey[],
  sort: { columns: ["date", "name", "phone"], column: "date", direction: "desc" },
});

type FilterView = Pick<ListView<SingleKey, string, MultiKey>, "filters" | "multi">;

/** The filter the address holds, checked as the form and the API take it. */
export function filterOfView(view: FilterView): FilterState {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(view.filters)) if (value) params.set(key, value);
  for (const value of view.multi.attributeMultiSelect) params.append("attributeMultiSelect", value);
  return readFilters(params);
}

/** A filter (the form's Apply, a chip removed) as the list's filters: every field, set or not. */
export function viewOfFilter(f: FilterState): FilterView {
  const filters = blank();
  const multi: Record<MultiKey, string[]> = { attributeMultiSelect: [] };
  for (const [key, value] of filterEntries(f)) {
    if (key === "attributeMultiSelect") multi.attributeMultiSelect.push(value);
    else filters[key as SingleKey] = value;
  }
  return { filters, multi };
}
