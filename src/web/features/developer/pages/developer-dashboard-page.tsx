import { Anchor, Code, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { Link } from "react-router";
import { PageHeader } from "../../../components/page-header";
import { ApiKeysCard } from "../components/api-keys-card";
import { WebhooksCard } from "../components/webhooks-card";

/** /developer-dashboard (Developer Home): API keys, webhooks, and how to start. */
export default function DeveloperDashboardPage() {
  const origin = window.location.origin;
  return (
    <>
      <PageHeader
        title="API keys and webhooks"
        description="Connect Parley to your own code, Zapier or an AI assistant."
      />
      <Stack gap="lg">
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
          <Paper withBorder radius="lg" p="md">
            <Title order={4} fz="md" mb={6}>
              REST API
            </Title>
            <Text size="sm" c="dimmed">
              Everything the screens do, under <Code>{origin}/api/v1</Code> with{" "}
              <Code>Authorization: Bearer &lt;key&gt;</Code>.{" "}
              <Anchor href="/api/docs" target="_blank">
                Read the reference
              </Anchor>
              .
            </Text>
          </Paper>
          <Paper withBorder radius="lg" p="md">
            <Title order={4} fz="md" mb={6}>
              Webhooks
            </Title>
            <Text size="sm" c="dimmed">
              Signed events posted to your server, retried for a day, in order for each subscriber.
            </Text>
          </Paper>
          <Paper withBorder radius="lg" p="md">
            <Title order={4} fz="md" mb={6}>
              AI assistants (MCP)
            </Title>
            <Text size="sm" c="dimmed">
              Let Claude or another MCP client search subscribers and draft texts.{" "}
              <Anchor component={Link} to="/mcp">
                Connect a client
              </Anchor>
              .
            </Text>
          </Paper>
        </SimpleGrid>
        <ApiKeysCard />
        <WebhooksCard />
      </Stack>
    </>
  );
}
