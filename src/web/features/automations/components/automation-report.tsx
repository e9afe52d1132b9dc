import { Alert, Group, Loader, Modal, Paper, SimpleGrid, Stack, Table, Text } from "@mantine/core";
import { useAutomationReport } from "../api/automations";

function Figure(props: { label: string; value: number }) {
  return (
    <Paper withBorder radius="md" p="sm">
      <Text size="xs" c="dimmed">
        {props.label}
      </Text>
      <Text
        fw={700}
        fz="xl"
        data-testid={`report-${props.label.toLowerCase().replace(/\s+/g, "-")}`}
      >
        {props.value.toLocaleString()}
      </Text>
    </Paper>
  );
}

/** An automation's report: who entered, where people wait, who finished or left and why, and what its texts did. */
export function AutomationReport(props: { id: number }) {
  const report = useAutomationReport(props.id);
  if (report.isPending)
    return (
      <Group justify="center" py="xl">
        <Loader />
      </Group>
    );
  if (report.isError) return <Alert color="red">The report could not be loaded.</Alert>;
  const r = report.data;
  return (
    <Stack gap="md">
      <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="sm">
        <Figure label="Entered" value={r.entered} />
        <Figure label="In progress" value={r.active} />
        <Figure label="Completed" value={r.completed} />
        <Figure label="Exited" value={r.exited.reduce((n, x) => n + x.count, 0)} />
        <Figure label="Texts sent" value={r.texts} />
        <Figure label="Delivered" value={r.delivered} />
        <Figure label="Replies" value={r.replies} />
        <Figure label="Clicks" value={r.clicks} />
        <Figure label="Opt-outs" value={r.optOuts} />
        <Figure label="Failed" value={r.failed} />
      </SimpleGrid>
      <Table.ScrollContainer minWidth={360}>
        <Table striped withTableBorder>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Step</Table.Th>
              <Table.Th ta="right">Waiting before it</Table.Th>
              <Table.Th ta="right">Done</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {r.steps.map((s) => (
              <Table.Tr key={s.stepId}>
                <Table.Td>{s.label}</Table.Td>
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
            Why people left
          </Text>
          {r.exited.map((x) => (
            <Group key={x.reason} justify="space-between" maw={360}>
              <Text size="sm">{x.label}</Text>
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
  return (
    <Modal
      opened={props.of !== null}
      onClose={props.onClose}
      title={props.of ? `Report: ${props.of.name}` : ""}
      size="lg"
    >
      {props.of && <AutomationReport id={props.of.id} />}
    </Modal>
  );
}
