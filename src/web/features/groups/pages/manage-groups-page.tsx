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
import { Link } from "react-router";
import { type Group as GroupRow, NO_GROUP_ID } from "../../../../domain/groups.schemas";
import { defineList } from "../../../components/list/list-params";
import { ListSearch } from "../../../components/list/list-search";
import { ListTable } from "../../../components/list/list-table";
import { useListState } from "../../../components/list/use-list-state";
import { PageHeader } from "../../../components/page-header";
import { RowMenu } from "../../../components/row-menu";
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
          notify.success(g.hidden ? `'${g.name}' is shown again` : `'${g.name}' is now hidden`),
      },
    );
  const askDelete = (g: GroupRow) =>
    confirmDeleteGroup(g, () =>
      remove.mutate(g.id, {
        // The last group of a page gone, the list table moves to the page before.
        onSuccess: () => notify.success(`Group '${g.name}' deleted`),
      }),
    );

  const total = list.data?.total ?? 0;
  const hasNoGroup = rows.some((g) => g.id === NO_GROUP_ID);

  return (
    <>
      <PageHeader
        title="Groups"
        description="Static groups hold the members you add; adaptive groups follow rules of their own."
        actions={
          <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
            New group
          </Button>
        }
      />
      <ListTable<GroupRow>
        query={list}
        list={view}
        records={rows}
        total={total}
        icon={<IconUsersGroup size={28} />}
        failedTitle="Groups could not be loaded"
        empty={{
          title: "No groups yet",
          description:
            "Create a group to send to part of your list: regulars, VIPs, a class or a neighbourhood.",
          action: { label: "New group", onClick: () => setCreating(true) },
        }}
        toolbar={<ListSearch label="Search groups" value={view.query} onSearch={view.setQuery} />}
        // 'No Group' rides along on the first page; it is not one of the groups counted.
        paginationText={({ from, to, totalRecords }) =>
          `${from}–${to - (hasNoGroup ? 1 : 0)} of ${totalRecords}`
        }
        rowStyle={(g) =>
          g.id === NO_GROUP_ID ? { background: "var(--mantine-color-default-hover)" } : undefined
        }
        columns={[
          {
            accessor: "name",
            title: "Name",
            render: (g) =>
              g.id === NO_GROUP_ID ? (
                <Stack gap={0}>
                  <Text size="sm" fw={600}>
                    {g.name}
                  </Text>
                  <Text size="xs" c="dimmed">
                    Subscribers who are in no group
                  </Text>
                </Stack>
              ) : (
                <Stack gap={0}>
                  <Anchor component={Link} to={groupDetailsPath(g.id)} size="sm" fw={600}>
                    {g.name}
                  </Anchor>
                  {/* Small screens have no Type and Visibility columns: say it here. */}
                  <Text size="xs" c="dimmed" hiddenFrom="sm">
                    {g.type === "adaptive" ? "Adaptive" : "Static"}
                    {g.hidden ? " · Hidden" : ""}
                  </Text>
                </Stack>
              ),
          },
          {
            accessor: "type",
            title: "Type",
            visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
            render: (g) =>
              g.id === NO_GROUP_ID ? null : g.type === "adaptive" ? (
                <Badge variant="light" color="grape" tt="none" leftSection={<IconBolt size={12} />}>
                  Adaptive
                </Badge>
              ) : (
                <Badge variant="light" color="blue" tt="none">
                  Static
                </Badge>
              ),
          },
          {
            accessor: "memberCount",
            title: "Members",
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
            title: "Visibility",
            visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
            render: (g) =>
              g.id === NO_GROUP_ID ? null : g.hidden ? (
                <Badge
                  variant="outline"
                  color="gray"
                  tt="none"
                  leftSection={<IconEyeOff size={12} />}
                >
                  Hidden
                </Badge>
              ) : (
                <Text size="sm" c="dimmed">
                  Shown
                </Text>
              ),
          },
          {
            accessor: "welcomeMessage",
            title: "Welcome message",
            visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.md})`,
            render: (g) =>
              g.id === NO_GROUP_ID ? null : g.welcomeMessage ? (
                <Tooltip label={g.welcomeMessage} withArrow maw={320}>
                  <Group gap={6} wrap="nowrap">
                    <IconMessageCheck size={16} color="var(--mantine-color-teal-6)" />
                    <Text size="sm">Set</Text>
                  </Group>
                </Tooltip>
              ) : (
                <Text size="sm" c="dimmed">
                  Not set
                </Text>
              ),
          },
          {
            accessor: "actions",
            title: <VisuallyHidden>Actions</VisuallyHidden>,
            textAlign: "right",
            width: 64,
            render: (g) =>
              g.id === NO_GROUP_ID ? null : (
                <RowMenu
                  name={g.name}
                  items={[
                    {
                      label: "Open details",
                      icon: <IconSettings size={16} />,
                      to: groupDetailsPath(g.id),
                    },
                    {
                      label: "Rename",
                      icon: <IconEdit size={16} />,
                      onClick: () => setRenaming(g),
                    },
                    {
                      label: g.hidden ? "Unhide" : "Hide",
                      icon: g.hidden ? <IconEye size={16} /> : <IconEyeOff size={16} />,
                      onClick: () => toggleHidden(g),
                    },
                    {
                      label: "Delete",
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
