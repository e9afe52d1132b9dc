import { Badge, Group, Paper, Stack, Text, ThemeIcon } from "@mantine/core";
import { IconAlertTriangle, IconBolt } from "@tabler/icons-react";
import { Handle, type Node, type NodeProps, Position } from "@xyflow/react";
import { useTranslation } from "react-i18next";
import type { Outlet } from "../../../../domain/workflow-builder";
import { translateMessage } from "../../../i18n";
import classes from "./workflow-builder.module.css";

export type StepNodeData = {
  title: string;
  summary: string;
  problems: string[];
  outlets: Outlet[];
  isTrigger: boolean;
  isEnd: boolean;
  /** People waiting at this step now (running workflows). */
  waiting: number;
};
export type StepNodeType = Node<StepNodeData, "step">;

/** A step (or the trigger) on the canvas: its name, what it does, its problems, its outlets. */
export function StepNode(props: NodeProps<StepNodeType>) {
  const { t } = useTranslation();
  const d = props.data;
  const bad = d.problems.length > 0;
  return (
    <Paper
      withBorder
      radius="md"
      p="xs"
      pb={d.outlets.length > 0 && d.outlets.some((o) => o.label) ? 30 : undefined}
      className={classes.node}
      data-selected={props.selected || undefined}
      data-invalid={bad || undefined}
      data-testid="workflow-node"
      data-node-id={props.id}
      aria-label={`${d.title}: ${d.summary}`}
    >
      {!d.isTrigger && <Handle type="target" position={Position.Top} className={classes.handle} />}
      <Stack gap={4}>
        <Group gap={6} wrap="nowrap" justify="space-between">
          <Group gap={6} wrap="nowrap" style={{ minWidth: 0 }}>
            {d.isTrigger && (
              <ThemeIcon size="sm" variant="light" color="grape">
                <IconBolt size={14} />
              </ThemeIcon>
            )}
            <Text size="xs" fw={700} tt="uppercase" c="dimmed" truncate>
              {d.title}
            </Text>
          </Group>
          {d.waiting > 0 && (
            <Badge size="xs" variant="light" title={t("People waiting here")}>
              {d.waiting}
            </Badge>
          )}
        </Group>
        <Text size="sm" lineClamp={3} className={classes.summary}>
          {d.summary}
        </Text>
        {bad && (
          <Stack gap={2} data-testid="node-problems">
            {d.problems.map((p) => (
              <Group key={p} gap={4} wrap="nowrap" align="flex-start">
                <IconAlertTriangle
                  size={12}
                  color="var(--mantine-color-red-7)"
                  style={{ flexShrink: 0, marginTop: 2 }}
                />
                <Text size="xs" c="red.8">
                  {p}
                </Text>
              </Group>
            ))}
          </Stack>
        )}
      </Stack>
      {d.outlets.length > 0 && (
        <div className={classes.outlets}>
          {d.outlets.map((o, i) => (
            <div key={o.handle} className={classes.outlet}>
              {o.label && (
                <Text size="10px" fw={600} c="dimmed" className={classes.outletLabel}>
                  {translateMessage(o.label)}
                </Text>
              )}
              <Handle
                id={o.handle}
                type="source"
                position={Position.Bottom}
                className={classes.handle}
                style={{ left: `${((i + 0.5) / d.outlets.length) * 100}%` }}
              />
            </div>
          ))}
        </div>
      )}
    </Paper>
  );
}
