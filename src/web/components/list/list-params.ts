import { PAGE_SIZES } from "../../lib/use-page-size";

export type SortDirection = "asc" | "desc";

/**
 * What a list keeps in the address: its search, filters, sort, page and page size. Declared
 * once per list (at module level, so it is the same object on every render).
 */
export interface ListConfig<F extends string = string, S extends string = string> {
  /** Put before every parameter name, for a page that shows two lists ("keys." and "hooks."). */
  prefix?: string;
  /** The list's filters with their defaults; a filter at its default stays out of the address. */
  filters?: Readonly<Record<F, string>>;
  /** The columns the list sorts by, and the order it shows without a choice. */
  sort?: { columns: readonly S[]; column: S; direction: SortDirection };
}

/** One view of a list, as the address says. */
export interface ListView<F extends string = string, S extends string = string> {
  query: string;
  filters: Record<F, string>;
  /** `null` for a list without sortable columns. */
  sort: S | null;
  direction: SortDirection;
  /** From 1. */
  page: number;
  /** `null` when the address names none: the list's remembered size applies. */
  pageSize: number | null;
}

/** The parameter names (before the prefix); filters use their own names. */
export const LIST_PARAM = {
  query: "q",
  page: "page",
  pageSize: "size",
  sort: "sort",
  direction: "dir",
} as const;

const RESERVED = new Set<string>(Object.values(LIST_PARAM));

/** Define a list's address (checks that no filter takes a reserved name). */
export function defineList<F extends string = never, S extends string = never>(
  config: ListConfig<F, S>,
): ListConfig<F, S> {
  for (const name of Object.keys(config.filters ?? {})) {
    if (RESERVED.has(name)) throw new Error(`A list filter may not be called "${name}"`);
  }
  return config;
}

const name = (config: ListConfig<string, string>, key: string) => `${config.prefix ?? ""}${key}`;

/** Reads the list's view from the address; anything unknown or malformed reads as the default. */
export function readListView<F extends string, S extends string>(
  params: URLSearchParams,
  config: ListConfig<F, S>,
): ListView<F, S> {
  const get = (key: string) => params.get(name(config, key));
  const filters = {} as Record<F, string>;
  for (const [key, fallback] of Object.entries(config.filters ?? {}) as [F, string][]) {
    filters[key] = get(key) ?? fallback;
  }
  const pageNumber = Number(get(LIST_PARAM.page));
  const size = Number(get(LIST_PARAM.pageSize));
  let sort: S | null = null;
  let direction: SortDirection = "desc";
  if (config.sort) {
    const wanted = get(LIST_PARAM.sort) as S | null;
    sort = wanted && config.sort.columns.includes(wanted) ? wanted : config.sort.column;
    const dir = get(LIST_PARAM.direction);
    direction = dir === "asc" || dir === "desc" ? dir : config.sort.direction;
  }
  return {
    query: get(LIST_PARAM.query)?.trim() ?? "",
    filters,
    sort,
    direction,
    page: Number.isInteger(pageNumber) && pageNumber > 1 ? pageNumber : 1,
    pageSize: PAGE_SIZES.includes(size) ? size : null,
  };
}

/** A change to a list's view; filters may be given in part. */
export type ListChange<F extends string, S extends string> = Partial<
  Omit<ListView<F, S>, "filters">
> & { filters?: Partial<Record<F, string>> };

/**
 * The address after a change: the other parameters (an open record, a tab…) stay, values at
 * their default leave, and a change of what the rows are (search, filters, sort, page size)
 * goes back to page 1 unless the change names a page.
 */
export function writeListView<F extends string, S extends string>(
  params: URLSearchParams,
  change: ListChange<F, S>,
  config: ListConfig<F, S>,
): URLSearchParams {
  const next = new URLSearchParams(params);
  const set = (key: string, value: string | null) => {
    if (value === null || value === "") next.delete(name(config, key));
    else next.set(name(config, key), value);
  };
  if (change.query !== undefined) set(LIST_PARAM.query, change.query.trim() || null);
  for (const [key, value] of Object.entries(change.filters ?? {}) as [F, string | undefined][]) {
    if (value === undefined || !config.filters || !(key in config.filters)) continue;
    set(key, value === config.filters[key] ? null : value);
  }
  if (config.sort && (change.sort !== undefined || change.direction !== undefined)) {
    const current = readListView(params, config);
    const column = change.sort ?? current.sort ?? config.sort.column;
    const direction = change.direction ?? current.direction;
    set(LIST_PARAM.sort, column === config.sort.column ? null : column);
    set(LIST_PARAM.direction, direction === config.sort.direction ? null : direction);
  }
  if (change.pageSize !== undefined) {
    set(LIST_PARAM.pageSize, change.pageSize === null ? null : String(change.pageSize));
  }
  const rowsChanged =
    change.query !== undefined ||
    change.filters !== undefined ||
    change.sort !== undefined ||
    change.direction !== undefined ||
    change.pageSize !== undefined;
  if (change.page !== undefined) set(LIST_PARAM.page, change.page > 1 ? String(change.page) : null);
  else if (rowsChanged) set(LIST_PARAM.page, null);
  return next;
}

/** Whether the view narrows the rows (a search or a filter off its default). */
export function isFiltered<F extends string, S extends string>(
  view: ListView<F, S>,
  config: ListConfig<F, S>,
): boolean {
  if (view.query) return true;
  return (Object.entries(config.filters ?? {}) as [F, string][]).some(
    ([key, fallback]) => view.filters[key] !== fallback,
  );
}
