import { Center, Paper, Text, Title } from "@mantine/core";
import { IconTools } from "@tabler/icons-react";
import { useLocation } from "react-router";
import { findRoute } from "../../../app/paths";
import { usePageMeta } from "../../../components/page-meta";

/** A public page whose issue has not landed, shown without the shell (visitors see no sidebar). */
export default function PublicNotBuiltPage() {
  const { pathname } = useLocation();
  const title = findRoute(pathname)?.title ?? "Parley";
  usePageMeta(title);
  return (
    <Center mih="100dvh" p="md">
      <Paper withBorder radius="lg" p="xl" maw={520} data-testid="not-built">
        <IconTools size={32} stroke={1.5} color="var(--mantine-color-brand-5)" />
        <Title order={2} mt="sm">
          {title}
        </Title>
        <Text c="dimmed" mt={6}>
          This screen is not built yet.
        </Text>
      </Paper>
    </Center>
  );
}
