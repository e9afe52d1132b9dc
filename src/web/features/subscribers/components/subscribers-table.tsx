import { Anchor, Badge, Group, Text } from "@mantine/core";
import { DataTable, type DataTableSortStatus } from "mantine-datatable";
import { displayPhone, maskEmail } from "../../../../domain/contact-display";
import type { MembershipGroup } from "../../../../domain/subscriber-history.schemas";
import type { Subscriber } from "../../../../domain/subscribers.schemas";
import { TEXT } from "../../../../domain/texts";
import { isSelected, type Selection, withPageTicks } from "../../../components/list/selection";
import { PAGE_SIZES } from "../../../lib/use-page-size";
import { formatDateTime, formatDay } from "../lib/dates";
import type { SortColumn, SortDirection } from "../lib/use-list-params";
import { NoConsentBadge } from "./consent-badge";
import { GroupsCell } from "./groups-cell";

const SORT_ACCESSOR: Record<SortColumn, string> = { date: "date", name: "name", phone: "number" };
const ACCESSOR_SORT: Record<string, SortColumn> = { date: "date", name: "name", number: "phone" };

/** Phones keep the key columns (name and phone, whole); the rest are in the subscriber's panel. */
const WIDE = "(min-width: 36em)";

export function fullName(s: Pick<Subscriber, "firstName" | "lastName">): string {
  return [s.firstName, s.lastName].filter(Boolean).join(" ");
}

/** The subscribers of one page: sortable, paged, selectable; a row opens its detail. */
export function SubscribersTable(props: {
  rows: Subscriber[];
  total: number;
  page: number;
  pageSize: number;
  fetching: boolean;
  sort: SortColumn;
  direction: SortDirection;
  timeZone: string;
  groups: Record<string, MembershipGroup[]> | undefined;
  selection: Selection;
  onSelectionChange: (s: Selection) => void;
  onPageChange: (page: number) => void;
  onPageSizeChange: (size: number) => void;
  onSortChange: (column: SortColumn, direction: SortDirection) => void;
  onOpen: (id: number) => void;
}) {
  const pageIds = props.rows.map((r) => r.id);
  const sortStatus: DataTableSortStatus<Subscriber> = {
    columnAccessor: SORT_ACCESSOR[props.sort],
    direction: props.direction,
  };

  return (
    <DataTable<Subscriber>
      withTableBorder
      borderRadius="md"
      highlightOnHover
      verticalSpacing="sm"
      // Its own height, not the content area's: the toolbar above would push the pager off screen.
      height="auto"
      minHeight={props.rows.length ? undefined : 220}
      records={props.rows}
      idAccessor="id"
      fetching={props.fetching}
      loaderBackgroundBlur={1}
      noRecordsText={TEXT.emptyTable}
      totalRecords={props.total}
      page={props.page}
      onPageChange={props.onPageChange}
      recordsPerPage={props.pageSize}
      recordsPerPageOptions={PAGE_SIZES}
      onRecordsPerPageChange={props.onPageSizeChange}
      recordsPerPageLabel="Rows per page"
      paginationText={({ from, to, totalRecords }) =>
        `${from.toLocaleString()}–${to.toLocaleString()} of ${totalRecords.toLocaleString()}`
      }
      sortStatus={sortStatus}
      onSortStatusChange={(s) =>
        props.onSortChange(ACCESSOR_SORT[String(s.columnAccessor)] ?? "date", s.direction)
      }
      selectedRecords={props.rows.filter((r) => isSelected(props.selection, r.id))}
      onSelectedRecordsChange={(records) =>
        props.onSelectionChange(
          withPageTicks(
            props.selection,
            pageIds,
            records.map((r) => r.id),
          ),
        )
      }
      allRecordsSelectionCheckboxProps={{ "aria-label": "Select all on this page" }}
      getRecordSelectionCheckboxProps={(r) => ({
        "aria-label": `Select ${fullName(r) || displayPhone(r.number)}`,
      })}
      onRowClick={({ record }) => props.onOpen(record.id)}
      rowStyle={() => ({ cursor: "pointer" })}
      scrollAreaProps={{ type: "auto" }}
      columns={[
        {
          accessor: "name",
          title: "Name",
          sortable: true,
          noWrap: true,
          render: (r) => (
            // Badges go under the name when the column is narrow (phones) rather than over the
            // next column.
            <Group gap={4} wrap="wrap">
              {/* A button too, so the panel opens from the keyboard (Tab, Enter). */}
              <Anchor
                component="button"
                type="button"
                size="sm"
                fw={500}
                c={fullName(r) ? "var(--mantine-color-text)" : "dimmed"}
                onClick={(e) => {
                  e.stopPropagation();
                  props.onOpen(r.id);
                }}
              >
                {fullName(r) || "No name"}
              </Anchor>
              {r.optedOut && (
                <Badge size="xs" color="red" variant="light" style={{ flexShrink: 0 }}>
                  Opted out
                </Badge>
              )}
              {!r.marketingConsent && !r.optedOut && <NoConsentBadge size="xs" short />}
              {r.blocked && (
                <Badge size="xs" color="dark" variant="light" style={{ flexShrink: 0 }}>
                  Blocked
                </Badge>
              )}
            </Group>
          ),
        },
        {
          accessor: "number",
          title: "Phone",
          sortable: true,
          noWrap: true,
          render: (r) => displayPhone(r.number),
        },
        {
          accessor: "email",
          visibleMediaQuery: WIDE,
          title: "E-mail",
          noWrap: true,
          // Masked in the list (doc 1 §5); the detail shows it whole.
          render: (r) => (r.email ? maskEmail(r.email) : <Text c="dimmed">—</Text>),
        },
        {
          accessor: "groups",
          visibleMediaQuery: WIDE,
          title: "Groups",
          render: (r) => <GroupsCell groups={props.groups?.[String(r.id)]} />,
        },
        {
          accessor: "signupMethodLabel",
          visibleMediaQuery: WIDE,
          title: "Sign-up method",
          noWrap: true,
        },
        {
          accessor: "date",
          visibleMediaQuery: WIDE,
          title: "Date",
          sortable: true,
          noWrap: true,
          render: (r) => (
            <span title={formatDateTime(r.date, props.timeZone)}>
              {formatDay(r.date, props.timeZone)}
            </span>
          ),
        },
      ]}
    />
  );
}
