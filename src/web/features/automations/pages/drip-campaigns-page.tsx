import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Menu,
  Modal,
  Paper,
  Stack,
  Text,
  VisuallyHidden,
} from "@mantine/core";
import { modals } from "@mantine/modals";
import {
  IconChartBar,
  IconDots,
  IconEdit,
  IconPlayerPause,
  IconPlayerPlay,
  IconPlus,
  IconRoute,
  IconTrash,
} from "@tabler/icons-react";
import { DataTable } from "mantine-datatable";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { type AutomationSummary, TRIGGER_LABELS } from "../../../../domain/automations.schemas";
import { EmptyState } from "../../../components/empty-state";
import { LoadFailed } from "../../../components/load-failed";
import { PageHeader } from "../../../components/page-header";
import { TableSkeleton } from "../../../components/table-skeleton";
import { ApiError } from "../../../lib/api-client";
import { notify } from "../../../lib/notify";
import { useAutomations, useDeleteAutomation, useSetAutomationStatus } from "../api/automations";
import { AutomationReport } from "../components/automation-report";
import { EngineClock } from "../components/engine-clock";

const EDIT = "/messages/drip-campaigns/edit";

export const STATUS_COLOR = { draft: "gray", active: "teal", paused: "yellow" } as const;
export const STATUS_LABEL = { draft: "Draft", active: "Running", paused: "Paused" } as const;

/** /messages/drip-campaigns: the drips, their state and figures, pause and resume, reports. */
export default function DripCampaignsPage() {
  const navigate = useNavigate();
  const list = useAutomations("drip");
  const setStatus = useSetAutomationStatus();
  const remove = useDeleteAutomation();
  const [report, setReport] = useState<AutomationSummary | null>(null);
  const rows = list.data?.rows ?? [];

  const change = (a: AutomationSummary, status: "active" | "paused") =>
    setStatus.mutate(
      { id: a.id, status },
      {
        onSuccess: () =>
          notify.success(status === "active" ? `${a.name} is running` : `${a.name} is paused`),
        onError: (e) => e instanceof ApiError && notify.error(e.message),
      },
    );

  const askDelete = (a: AutomationSummary) =>
    modals.openConfirmModal({
      title: "Delete drip campaign",
      children: (
        <Text size="sm">
          Delete <b>{a.name}</b>? The {a.active} people in it leave at once and its report is lost.
        </Text>
      ),
      labels: { confirm: "Delete", cancel: "Cancel" },
      confirmProps: { color: "red" },
      onConfirm: () =>
        remove.mutate(a.id, { onSuccess: () => notify.success("Drip campaign deleted") }),
    });

  return (
    <>
      <PageHeader
        title="Drip Campaigns"
        description="A series of texts, each a while after the last, for everyone who joins a group, texts a keyword, signs up or reaches a date."
        actions={
          <Button leftSection={<IconPlus size={16} />} component={Link} to={EDIT}>
            Create Drip Campaign
          </Button>
        }
      />
      <EngineClock />
      <Paper withBorder radius="lg" p={{ base: "sm", sm: "md" }}>
        {list.isPending ? (
          <TableSkeleton />
        ) : list.isError ? (
          <LoadFailed
            icon={<IconRoute size={28} />}
            title="Drip campaigns could not be loaded"
            query={list}
          />
        ) : rows.length === 0 ? (
          <EmptyState
            icon={<IconRoute size={28} />}
            title="No drip campaigns yet"
            description="Welcome new subscribers with a few texts over their first days, or wish them a happy birthday every year."
            action={{ label: "Create Drip Campaign", onClick: () => navigate(EDIT) }}
          />
        ) : (
          <DataTable
            records={rows}
            idAccessor="id"
            minHeight={120}
            noRecordsText=""
            columns={[
              {
                accessor: "name",
                title: "Name",
                render: (a) => (
                  <Stack gap={2}>
                    <Text fw={600} size="sm">
                      <Link to={`${EDIT}?id=${a.id}`}>{a.name}</Link>
                    </Text>
                    <Text size="xs" c="dimmed">
                      {TRIGGER_LABELS[a.trigger.type]}
                    </Text>
                    {/* On phones the status sits under the name (the column is too narrow). */}
                    <Badge color={STATUS_COLOR[a.status]} hiddenFrom="xs" size="sm">
                      {STATUS_LABEL[a.status]}
                    </Badge>
                  </Stack>
                ),
              },
              {
                accessor: "status",
                title: "Status",
                visibleMediaQuery: "(min-width: 36em)",
                render: (a) => (
                  <Badge color={STATUS_COLOR[a.status]}>{STATUS_LABEL[a.status]}</Badge>
                ),
              },
              {
                accessor: "active",
                title: "In progress",
                textAlign: "right",
                visibleMediaQuery: "(min-width: 36em)",
              },
              {
                accessor: "completed",
                title: "Completed",
                textAlign: "right",
                visibleMediaQuery: "(min-width: 48em)",
              },
              {
                accessor: "texts",
                title: "Texts",
                textAlign: "right",
                visibleMediaQuery: "(min-width: 48em)",
              },
              {
                accessor: "actions",
                title: <VisuallyHidden>Actions</VisuallyHidden>,
                textAlign: "right",
                render: (a) => (
                  <Group gap={4} justify="flex-end" wrap="nowrap">
                    {a.status === "active" ? (
                      <ActionIcon
                        variant="subtle"
                        onClick={() => change(a, "paused")}
                        aria-label={`Pause ${a.name}`}
                      >
                        <IconPlayerPause size={16} />
                      </ActionIcon>
                    ) : (
                      <ActionIcon
                        variant="subtle"
                        onClick={() => change(a, "active")}
                        aria-label={`Start ${a.name}`}
                      >
                        <IconPlayerPlay size={16} />
                      </ActionIcon>
                    )}
                    <Menu position="bottom-end" withinPortal>
                      <Menu.Target>
                        <ActionIcon variant="subtle" aria-label={`More for ${a.name}`}>
                          <IconDots size={16} />
                        </ActionIcon>
                      </Menu.Target>
                      <Menu.Dropdown>
                        <Menu.Item
                          leftSection={<IconChartBar size={14} />}
                          onClick={() => setReport(a)}
                        >
                          Report
                        </Menu.Item>
                        <Menu.Item
                          leftSection={<IconEdit size={14} />}
                          component={Link}
                          to={`${EDIT}?id=${a.id}`}
                        >
                          Edit
                        </Menu.Item>
                        <Menu.Item
                          color="red"
                          leftSection={<IconTrash size={14} />}
                          onClick={() => askDelete(a)}
                        >
                          Delete
                        </Menu.Item>
                      </Menu.Dropdown>
                    </Menu>
                  </Group>
                ),
              },
            ]}
          />
        )}
      </Paper>
      <Modal
        opened={report !== null}
        onClose={() => setReport(null)}
        title={report ? `Report: ${report.name}` : ""}
        size="lg"
      >
        {report && <AutomationReport id={report.id} />}
      </Modal>
    </>
  );
}
