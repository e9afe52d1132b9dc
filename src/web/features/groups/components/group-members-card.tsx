import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Paper,
  Stack,
  Text,
  Title,
  Tooltip,
  VisuallyHidden,
} from "@mantine/core";
import { modals } from "@mantine/modals";
import { IconUserMinus, IconUserPlus, IconUsers } from "@tabler/icons-react";
import { useEffect, useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import type { Group as GroupRow } from "../../../../domain/groups.schemas";
import { formatUsNumber } from "../../../../domain/phone";
import type { Subscriber } from "../../../../domain/subscribers.schemas";
import { BulkBar } from "../../../components/list/bulk-bar";
import { defineList } from "../../../components/list/list-params";
import { ListSearch } from "../../../components/list/list-search";
import { ListTable } from "../../../components/list/list-table";
import { NO_SELECTION, type Selection, selectedCount } from "../../../components/list/selection";
import { useListState } from "../../../components/list/use-list-state";
import { formatNumber, intlLocale } from "../../../i18n";
import { useMe } from "../../../lib/current-account";
import { notify } from "../../../lib/notify";
import { type MembersParams, useGroupMembers, useRemoveMembers } from "../api/group-members";
import { AddMembersModal, subscriberName } from "./add-members-modal";

type SortColumn = "name" | "number" | "date";
const SORT_BY: Record<SortColumn, MembersParams["sortBy"]> = {
  name: "name",
  number: "phone",
  date: "date",
};
/** The group's own parameters (`id`) stay apart: the members' carry a prefix. */
const MEMBERS_LIST = defineList({
  prefix: "members.",
  sort: { columns: ["date", "name", "number"] as SortColumn[], column: "date", direction: "desc" },
});

/**
 * The people in a group, a page at a time. Static groups can gain and lose members here;
 * an adaptive group's list is whoever its saved rules match right now.
 */
export function GroupMembersCard({ group }: { group: GroupRow }) {
  const { t } = useTranslation();
  const isStatic = group.type === "static";
  const me = useMe();
  const view = useListState(MEMBERS_LIST, "local:group-members");
  const [selection, setSelection] = useState<Selection>(NO_SELECTION);
  const [adding, setAdding] = useState(false);
  const members = useGroupMembers({
    groupId: group.id,
    ...view.paging,
    query: view.query,
    sortBy: SORT_BY[view.sort ?? "date"],
    sortDirection: view.direction === "asc" ? "ASC" : "DESC",
  });
  const rows = members.data?.rows ?? [];
  // Another search is another set of people: what was picked no longer applies.
  // biome-ignore lint/correctness/useExhaustiveDependencies: reset when the search changes
  useEffect(() => setSelection(NO_SELECTION), [view.query]);
  const remove = useRemoveMembers();

  const dateFormat = new Intl.DateTimeFormat(intlLocale(), {
    timeZone: me.data?.timezoneIana,
    month: "2-digit",
    day: "2-digit",
    year: "numeric",
  });

  const askRemove = (ids: number[]) => {
    const one = ids.length === 1 ? rows.find((r) => r.id === ids[0]) : undefined;
    const who = one
      ? subscriberName(one) || formatUsNumber(one.number)
      : t("{{count}} subscribers", { count: ids.length });
    modals.openConfirmModal({
      title: t("Remove from group"),
      children: (
        <Text size="sm">
          <Trans
            t={t}
            i18nKey="Remove <0>{{who}}</0> from <1>{{group}}</1>? They stay in your subscriber list."
            values={{ who, group: group.name }}
            components={[<b key="who" />, <b key="group" />]}
          />
        </Text>
      ),
      labels: { confirm: t("Remove"), cancel: t("Cancel") },
      confirmProps: { color: "red" },
      onConfirm: () =>
        remove.mutate(
          { groupId: group.id, subscriberIds: ids },
          {
            // The last members of a page gone, the list table steps back a page.
            onSuccess: ({ affected }) => {
              notify.success(
                t("{{n}} removed from '{{group}}'", { n: affected, group: group.name }),
              );
              setSelection(NO_SELECTION);
            },
          },
        ),
    });
  };

  const total = members.data?.total ?? 0;
  const nobody = members.isSuccess && total === 0 && !view.query;
  const picked = selection.mode === "ids" ? selection.ids : [];

  return (
    <Paper withBorder radius="lg" p={{ base: "sm", sm: "lg" }}>
      <Stack gap="md">
        <Group justify="space-between" gap="xs">
          <Group gap="xs">
            <Title order={3} fz="lg">
              {t("Members")}
            </Title>
            {members.isSuccess && (
              <Badge variant="light" data-testid="members-total">
                {formatNumber(total)}
              </Badge>
            )}
          </Group>
          {isStatic && (
            <Group gap="xs">
              <Button leftSection={<IconUserPlus size={16} />} onClick={() => setAdding(true)}>
                {t("Add subscribers")}
              </Button>
            </Group>
          )}
        </Group>
        {!isStatic && (
          <Text size="sm" c="dimmed">
            {t("Whoever the saved rules match right now. Change the rules to change who is in it.")}
          </Text>
        )}
        <ListTable<Subscriber>
          frame="inline"
          query={members}
          list={view}
          records={rows}
          total={total}
          nothingYet={nobody}
          icon={<IconUsers size={28} />}
          failedTitle={t("Members could not be loaded")}
          empty={{
            title: isStatic ? t("No members yet") : t("Nobody matches these rules yet"),
            description: isStatic
              ? t(
                  "Add subscribers here, choose this group when importing, or add people from Manage Subscribers.",
                )
              : t("Subscribers join as soon as their details match the rules."),
            action: isStatic
              ? { label: t("Add subscribers"), onClick: () => setAdding(true) }
              : undefined,
          }}
          toolbar={
            <ListSearch label={t("Search members")} value={view.query} onSearch={view.setQuery} />
          }
          bulkBar={
            isStatic && (
              <BulkBar
                selection={selection}
                total={total}
                pageIds={rows.map((r) => r.id)}
                noun={t("members")}
                onClear={() => setSelection(NO_SELECTION)}
              >
                <Button
                  size="xs"
                  variant="light"
                  color="red"
                  leftSection={<IconUserMinus size={14} />}
                  disabled={remove.isPending}
                  onClick={() => askRemove(picked)}
                >
                  {t("Remove {{n}}", { n: selectedCount(selection, total) })}
                </Button>
              </BulkBar>
            )
          }
          selection={
            isStatic
              ? {
                  value: selection,
                  onChange: setSelection,
                  label: (s) => subscriberName(s) || formatUsNumber(s.number),
                }
              : undefined
          }
          columns={[
            {
              accessor: "name",
              title: t("Name"),
              sortable: true,
              render: (s) => (
                <Stack gap={0}>
                  <Text size="sm" fw={500} c={subscriberName(s) ? undefined : "dimmed"}>
                    {subscriberName(s) || t("No name")}
                  </Text>
                  {/* Small screens have no Phone column: the number goes under the name. */}
                  <Text size="xs" c="dimmed" hiddenFrom="sm" style={{ whiteSpace: "nowrap" }}>
                    {formatUsNumber(s.number)}
                  </Text>
                </Stack>
              ),
            },
            {
              accessor: "number",
              title: t("Phone"),
              sortable: true,
              visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
              render: (s) => (
                <Text size="sm" style={{ whiteSpace: "nowrap" }}>
                  {formatUsNumber(s.number)}
                </Text>
              ),
            },
            {
              accessor: "email",
              title: t("Email"),
              visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.md})`,
              render: (s) => (
                <Text size="sm" c={s.email ? undefined : "dimmed"}>
                  {s.email || "—"}
                </Text>
              ),
            },
            {
              accessor: "date",
              title: t("Subscribed"),
              sortable: true,
              visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
              render: (s) => <Text size="sm">{dateFormat.format(new Date(s.date))}</Text>,
            },
            ...(isStatic
              ? [
                  {
                    accessor: "actions",
                    title: <VisuallyHidden>{t("Actions")}</VisuallyHidden>,
                    textAlign: "right" as const,
                    width: 56,
                    render: (s: Subscriber) => (
                      <Tooltip label={t("Remove from group")} withArrow>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          onClick={() => askRemove([s.id])}
                          aria-label={t("Remove {{name}} from group", {
                            name: subscriberName(s) || formatUsNumber(s.number),
                          })}
                        >
                          <IconUserMinus size={18} />
                        </ActionIcon>
                      </Tooltip>
                    ),
                  },
                ]
              : []),
          ]}
        />
      </Stack>
      {isStatic && (
        <AddMembersModal group={group} opened={adding} onClose={() => setAdding(false)} />
      )}
    </Paper>
  );
}
