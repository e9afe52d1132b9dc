import { Anchor, Badge, Group, Text } from "@mantine/core";
import { IconUsers } from "@tabler/icons-react";
import type { DataTableColumn } from "mantine-datatable";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { displayPhone, maskEmail } from "../../../../domain/contact-display";
import type { MembershipGroup } from "../../../../domain/subscriber-history.schemas";
import type { Subscriber } from "../../../../domain/subscribers.schemas";
import {
  type ListQuery,
  ListTable,
  type ListTableState,
} from "../../../components/list/list-table";
import type { Selection } from "../../../components/list/selection";
import { translateMessage } from "../../../i18n";
import { formatDateTime, formatDay } from "../lib/dates";
import { NoConsentBadge } from "./consent-badge";
import { GroupsCell } from "./groups-cell";

/** Phones keep the key columns (name and phone, whole); the rest are in the subscriber's panel. */
const WIDE = "(min-width: 36em)";

export function fullName(s: Pick<Subscriber, "firstName" | "lastName">): string {
  return [s.firstName, s.lastName].filter(Boolean).join(" ");
}

/**
 * The subscribers of one page on the list kit: the skeleton, the failed state, "No subscribers
 * yet", then the table, sorted and paged through the address, selectable; a row opens its
 * detail. The sort columns are named as the address names them (`phone`, not `number`).
 */
export function SubscribersTable(props: {
  query: ListQuery;
  list: ListTableState;
  rows: Subscriber[];
  total: number;
  nothingYet: boolean;
  timeZone: string;
  groups: Record<string, MembershipGroup[]> | undefined;
  selection?: { value: Selection; onChange: (s: Selection) => void };
  bulkBar?: ReactNode;
  onAdd: () => void;
  onOpen: (id: number) => void;
}) {
  const { t } = useTranslation();
  const columns: DataTableColumn<Subscriber>[] = [
    {
      accessor: "name",
      title: t("Name"),
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
            {fullName(r) || t("No name")}
          </Anchor>
          {r.optedOut && (
            <Badge size="xs" color="red" variant="light" style={{ flexShrink: 0 }}>
              {t("Opted out")}
            </Badge>
          )}
          {!r.marketingConsent && !r.optedOut && <NoConsentBadge size="xs" short />}
          {r.blocked && (
            <Badge size="xs" color="dark" variant="light" style={{ flexShrink: 0 }}>
              {t("Blocked")}
            </Badge>
          )}
        </Group>
      ),
    },
    {
      accessor: "phone",
      title: t("Phone"),
      sortable: true,
      noWrap: true,
      render: (r) => displayPhone(r.number),
    },
    {
      accessor: "email",
      visibleMediaQuery: WIDE,
      title: t("E-mail"),
      noWrap: true,
      // Masked in the list (doc 1 §5); the detail shows it whole.
      render: (r) => (r.email ? maskEmail(r.email) : <Text c="dimmed">—</Text>),
    },
    {
      accessor: "groups",
      visibleMediaQuery: WIDE,
      title: t("Groups"),
      render: (r) => <GroupsCell groups={props.groups?.[String(r.id)]} />,
    },
    {
      accessor: "signupMethodLabel",
      visibleMediaQuery: WIDE,
      title: t("Sign-up method"),
      noWrap: true,
      render: (r) => translateMessage(r.signupMethodLabel),
    },
    {
      accessor: "date",
      visibleMediaQuery: WIDE,
      title: t("Date"),
      sortable: true,
      noWrap: true,
      render: (r) => (
        <span title={formatDateTime(r.date, props.timeZone)}>
          {formatDay(r.date, props.timeZone)}
        </span>
      ),
    },
  ];
  return (
    <ListTable<Subscriber>
      query={props.query}
      list={props.list}
      records={props.rows}
      total={props.total}
      columns={columns}
      icon={<IconUsers size={28} />}
      failedTitle={t("The subscribers could not be loaded")}
      empty={{
        title: t("No subscribers yet"),
        description: t(
          "Add people by hand, import a spreadsheet, or let them join by texting one of your keywords.",
        ),
        action: { label: t("Add Subscriber"), onClick: props.onAdd },
      }}
      nothingYet={props.nothingYet}
      bulkBar={props.bulkBar}
      selection={
        props.selection && {
          ...props.selection,
          label: (r) => fullName(r) || displayPhone(r.number),
        }
      }
      onRowClick={(r) => props.onOpen(r.id)}
      frame="bare"
    />
  );
}
