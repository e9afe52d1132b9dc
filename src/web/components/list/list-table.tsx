import { Group, Pagination, Paper, Stack } from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import {
  DataTable,
  type DataTableColumn,
  type DataTableProps,
  type DataTableSortStatus,
} from "mantine-datatable";
import { type ReactNode, useEffect } from "react";
import { useTranslation } from "react-i18next";
import { TEXT } from "../../../domain/texts";
import { PAGE_SIZES } from "../../lib/use-page-size";
import { EmptyState } from "../empty-state";
import { LoadFailed } from "../load-failed";
import { TableSkeleton } from "../table-skeleton";
import type { SortDirection } from "./list-params";
import { type PagerRange, pagerText } from "./pager";
import { isSelected, type Selection, withPageTicks } from "./selection";

/** What the table needs of the list's query (a react-query result fits). */
export interface ListQuery {
  isPending: boolean;
  isError: boolean;
  isFetching: boolean;
  isPlaceholderData: boolean;
  data: unknown;
  error: Error | null;
  refetch: () => unknown;
}

/** What the table needs of the list's state (useListState's result fits). */
export interface ListTableState {
  page: number;
  pageSize: number;
  sort: string | null;
  direction: SortDirection;
  filtered: boolean;
  setPage: (page: number) => void;
  fixPage: (page: number) => void;
  setPageSize: (size: number) => void;
  setSort: (sort: never, direction: SortDirection) => void;
}

type EmptyProps = React.ComponentProps<typeof EmptyState>;

/**
 * One list screen's body: the search and filter bar, the bulk-action bar, and then the table,
 * or what stands in for it: a skeleton while the first page loads, what failed with "Try again",
 * or the list's empty state when it has nothing yet (a search that matches nothing keeps the
 * table with "No matching records found!"). The table pages and sorts through the list's state
 * (the address), so a reload or a shared link shows the same rows.
 */
export function ListTable<T, Id extends string | number = number>(props: {
  query: ListQuery;
  list?: ListTableState;
  records: T[];
  /** Every row of the view; the table pages when given (with `list`). */
  total?: number;
  columns: DataTableColumn<T>[];
  /** The row's key (default `id`). */
  idAccessor?: keyof T & string;
  /** For the failed and empty states. */
  icon: ReactNode;
  /** "Groups could not be loaded". */
  failedTitle: string;
  /** The list has nothing yet: its icon comes from `icon`; or a whole node of its own. */
  empty: Omit<EmptyProps, "icon"> | ReactNode;
  /**
   * Show the empty state instead of the table; by default once loaded when there are no rows
   * and no search or filter narrows them.
   */
  nothingYet?: boolean;
  /** When a search or filter matches nothing. */
  noRecordsText?: string;
  /** The search and filters above the table; not shown while the list has nothing yet. */
  toolbar?: ReactNode;
  /** Under the table (a summary), when the table shows. */
  footer?: ReactNode;
  /** The BulkBar, shown above the table. */
  bulkBar?: ReactNode;
  /** Rows may be ticked for bulk actions; `label` names a row for its checkbox. */
  selection?: {
    value: Selection<Id>;
    onChange: (next: Selection<Id>) => void;
    label: (row: T) => string;
  };
  /**
   * Small screens show each row as a card instead (when the table's key columns would not fit),
   * below `cardsBelow` (default 62em).
   */
  card?: (row: T) => ReactNode;
  cardsBelow?: string;
  /**
   * `paper` (default): the toolbar and table in a bordered card; `bare`: a bordered table alone
   * (the page is the card); `inline`: no border of its own, in a card that has a title.
   */
  frame?: "paper" | "bare" | "inline";
  /** Hide the pager while everything fits the smallest page (lists of a handful of rows). */
  pagerWhenLong?: boolean;
  paginationText?: (range: PagerRange) => string;
  /** The event too, for rows whose buttons and links do their own thing. */
  onRowClick?: (row: T, event: React.MouseEvent) => void;
  onRowDoubleClick?: (row: T) => void;
  rowStyle?: (row: T) => React.CSSProperties | undefined;
  /** Attributes of a row's <tr> (a test id). */
  rowAttributes?: (row: T) => Record<string, unknown>;
  testId?: string;
  /**
   * Rows with no link or button in them: the scrolling region itself takes focus, so it can be
   * scrolled from the keyboard (otherwise the rows' own controls are the way in).
   */
  focusableScroll?: boolean;
}) {
  const { t } = useTranslation();
  const { query, list, records, total } = props;
  const idKey = (props.idAccessor ?? "id") as keyof T;
  const idOf = (r: T) => r[idKey] as unknown as Id;
  const loaded = query.data !== undefined;
  const narrow = !useMediaQuery(`(min-width: ${props.cardsBelow ?? "62em"})`, true);
  const nothingYet =
    props.nothingYet ??
    (loaded && !query.isError && (total ?? records.length) === 0 && !list?.filtered);

  // A page past the end (rows deleted, an old link) moves to the last page there is.
  useEffect(() => {
    if (!list || total === undefined || !loaded || query.isFetching) return;
    if (records.length === 0 && total > 0 && list.page > 1) {
      list.fixPage(Math.max(1, Math.ceil(total / list.pageSize)));
    }
  }, [list, total, loaded, query.isFetching, records.length]);

  // A bare table has its own border; what stands in for it gets one too.
  const framed = (node: ReactNode) =>
    props.frame === "bare" ? (
      <Paper withBorder radius="md">
        {node}
      </Paper>
    ) : (
      node
    );
  let body: ReactNode;
  if (query.isPending) body = <TableSkeleton />;
  else if (query.isError && !loaded)
    body = framed(<LoadFailed icon={props.icon} title={props.failedTitle} query={query} />);
  else if (nothingYet)
    body = framed(
      isEmptyProps(props.empty) ? <EmptyState icon={props.icon} {...props.empty} /> : props.empty,
    );
  else if (props.card && narrow) {
    const pages = list && total !== undefined ? Math.ceil(total / list.pageSize) : 1;
    body = (
      <Stack gap="sm" data-testid={props.testId}>
        {records.map((r) => (
          <Paper key={String(idOf(r))} withBorder radius="md" p="sm">
            {props.card?.(r)}
          </Paper>
        ))}
        {records.length === 0 && (
          <Paper withBorder radius="md" p="md" ta="center" c="dimmed" fz="sm">
            {props.noRecordsText ?? t(TEXT.emptyTable)}
          </Paper>
        )}
        {list && pages > 1 && (
          <Group justify="center">
            <Pagination total={pages} value={list.page} onChange={list.setPage} size="sm" />
          </Group>
        )}
        {props.footer}
      </Stack>
    );
  } else {
    // No pager under an empty table: it would say "No matching records found!" a second time.
    const paged =
      list &&
      total !== undefined &&
      total > 0 &&
      !(props.pagerWhenLong && total <= (PAGE_SIZES[0] ?? 10) && list.page === 1);
    const sel = props.selection;
    const pageIds = records.map(idOf);
    const tableProps = {
      records,
      columns: props.columns,
      idAccessor: idKey,
      withTableBorder: props.frame === "bare",
      borderRadius: "md",
      verticalSpacing: "sm",
      highlightOnHover: true,
      minHeight: records.length ? undefined : 180,
      fetching: query.isFetching && query.isPlaceholderData,
      loaderBackgroundBlur: 1,
      noRecordsText: props.noRecordsText ?? t(TEXT.emptyTable),
      scrollAreaProps: {
        type: "auto",
        ...(props.focusableScroll && { viewportProps: { tabIndex: 0 } }),
      },
      "data-testid": props.testId,
      customRowAttributes: props.rowAttributes,
      ...(props.onRowClick && {
        onRowClick: ({ record, event }: { record: T; event: React.MouseEvent }) =>
          props.onRowClick?.(record, event),
      }),
      ...(props.onRowDoubleClick && {
        onRowDoubleClick: ({ record }: { record: T }) => props.onRowDoubleClick?.(record),
      }),
      rowStyle:
        props.rowStyle ??
        (props.onRowClick ? () => ({ cursor: "pointer" }) : (undefined as unknown)),
      ...(paged && {
        totalRecords: total,
        page: list.page,
        onPageChange: list.setPage,
        recordsPerPage: list.pageSize,
        recordsPerPageOptions: PAGE_SIZES,
        onRecordsPerPageChange: list.setPageSize,
        recordsPerPageLabel: t("Rows per page"),
        paginationText: props.paginationText ?? pagerText,
      }),
      ...(list?.sort && {
        sortStatus: {
          columnAccessor: list.sort,
          direction: list.direction,
        } satisfies DataTableSortStatus<T>,
        onSortStatusChange: (s: DataTableSortStatus<T>) =>
          list.setSort(String(s.columnAccessor) as never, s.direction),
      }),
      ...(sel && {
        selectedRecords: records.filter((r) => isSelected(sel.value, idOf(r))),
        onSelectedRecordsChange: (picked: T[]) =>
          sel.onChange(withPageTicks(sel.value, pageIds, picked.map(idOf))),
        allRecordsSelectionCheckboxProps: { "aria-label": t("Select all on this page") },
        getRecordSelectionCheckboxProps: (r: T) => ({
          "aria-label": t("Select {{name}}", { name: sel.label(r) }),
        }),
      }),
    } as unknown as DataTableProps<T>;
    body = (
      <>
        <DataTable<T> {...tableProps} />
        {props.footer}
      </>
    );
  }

  // The toolbar stays while a new search loads, so the search box keeps its text and focus.
  const showBars = !nothingYet && !(query.isError && !loaded);
  const content = (
    <Stack gap="sm">
      {showBars && props.toolbar}
      {showBars && !query.isPending && props.bulkBar}
      {body}
    </Stack>
  );
  // A block of its own: the shell's main area would stretch a bare table to its height.
  if (props.frame === "bare" || props.frame === "inline") return <div>{content}</div>;
  return (
    <Paper withBorder radius="lg" p={{ base: "sm", sm: "md" }}>
      {content}
    </Paper>
  );
}

function isEmptyProps(x: unknown): x is Omit<EmptyProps, "icon"> {
  return typeof x === "object" && x !== null && "title" in x && !("$$typeof" in x);
}
