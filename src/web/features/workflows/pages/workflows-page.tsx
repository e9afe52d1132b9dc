import { Anchor, Button, Group, Stack, Text, VisuallyHidden } from "@mantine/core";
import { modals } from "@mantine/modals";
import {
  IconChartBar,
  IconCopy,
  IconHierarchy2,
  IconPlus,
  IconSettings,
  IconTrash,
} from "@tabler/icons-react";
import { useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import type { AutomationSummary } from "../../../../domain/automations.schemas";
import { ListTable } from "../../../components/list/list-table";
import { PageHeader } from "../../../components/page-header";
import { RowMenu, RunToggle } from "../../../components/row-menu";
import { ApiError } from "../../../lib/api-client";
import { formatDateTime, useAccountTimeZone } from "../../../lib/format-date-time";
import { notify } from "../../../lib/notify";
import { useDeleteAutomation, useSetAutomationStatus } from "../../automations/api/automations";
import { automationFigureColumns } from "../../automations/components/automation-columns";
import { AutomationToolbar, useAutomationList } from "../../automations/components/automation-list";
import { AutomationReportModal } from "../../automations/components/automation-report";
import { EngineClock } from "../../automations/components/engine-clock";
import { StatusBadge } from "../../automations/components/status-badge";
import { useDuplicateWorkflow } from "../api/workflows";
import { triggerLabel, triggerSummary, useLookups } from "../components/step-summary";
import { builderPath, formPath, slugOf } from "../workflow-paths";

/** /workflows: every workflow, its state and figures; publish, pause, duplicate, delete, report. */
export default function WorkflowsPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { view, list, rows, total } = useAutomationList("workflow");
  const setStatus = useSetAutomationStatus();
  const remove = useDeleteAutomation();
  const duplicate = useDuplicateWorkflow();
  const tz = useAccountTimeZone();
  const lookups = useLookups();
  const [report, setReport] = useState<AutomationSummary | null>(null);
  const create = formPath("new", "trigger");

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
        onError: (e) => e instanceof ApiError && notify.error(e.message),
      },
    );

  const askDelete = (a: AutomationSummary) =>
    modals.openConfirmModal({
      title: t("Delete workflow"),
      children: (
        <Text size="sm">
          <Trans
            t={t}
            i18nKey="Delete <0>{{name}}</0>?"
            values={{ name: a.name }}
            components={[<b key="name" />]}
          />{" "}
          {a.active > 0
            ? t("The {{count}} people in it leave at once and its report is lost.", {
                count: a.active,
              })
            : t("Its report is lost.")}
        </Text>
      ),
      labels: { confirm: t("Delete"), cancel: t("Cancel") },
      confirmProps: { color: "red" },
      onConfirm: () =>
        remove.mutate(a.id, {
          onSuccess: () => notify.success(t("{{name}} deleted", { name: a.name })),
        }),
    });

  const copy = (a: AutomationSummary) =>
    duplicate.mutate(a.id, {
      onSuccess: (c) => notify.success(t("{{name}} created as a draft", { name: c.name })),
    });

  return (
    <>
      <PageHeader
        title={t("Workflows")}
        description={t(
          "Automations you draw: a trigger, then texts, waits, conditions and actions, for each person who sets it off.",
        )}
        actions={
          <Button leftSection={<IconPlus size={16} />} component={Link} to={create}>
            {t("Create Workflow")}
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
        icon={<IconHierarchy2 size={28} />}
        failedTitle={t("Workflows could not be loaded")}
        empty={{
          title: t("No workflows yet"),
          description: t(
            "Answer a keyword, follow up on a click, wish a happy birthday, or branch on what people reply.",
          ),
          action: { label: t("Create Workflow"), onClick: () => navigate(create) },
        }}
        toolbar={<AutomationToolbar view={view} searchLabel={t("Search workflows")} />}
        columns={[
          {
            accessor: "name",
            title: t("Name"),
            sortable: true,
            render: (a) => (
              <Stack gap={2}>
                <Text fw={600} size="sm">
                  <Anchor component={Link} inherit to={builderPath(a.id)}>
                    {a.name}
                  </Anchor>
                </Text>
                <Text size="xs" c="dimmed">
                  {triggerLabel(a.trigger.type)}
                  {a.trigger.type === "api" || a.trigger.type === "form.submitted"
                    ? ""
                    : `: ${triggerSummary(a.trigger, lookups)}`}{" "}
                  · {t("version {{version}}", { version: a.version })}
                </Text>
                <StatusBadge status={a.status} hiddenFrom="xs" size="sm" />
              </Stack>
            ),
          },
          ...automationFigureColumns(),
          {
            accessor: "updatedAt",
            title: t("Last change"),
            sortable: true,
            visibleMediaQuery: "(min-width: 62em)",
            render: (a) => (
              <Text size="sm" c="dimmed">
                {formatDateTime(a.updatedAt, tz)}
              </Text>
            ),
          },
          {
            accessor: "actions",
            title: <VisuallyHidden>{t("Actions")}</VisuallyHidden>,
            textAlign: "right",
            render: (a) => (
              <Group gap={4} justify="flex-end" wrap="nowrap">
                <RunToggle
                  name={a.name}
                  running={a.status === "active"}
                  startVerb={a.status === "draft" ? t("Publish") : t("Resume")}
                  onChange={(run) => change(a, run ? "active" : "paused")}
                />
                <RowMenu
                  name={a.name}
                  items={[
                    {
                      label: t("Open builder"),
                      icon: <IconHierarchy2 size={14} />,
                      to: builderPath(a.id),
                    },
                    {
                      label: t("Trigger and name"),
                      icon: <IconSettings size={14} />,
                      to: formPath("edit", "details", slugOf(a.trigger.type), a.id),
                    },
                    {
                      label: t("Report"),
                      icon: <IconChartBar size={14} />,
                      onClick: () => setReport(a),
                    },
                    {
                      label: t("Duplicate"),
                      icon: <IconCopy size={14} />,
                      onClick: () => copy(a),
                    },
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
