import { useCallback, useMemo } from "react";
import { useSearchParams } from "react-router";
import { type FilterState, readFilters, writeFilters } from "./filter-params";

export type SortColumn = "date" | "name" | "phone";
export type SortDirection = "asc" | "desc";

/** Names of the page's own URL parameters (besides the filter fields). */
export const PARAM = {
  query: "q",
  page: "page",
  sort: "sort",
  direction: "dir",
  subscriber: "subscriber",
} as const;

const SORTS: SortColumn[] = ["date", "name", "phone"];

/**
 * Everything that decides what the table shows lives in the URL: search, filter, sort, page and
 * the open subscriber. A reload or a shared link opens the same view.
 */
export function useListParams() {
  const [params, setParams] = useSearchParams();
  const filter = useMemo(() => readFilters(params), [params]);
  const query = params.get(PARAM.query)?.trim() ?? "";
  const page = Math.max(1, Number(params.get(PARAM.page)) || 1);
  const sortParam = params.get(PARAM.sort) as SortColumn | null;
  const sort: SortColumn = sortParam && SORTS.includes(sortParam) ? sortParam : "date";
  const direction: SortDirection = params.get(PARAM.direction) === "asc" ? "asc" : "desc";
  const subscriberParam = Number(params.get(PARAM.subscriber));
  const subscriberId =
    Number.isInteger(subscriberParam) && subscriberParam > 0 ? subscriberParam : null;

  /** Changes some parameters; anything that changes the rows goes back to page 1. */
  const update = useCallback(
    (change: (p: URLSearchParams) => void, opts: { resetPage?: boolean; push?: boolean } = {}) => {
      // From the address bar, not the hook's copy: that one may lag a navigation still in a
      // transition (a search sent just before Apply would otherwise come back).
      const next = new URLSearchParams(window.location.search);
      change(next);
      if (opts.resetPage) next.delete(PARAM.page);
      setParams(next, { replace: !opts.push });
    },
    [setParams],
  );

  const setOrDelete = (p: URLSearchParams, key: string, value: string | null) => {
    if (value) p.set(key, value);
    else p.delete(key);
  };

  return {
    filter,
    query,
    page,
    sort,
    direction,
    subscriberId,
    setQuery: (q: string) =>
      update((p) => setOrDelete(p, PARAM.query, q.trim() || null), { resetPage: true }),
    setFilter: (f: FilterState) =>
      update(
        (p) => {
          const next = writeFilters(p, f);
          for (const key of [...p.keys()]) p.delete(key);
          for (const [k, v] of next) p.append(k, v);
        },
        { resetPage: true },
      ),
    setPage: (n: number) => update((p) => setOrDelete(p, PARAM.page, n > 1 ? String(n) : null)),
    setSort: (column: SortColumn, dir: SortDirection) =>
      update(
        (p) => {
          setOrDelete(p, PARAM.sort, column === "date" ? null : column);
          setOrDelete(p, PARAM.direction, dir === "desc" ? null : dir);
        },
        { resetPage: true },
      ),
    resetPage: () => update(() => {}, { resetPage: true }),
    /** Opening a subscriber adds a history entry, so Back closes the panel. */
    openSubscriber: (id: number) =>
      update((p) => p.set(PARAM.subscriber, String(id)), { push: true }),
    closeSubscriber: () => update((p) => p.delete(PARAM.subscriber)),
  };
}
