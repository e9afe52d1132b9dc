import { Group, Stack, Text, Title } from "@mantine/core";
import type { ReactNode } from "react";

/** The top of a screen: its heading, an optional line under it, and actions on the right. */
export function PageHeader(props: { title: string; description?: ReactNode; actions?: ReactNode }) {
  return (
    <Group justify="space-between" align="flex-start" mb="lg" gap="sm" wrap="wrap">
      <Stack gap={4} style={{ minWidth: 0 }}>
        <Title order={2} fz={{ base: 22, sm: 26 }}>
          {props.title}
        </Title>
        {props.description && (
          <Text c="dimmed" size="sm">
            {props.description}
          </Text>
        )}
      </Stack>
      {props.actions && <Group gap="xs">{props.actions}</Group>}
    </Group>
  );
}
