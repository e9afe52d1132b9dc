import type { SortDirection } from "./list-params";

/**
 * For a list the server sends whole (campaigns, automations, keywords…): the rows of one view,
 * searched, sorted and paged in the browser the way a server-paged list does it on the server.
 */
export function clientRows<T, S extends string>(
  all: readonly T[],
  view: {
    query: string;
    sort: S | null;
    direction: SortDirection;
    page: number;
    pageSize: number;
  },
  how: {
    /** The text a search looks in (case and accents ignored). */
    text?: (row: T) => string;
    /** How each sortable column compares; a column not named keeps the server's order. */
    sortValue?: Partial<Record<S, (row: T) => string | number | null | undefined>>;
    /** The list's own filters, already read from the address. */
    keep?: (row: T) => boolean;
  } = {},
): { rows: T[]; total: number } {
  const needle = fold(view.query);
  let rows = all.filter(
    (r) =>
      (!how.keep || how.keep(r)) && (!needle || !how.text || fold(how.text(r)).includes(needle)),
  );
  const value = view.sort ? how.sortValue?.[view.sort] : undefined;
  if (value) {
    const sign = view.direction === "asc" ? 1 : -1;
    rows = rows
      .map((row, i) => ({ row, i, v: value(row) }))
      .sort((a, b) => {
        // Blanks last whichever the direction; ties keep the server's order.
        const blankA = a.v === null || a.v === undefined || a.v === "";
        const blankB = b.v === null || b.v === undefined || b.v === "";
        if (blankA || blankB) return blankA === blankB ? a.i - b.i : blankA ? 1 : -1;
        const c =
          typeof a.v === "number" && typeof b.v === "number"
            ? a.v - b.v
            : collator.compare(String(a.v), String(b.v));
        return c === 0 ? a.i - b.i : sign * c;
      })
      .map((x) => x.row);
  }
  const total = rows.length;
  // A page past the end comes back empty: the list table moves to the last page there is.
  const start = (view.page - 1) * view.pageSize;
  return { rows: rows.slice(start, start + view.pageSize), total };
}

const collator = new Intl.Collator(undefined, { numeric: true, sensitivity: "base" });

function fold(s: string): string {
  return s
    .normalize("NFD")
    .replace(/\p{Diacritic}/gu, "")
    .toLowerCase()
    .trim();
}
