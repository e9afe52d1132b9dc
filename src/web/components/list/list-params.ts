import { PAGE_SIZES } from "../../lib/use-page-size";

export type SortDirection = "asc" | "desc";

/**
 * What a list keeps in the address: its search, filters, sort, page and page size. Declared
 * once per list (at module level, so it is the same object on every render).
 */
export interface ListConfig<
  F extends string = string,
  S extends string = string,
  M extends string = never,
> {
  /** Put before every parameter name, for a page that shows two lists ("keys." and "hooks."). */
  prefix?: string;
  /** The list's filters with their defaults; a filter at its default stays out of the address. */
  filters?: Readonly<Record<F, string>>;
  /** The columns the list sorts by, and the order it shows without a choice. */
  sort?: { columns: readonly S[]; column: S; direction: SortDirection };
  /**
   * Filters that hold several values, each under the same repeated key (`?tag=a&tag=b`), empty
   * by default: links that already spell a list that way keep working.
   */
  multi?: readonly M[];
}

/** One view of a list, as the address says. */
export interface ListView<
  F extends string = string,
  S extends string = string,
  M extends string = never,
> {
  query: string;
  filters: Record<F, string>;
  /** The repeated-key filters' values, in the address's order, blanks left out. */
  multi: Record<M, string[]>;
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
export function defineList<
  F extends string = never,
  S extends string = never,
  M extends string = never,
>(config: ListConfig<F, S, M>): ListConfig<F, S, M> {
  const single = Object.keys(config.filters ?? {});
  for (const name of [...single, ...(config.multi ?? [])]) {
    if (RESERVED.has(name)) throw new Error(`A list filter may not be called "${name}"`);
  }
  for (const name of config.multi ?? []) {
    if (single.includes(name)) throw new Error(`The list filter "${name}" is declared twice`);
  }
  return config;
}

const name = (config: { prefix?: string }, key: string) => `${config.prefix ?? ""}${key}`;

/** Reads the list's view from the address; anything unknown or malformed reads as the default. */
export function readListView<F extends string, S extends string, M extends string = never>(
  params: URLSearchParams,
  config: ListConfig<F, S, M>,
): ListView<F, S, M> {
  const get = (key: string) => params.get(name(config, key));
  const filters = {} as Record<F, string>;
  for (const [key, fallback] of Object.entries(config.filters ?? {}) as [F, string][]) {
    filters[key] = get(key) ?? fallback;
  }
  const multi = {} as Record<M, string[]>;
  for (const key of config.multi ?? []) {
    multi[key] = params.getAll(name(config, key)).filter((v) => v.trim() !== "");
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
    multi,
    sort,
    direction,
    page: Number.isInteger(pageNumber) && pageNumber > 1 ? pageNumber : 1,
    pageSize: PAGE_SIZES.includes(size) ? size : null,
  };
}

/** A change to a list's view; filters may be given in part. */
export type ListChange<F extends string, S extends string, M extends string = never> = Partial<
  Omit<ListView<F, S, M>, "filters" | "multi">
> & { filters?: Partial<Record<F, string>>; multi?: Partial<Record<M, readonly string[]>> };

/**
 * The address after a change: the other parameters (an open record, a tab…) stay, values at
 * their default leave, and a change of what the rows are (search, filters, sort, page size)
 * goes back to page 1 unless the change names a page.
 */
export function writeListView<F extends string, S extends string, M extends string = never>(
  params: URLSearchParams,
  change: ListChange<F, S, M>,
  config: ListConfig<F, S, M>,
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
  for (const [key, values] of Object.entries(change.multi ?? {}) as [M, readonly string[]][]) {
    if (!values || !config.multi?.includes(key)) continue;
    // Its values go to the end of the address, in their order; an empty list leaves it.
    next.delete(name(config, key));
    for (const v of values) if (v.trim() !== "") next.append(name(config, key), v);
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
    change.multi !== undefined ||
    change.sort !== undefined ||
    change.direction !== undefined ||
    change.pageSize !== undefined;
  if (change.page !== undefined) set(LIST_PARAM.page, change.page > 1 ? String(change.page) : null);
  else if (rowsChanged) set(LIST_PARAM.page, null);
  return next;
}

/** Whether the view narrows the rows (a search or a filter off its default). */
export function isFiltered<F extends string, S extends string, M extends string = never>(
  view: ListView<F, S, M>,
  config: ListConfig<F, S, M>,
): boolean {
  if (view.query) return true;
  if ((config.multi ?? []).some((key) => view.multi[key].length > 0)) return true;
  return (Object.entries(config.filters ?? {}) as [F, string][]).some(
    ([key, fallback]) => view.filters[key] !== fallback,
  );
}
