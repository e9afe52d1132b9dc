import { Anchor, Button, Group, Stack, Text, VisuallyHidden } from "@mantine/core";
import { modals } from "@mantine/modals";
import { IconChartBar, IconEdit, IconPlus, IconRoute, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { type AutomationSummary, TRIGGER_LABELS } from "../../../../domain/automations.schemas";
import { ListTable } from "../../../components/list/list-table";
import { PageHeader } from "../../../components/page-header";
import { RowMenu, RunToggle } from "../../../components/row-menu";
import { ApiError } from "../../../lib/api-client";
import { notify } from "../../../lib/notify";
import { useDeleteAutomation, useSetAutomationStatus } from "../api/automations";
import { automationFigureColumns } from "../components/automation-columns";
import { AutomationToolbar, useAutomationList } from "../components/automation-list";
import { AutomationReportModal } from "../components/automation-report";
import { EngineClock } from "../components/engine-clock";
import { StatusBadge } from "../components/status-badge";

const EDIT = "/messages/drip-campaigns/edit";

/** /messages/drip-campaigns: the drips, their state and figures, pause and resume, reports. */
export default function DripCampaignsPage() {
  const navigate = useNavigate();
  const { view, list, rows, total } = useAutomationList("drip");
  const setStatus = useSetAutomationStatus();
  const remove = useDeleteAutomation();
  const [report, setReport] = useState<AutomationSummary | null>(null);

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
      <ListTable<AutomationSummary>
        query={list}
        list={view}
        records={rows}
        total={total}
        pagerWhenLong
        icon={<IconRoute size={28} />}
        failedTitle="Drip campaigns could not be loaded"
        empty={{
          title: "No drip campaigns yet",
          description:
            "Welcome new subscribers with a few texts over their first days, or wish them a happy birthday every year.",
          action: { label: "Create Drip Campaign", onClick: () => navigate(EDIT) },
        }}
        toolbar={<AutomationToolbar view={view} searchLabel="Search drip campaigns" />}
        columns={[
          {
            accessor: "name",
            title: "Name",
            sortable: true,
            render: (a) => (
              <Stack gap={2}>
                <Text fw={600} size="sm">
                  <Anchor component={Link} inherit to={`${EDIT}?id=${a.id}`}>
                    {a.name}
                  </Anchor>
                </Text>
                <Text size="xs" c="dimmed">
                  {TRIGGER_LABELS[a.trigger.type]}
                </Text>
                {/* On phones the status sits under the name (the column is too narrow). */}
                <StatusBadge status={a.status} hiddenFrom="xs" size="sm" />
              </Stack>
            ),
          },
          ...automationFigureColumns(),
          {
            accessor: "actions",
            title: <VisuallyHidden>Actions</VisuallyHidden>,
            textAlign: "right",
            render: (a) => (
              <Group gap={4} justify="flex-end" wrap="nowrap">
                <RunToggle
                  name={a.name}
                  running={a.status === "active"}
                  onChange={(run) => change(a, run ? "active" : "paused")}
                />
                <RowMenu
                  name={a.name}
                  items={[
                    {
                      label: "Report",
                      icon: <IconChartBar size={14} />,
                      onClick: () => setReport(a),
                    },
                    { label: "Edit", icon: <IconEdit size={14} />, to: `${EDIT}?id=${a.id}` },
                    {
                      label: "Delete",
                      icon: <IconTrash size={14} />,
                      onClick: () => askDelete(a),
                      danger: true,
                    },
                  ]}
                />
              </Group>
            ),
          },
        ]}
      />
      <AutomationReportModal of={report} onClose={() => setReport(null)} />
    </>
  );
}
