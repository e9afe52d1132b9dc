import { Alert, Group, Loader, Modal, Paper, SimpleGrid, Stack, Table, Text } from "@mantine/core";
import { useTranslation } from "react-i18next";
import { formatNumber, translateMessage } from "../../../i18n";
import { useAutomationReport } from "../api/automations";

/** `testId` names the figure in English ("report-texts-sent") whatever the language shown. */
function Figure(props: { label: string; testId: string; value: number }) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Text size="xs" c="dimmed">
        {props.label}
      </Text>
      <Text fw={700} fz="xl" data-testid={`report-${props.testId}`}>
        {formatNumber(props.value)}
      </Text>
    </Paper>
  );
}

/** An automation's report: who entered, where people wait, who finished or left and why, and what its texts did. */
export function AutomationReport(props: { id: number }) {
  const { t } = useTranslation();
  const report = useAutomationReport(props.id);
  if (report.isPending)
    return (
      <Group justify="center" py="xl">
        <Loader />
      </Group>
    );
  if (report.isError) return <Alert color="red">{t("The report could not be loaded.")}</Alert>;
  const r = report.data;
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <Figure label={t("Entered", { context: "count" })} testId="entered" value={r.entered} />
        <Figure label={t("In progress")} testId="in-progress" value={r.active} />
        <Figure label={t("Completed")} testId="completed" value={r.completed} />
        <Figure
          label={t("Exited")}
          testId="exited"
          value={r.exited.reduce((n, x) => n + x.count, 0)}
        />
        <Figure label={t("Texts sent")} testId="texts-sent" value={r.texts} />
        <Figure label={t("Delivered")} testId="delivered" value={r.delivered} />
        <Figure label={t("Replies")} testId="replies" value={r.replies} />
        <Figure label={t("Clicks")} testId="clicks" value={r.clicks} />
        <Figure label={t("Opt-outs")} testId="opt-outs" value={r.optOuts} />
        <Figure label={t("Failed")} testId="failed" value={r.failed} />
      </SimpleGrid>
      <Table.ScrollContainer minWidth={360}>
        <Table striped withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>{t("Step")}</Table.Th>
              <Table.Th ta="right">{t("Waiting before it")}</Table.Th>
              <Table.Th ta="right">{t("Done")}</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {r.steps.map((s) => (
              <Table.Tr key={s.stepId}>
                <Table.Td>{translateMessage(s.label)}</Table.Td>
                <Table.Td ta="right">{s.waiting}</Table.Td>
                <Table.Td ta="right">{s.passed}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {r.exited.length > 0 && (
        <Stack gap={4}>
          <Text fw={600} size="sm">
            {t("Why people left")}
          </Text>
          {r.exited.map((x) => (
            <Group key={x.reason} justify="space-between" maw={360}>
              <Text size="sm">{translateMessage(x.label)}</Text>
              <Text size="sm" fw={600}>
                {x.count}
              </Text>
            </Group>
          ))}
        </Stack>
      )}
    </Stack>
  );
}

/** The report of one automation in a modal (lists and the builder); closed while `of` is null. */
export function AutomationReportModal(props: {
  of: { id: number; name: string } | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Modal
      opened={props.of !== null}
      onClose={props.onClose}
      title={props.of ? t("Report: {{name}}", { name: props.of.name }) : ""}
      size="lg"
    >
      {props.of && <AutomationReport id={props.of.id} />}
    </Modal>
  );
}
