import { Button, Stack, Text, ThemeIcon } from "@mantine/core";
import type { ReactNode } from "react";

/** What a list shows when it has nothing yet: an icon, a line of why, and the next step. */
export function EmptyState(props: {
  icon: ReactNode;
  title: string;
  description?: ReactNode;
  action?: { label: string; onClick: () => void };
}) {
  return (
    <Stack align="center" gap="xs" py={48} px="md" ta="center" data-testid="empty-state">
      <ThemeIcon size={56} radius="xl" variant="light">
        {props.icon}
      </ThemeIcon>
      <Text fw={600} size="lg" mt="xs">
        {props.title}
      </Text>
      {props.description && (
        <Text c="dimmed" size="sm" maw={420}>
          {props.description}
        </Text>
      )}
      {props.action && (
        <Button mt="sm" onClick={props.action.onClick}>
          {props.action.label}
        </Button>
      )}
    </Stack>
  );
}
