import { Paper, Text, Title } from "@mantine/core";
import { IconTools } from "@tabler/icons-react";
import { useLocation } from "react-router";
import { findRoute } from "../../../app/paths";

/** Stands in for a screen whose issue has not landed: its title and an honest line, no made-up data. */
export default function NotBuiltPage() {
  const { pathname } = useLocation();
  const title = findRoute(pathname)?.title ?? "This page";
  return (
    <Paper withBorder radius="lg" p="xl" maw={640} data-testid="not-built">
      <IconTools size={32} stroke={1.5} color="var(--mantine-color-brand-5)" />
      <Title order={2} mt="sm">
        {title}
      </Title>
      <Text c="dimmed" mt={6}>
        This screen is not built yet.
      </Text>
    </Paper>
  );
}
