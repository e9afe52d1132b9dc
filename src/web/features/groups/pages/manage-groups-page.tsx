import { Anchor, Badge, Button, Group, Stack, Text, Tooltip, VisuallyHidden } from "@mantine/core";
import {
  IconBolt,
  IconEdit,
  IconEye,
  IconEyeOff,
  IconMessageCheck,
  IconPlus,
  IconSettings,
  IconTrash,
  IconUsersGroup,
} from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { type Group as GroupRow, NO_GROUP_ID } from "../../../../domain/groups.schemas";
import { defineList } from "../../../components/list/list-params";
import { ListSearch } from "../../../components/list/list-search";
import { ListTable } from "../../../components/list/list-table";
import { useListState } from "../../../components/list/use-list-state";
import { PageHeader } from "../../../components/page-header";
import { RowMenu } from "../../../components/row-menu";
import { translateMessage } from "../../../i18n";
import { notify } from "../../../lib/notify";
import { useAdaptiveMemberCounts } from "../api/adaptive-member-counts";
import { useDeleteGroup } from "../api/delete-group";
import { useGroups } from "../api/list-groups";
import { useUpdateGroup } from "../api/update-group";
import { confirmDeleteGroup } from "../components/confirm-delete-group";
import { CreateGroupModal } from "../components/create-group-modal";
import { MemberCountCell } from "../components/member-count-cell";
import { RenameGroupModal } from "../components/rename-group-modal";
import { groupDetailsPath } from "../lib/group-paths";

const GROUPS_LIST = defineList({});

/** /manage-groups: every group with its type, live member count, flags and actions. */
export default function ManageGroupsPage() {
  const { t } = useTranslation();
  const view = useListState(GROUPS_LIST, "mg");
  const list = useGroups({ ...view.paging, query: view.query });
  const rows = list.data?.rows ?? [];
  const adaptiveIds = rows.filter((g) => g.type === "adaptive").map((g) => g.id);
  const counts = useAdaptiveMemberCounts(adaptiveIds);
  const update = useUpdateGroup();
  const remove = useDeleteGroup();
  const [creating, setCreating] = useState(false);
  const [renaming, setRenaming] = useState<GroupRow | null>(null);

  const toggleHidden = (g: GroupRow) =>
    update.mutate(
      { id: g.id, input: { hidden: !g.hidden } },
      {
        onSuccess: () =>
          notify.success(
            g.hidden
              ? t("'{{name}}' is shown again", { name: g.name })
              : t("'{{name}}' is now hidden", { name: g.name }),
          ),
      },
    );
  const askDelete = (g: GroupRow) =>
    confirmDeleteGroup(g, () =>
      remove.mutate(g.id, {
        // The last group of a page gone, the list table moves to the page before.
        onSuccess: () => notify.success(t("Group '{{name}}' deleted", { name: g.name })),
      }),
    );

  const total = list.data?.total ?? 0;
  const hasNoGroup = rows.some((g) => g.id === NO_GROUP_ID);

  return (
    <>
      <PageHeader
        title={t("Groups")}
        description={t(
          "Static groups hold the members you add; adaptive groups follow rules of their own.",
        )}
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
            {t("New group")}
          </Button>
        }
      />
      <ListTable<GroupRow>
        query={list}
        list={view}
        records={rows}
        total={total}
        icon={<IconUsersGroup size={28} />}
        failedTitle={t("Groups could not be loaded")}
        empty={{
          title: t("No groups yet"),
          description: t(
            "Create a group to send to part of your list: regulars, VIPs, a class or a neighbourhood.",
          ),
          action: { label: t("New group"), onClick: () => setCreating(true) },
        }}
        toolbar={
          <ListSearch label={t("Search groups")} value={view.query} onSearch={view.setQuery} />
        }
        // 'No Group' rides along on the first page; it is not one of the groups counted.
        paginationText={({ from, to, totalRecords }) =>
          t("{{from}}–{{to}} of {{total}}", {
            from,
            to: to - (hasNoGroup ? 1 : 0),
            total: totalRecords,
          })
        }
        rowStyle={(g) =>
          g.id === NO_GROUP_ID ? { background: "var(--mantine-color-default-hover)" } : undefined
        }
        columns={[
          {
            accessor: "name",
            title: t("Name"),
            render: (g) =>
              g.id === NO_GROUP_ID ? (
                <Stack gap={0}>
                  <Text size="sm" fw={600}>
                    {translateMessage(g.name)}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t("Subscribers who are in no group")}
                  </Text>
                </Stack>
              ) : (
                <Stack gap={0}>
                  <Anchor component={Link} to={groupDetailsPath(g.id)} size="sm" fw={600}>
                    {g.name}
                  </Anchor>
                  {/* Small screens have no Type and Visibility columns: say it here. */}
                  <Text size="xs" c="dimmed" hiddenFrom="sm">
                    {g.type === "adaptive" ? t("Adaptive") : t("Static")}
                    {g.hidden ? ` · ${t("Hidden")}` : ""}
                  </Text>
                </Stack>
              ),
          },
          {
            accessor: "type",
            title: t("Type"),
            visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
            render: (g) =>
              g.id === NO_GROUP_ID ? null : g.type === "adaptive" ? (
                <Badge variant="light" color="grape" tt="none" leftSection={<IconBolt size={12} />}>
                  {t("Adaptive")}
                </Badge>
              ) : (
                <Badge variant="light" color="blue" tt="none">
                  {t("Static")}
                </Badge>
              ),
          },
          {
            accessor: "memberCount",
            title: t("Members"),
            textAlign: "right",
            render: (g) => (
              <Group justify="flex-end">
                <MemberCountCell
                  group={g}
                  adaptiveCounts={counts.data}
                  countsLoading={counts.isPending || counts.isFetching}
                />
              </Group>
            ),
          },
          {
            accessor: "hidden",
            title: t("Visibility"),
            visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
            render: (g) =>
              g.id === NO_GROUP_ID ? null : g.hidden ? (
                <Badge
                  variant="outline"
                  color="gray"
                  tt="none"
                  leftSection={<IconEyeOff size={12} />}
                >
                  {t("Hidden")}
                </Badge>
              ) : (
                <Text size="sm" c="dimmed">
                  {t("Shown")}
                </Text>
              ),
          },
          {
            accessor: "welcomeMessage",
            title: t("Welcome message"),
            visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.md})`,
            render: (g) =>
              g.id === NO_GROUP_ID ? null : g.welcomeMessage ? (
                <Tooltip label={g.welcomeMessage} withArrow maw={320}>
                  <Group gap={6} wrap="nowrap">
                    <IconMessageCheck size={16} color="var(--mantine-color-teal-6)" />
                    <Text size="sm">{t("Set")}</Text>
                  </Group>
                </Tooltip>
              ) : (
                <Text size="sm" c="dimmed">
                  {t("Not set")}
                </Text>
              ),
          },
          {
            accessor: "actions",
            title: <VisuallyHidden>{t("Actions")}</VisuallyHidden>,
            textAlign: "right",
            width: 64,
            render: (g) =>
              g.id === NO_GROUP_ID ? null : (
                <RowMenu
                  name={g.name}
                  items={[
                    {
                      label: t("Open details"),
                      icon: <IconSettings size={16} />,
                      to: groupDetailsPath(g.id),
                    },
                    {
                      label: t("Rename"),
                      icon: <IconEdit size={16} />,
                      onClick: () => setRenaming(g),
                    },
                    {
                      label: g.hidden ? t("Unhide") : t("Hide"),
                      icon: g.hidden ? <IconEye size={16} /> : <IconEyeOff size={16} />,
                      onClick: () => toggleHidden(g),
                    },
                    {
                      label: t("Delete"),
                      icon: <IconTrash size={16} />,
                      onClick: () => askDelete(g),
                      danger: true,
                    },
                  ]}
                />
              ),
          },
        ]}
      />
      <CreateGroupModal opened={creating} onClose={() => setCreating(false)} />
      <RenameGroupModal group={renaming} onClose={() => setRenaming(null)} />
    </>
  );
}
