import { Badge, Drawer, Paper, Stack, Text, UnstyledButton } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { AutomationGraph } from "../../../../domain/automation-graph";
import {
  outletsOf,
  STEP_LABELS,
  TRIGGER_NODE,
  targetOf,
} from "../../../../domain/workflow-builder";
import { translateMessage } from "../../../i18n";
import { type Lookups, stepSummary } from "./step-summary";

/**
 * The builder on a phone: the trigger and the steps as a list in the order people reach them,
 * with where each branch leads; a step opens the same side panel in a drawer.
 */
export function StepList(props: {
  graph: AutomationGraph;
  trigger: string;
  lookups: Lookups;
  problems: Map<string, string[]>;
  selectedId: string | null;
  onSelect: (id: string | null) => void;
  panel: ReactNode;
}) {
  const { t } = useTranslation();
  const { graph } = props;
  const byId = new Map(graph.steps.map((s) => [s.id, s]));
  // Reachable order first (breadth first from the start), then steps nothing reaches.
  const order: string[] = [];
  const queue = byId.has(graph.start) ? [graph.start] : [];
  while (queue.length) {
    const id = queue.shift() as string;
    if (order.includes(id)) continue;
    order.push(id);
    const s = byId.get(id);
    if (s)
      for (const o of outletsOf(s)) {
        const to = targetOf(s, o.handle);
        if (to && byId.has(to)) queue.push(to);
      }
  }
  for (const s of graph.steps) if (!order.includes(s.id)) order.push(s.id);
  const number = new Map(order.map((id, i) => [id, i + 1]));

  const card = (id: string, title: string, summary: string, extra?: ReactNode) => {
    const problems = props.problems.get(id) ?? [];
    return (
      <UnstyledButton key={id} onClick={() => props.onSelect(id)} data-testid="workflow-step-row">
        <Paper
          withBorder
          radius="md"
          p="sm"
          style={problems.length ? { borderColor: "var(--mantine-color-red-6)" } : undefined}
        >
          <Stack gap={4}>
            <Text size="xs" fw={700} tt="uppercase" c="dimmed">
              {title}
            </Text>
            <Text size="sm" style={{ overflowWrap: "anywhere" }}>
              {summary}
            </Text>
            {extra}
            {problems.map((p) => (
              <Text key={p} size="xs" c="red.8">
                <IconAlertTriangle size={12} /> {p}
              </Text>
            ))}
          </Stack>
        </Paper>
      </UnstyledButton>
    );
  };

  return (
    <>
      <Stack gap="xs" data-testid="workflow-step-list">
        {card(TRIGGER_NODE, t("Trigger"), props.trigger)}
        {order.map((id) => {
          const s = byId.get(id);
          if (!s) return null;
          const outs = outletsOf(s);
          return card(
            id,
            `${number.get(id)}. ${s.label || translateMessage(STEP_LABELS[s.type])}`,
            stepSummary(s, props.lookups),
            outs.length > 0 && (
              <Stack gap={2}>
                {outs.map((o) => {
                  const to = targetOf(s, o.handle);
                  return (
                    <Badge key={o.handle} variant="light" color={to ? "blue" : "red"} size="sm">
                      {o.label ? translateMessage(o.label) : t("Then")} →{" "}
                      {to && number.has(to) ? t("step {{n}}", { n: number.get(to) }) : t("nowhere")}
                    </Badge>
                  );
                })}
              </Stack>
            ),
          );
        })}
      </Stack>
      <Drawer
        opened={props.selectedId !== null}
        onClose={() => props.onSelect(null)}
        position="bottom"
        size="85%"
        title={t("Edit step")}
      >
        {props.panel}
      </Drawer>
    </>
  );
}
