import { Anchor, Button, Group, Stack, Text, VisuallyHidden } from "@mantine/core";
import { modals } from "@mantine/modals";
import { IconChartBar, IconEdit, IconPlus, IconRoute, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { type AutomationSummary, TRIGGER_LABELS } from "../../../../domain/automations.schemas";
import { ListTable } from "../../../components/list/list-table";
import { PageHeader } from "../../../components/page-header";
import { RowMenu, RunToggle } from "../../../components/row-menu";
import { translateMessage } from "../../../i18n";
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
  const { t } = useTranslation();
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
          notify.success(
            status === "active"
              ? t("{{name}} is running", { name: a.name })
              : t("{{name}} is paused", { name: a.name }),
          ),
        onError: (e) => e instanceof ApiError && notify.error(translateMessage(e.message)),
      },
    );

  const askDelete = (a: AutomationSummary) =>
    modals.openConfirmModal({
      title: t("Delete drip campaign"),
      children: (
        <Text size="sm">
          <Trans
            t={t}
            i18nKey="Delete <0>{{name}}</0>? The {{n}} people in it leave at once and its report is lost."
            values={{ name: a.name, n: a.active }}
            components={[<b key="name" />]}
          />
        </Text>
      ),
      labels: { confirm: t("Delete"), cancel: t("Cancel") },
      confirmProps: { color: "red" },
      onConfirm: () =>
        remove.mutate(a.id, { onSuccess: () => notify.success(t("Drip campaign deleted")) }),
    });

  return (
    <>
      <PageHeader
        title={t("Drip Campaigns")}
        description={t(
          "A series of texts, each a while after the last, for everyone who joins a group, texts a keyword, signs up or reaches a date.",
        )}
        actions={
          <Button leftSection={<IconPlus size={16} />} component={Link} to={EDIT}>
            {t("Create Drip Campaign")}
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
        failedTitle={t("Drip campaigns could not be loaded")}
        empty={{
          title: t("No drip campaigns yet"),
          description: t(
            "Welcome new subscribers with a few texts over their first days, or wish them a happy birthday every year.",
          ),
          action: { label: t("Create Drip Campaign"), onClick: () => navigate(EDIT) },
        }}
        toolbar={<AutomationToolbar view={view} searchLabel={t("Search drip campaigns")} />}
        columns={[
          {
            accessor: "name",
            title: t("Name"),
            sortable: true,
            render: (a) => (
              <Stack gap={2}>
                <Text fw={600} size="sm">
                  <Anchor component={Link} inherit to={`${EDIT}?id=${a.id}`}>
                    {a.name}
                  </Anchor>
                </Text>
                <Text size="xs" c="dimmed">
                  {translateMessage(TRIGGER_LABELS[a.trigger.type])}
                </Text>
                {/* On phones the status sits under the name (the column is too narrow). */}
                <StatusBadge status={a.status} hiddenFrom="xs" size="sm" />
              </Stack>
            ),
          },
          ...automationFigureColumns(),
          {
            accessor: "actions",
            title: <VisuallyHidden>{t("Actions")}</VisuallyHidden>,
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
                      label: t("Report"),
                      icon: <IconChartBar size={14} />,
                      onClick: () => setReport(a),
                    },
                    { label: t("Edit"), icon: <IconEdit size={14} />, to: `${EDIT}?id=${a.id}` },
                    {
                      label: t("Delete"),

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
