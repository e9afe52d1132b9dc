import { useCallback, useMemo, useRef } from "react";
import { useLocation, useNavigation, useSearchParams } from "react-router";
import { type PageSizeKey, usePageSize } from "../../lib/use-page-size";
import {
  isFiltered,
  type ListChange,
  type ListConfig,
  readListView,
  type SortDirection,
  writeListView,
} from "./list-params";

export type ListState<
  F extends string = string,
  S extends string = string,
  M extends string = never,
> = ReturnType<typeof useListState<F, S, M>>;

/**
 * A list's search, filters, sort, page and page size, kept in the address: a reload, Back and
 * Forward, or a shared link open the same view. Typing a search replaces the current history
 * entry; a new page, sort, filter or page size adds one. The page size without one in the
 * address is the list's remembered size (see usePageSize).
 */
export function useListState<
  F extends string = never,
  S extends string = never,
  M extends string = never,
>(config: ListConfig<F, S, M>, pageSizeKey: PageSizeKey) {
  const [params, setParams] = useSearchParams();
  const [rememberedSize, rememberSize] = usePageSize(pageSizeKey);
  const view = useMemo(() => readListView(params, config), [params, config]);
  // A link to another page still loading (its lazy chunk): a search sent now would replace that
  // navigation and keep the person here.
  const { pathname } = useLocation();
  const navigation = useNavigation();
  const leaving = useRef(false);
  leaving.current = navigation.state !== "idle" && navigation.location?.pathname !== pathname;

  const change = useCallback(
    (c: ListChange<F, S, M>, opts: { replace?: boolean } = {}) => {
      if (leaving.current) return;
      // From the address bar, not the hook's copy: that one may lag a navigation still in a
      // transition (a search sent just before a filter would otherwise come back).
      const current = new URLSearchParams(window.location.search);
      const next = writeListView(current, c, config);
      if (next.toString() !== current.toString()) setParams(next, { replace: opts.replace });
    },
    [config, setParams],
  );

  const pageSize = view.pageSize ?? rememberedSize;
  return {
    ...view,
    pageSize,
    /** A search or a filter narrows the rows (an empty result is "nothing matches"). */
    filtered: isFiltered(view, config),
    /** The paging the list endpoints take (`page` from 0). */
    paging: { page: view.page - 1, pageSize },
    setQuery: useCallback((query: string) => change({ query }, { replace: true }), [change]),
    setFilter: useCallback(
      (filter: F, value: string | null) =>
        change({ filters: { [filter]: value ?? "" } as Partial<Record<F, string>> }),
      [change],
    ),
    /** Several filters at once (a filter form's Apply), repeated-key ones in `multi`. */
    setFilters: useCallback(
      (filters: Partial<Record<F, string>>, multi?: Partial<Record<M, readonly string[]>>) =>
        change({ filters, multi }),
      [change],
    ),
    /** Clears the search and puts every filter back to its default. */
    clearFilters: useCallback(
      () =>
        change({
          query: "",
          filters: { ...config.filters } as Partial<Record<F, string>>,
          multi: Object.fromEntries((config.multi ?? []).map((k) => [k, []])) as Record<
            string,
            readonly string[]
          > as Partial<Record<M, readonly string[]>>,
        }),
      [change, config],
    ),
    setSort: useCallback(
      (sort: S, direction: SortDirection) => change({ sort, direction }),
      [change],
    ),
    setPage: useCallback((page: number) => change({ page }), [change]),
    /** Moves to another page without a history entry (back from past the end, after a delete). */
    fixPage: useCallback((page: number) => change({ page }, { replace: true }), [change]),
    setPageSize: useCallback(
      (size: number) => {
        rememberSize(size);
        change({ pageSize: size });
      },
      [change, rememberSize],
    ),
  };
}
