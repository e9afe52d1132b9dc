import { Anchor, Code, Paper, SimpleGrid, Stack, Text, Title } from "@mantine/core";
import { Trans, useTranslation } from "react-i18next";
import { Link } from "react-router";
import { PageHeader } from "../../../components/page-header";
import { ApiKeysCard } from "../components/api-keys-card";
import { WebhooksCard } from "../components/webhooks-card";

/** /developer-dashboard (Developer Home): API keys, webhooks, and how to start. */
export default function DeveloperDashboardPage() {
  const { t } = useTranslation();
  const origin = window.location.origin;
  return (
    <>
      <PageHeader
        title={t("API keys and webhooks")}
        description={t("Connect Parley to your own code, Zapier or an AI assistant.")}
      />
      <Stack gap="lg">
        <SimpleGrid cols={{ base: 1, md: 3 }} spacing="md">
          <Paper withBorder radius="lg" p="md">
            <Title order={4} fz="md" mb={6}>
              {t("REST API")}
            </Title>
            <Text size="sm" c="dimmed">
              <Trans
                t={t}
                i18nKey="Everything the screens do, under <0>{{base}}</0> with <1>{{header}}</1>. <2>Read the reference</2>."
                values={{ base: `${origin}/api/v1`, header: "Authorization: Bearer <key>" }}
                components={[
                  <Code key="base" />,
                  <Code key="header" />,
                  <Anchor key="docs" href="/api/docs" target="_blank" />,
                ]}
              />
            </Text>
          </Paper>
          <Paper withBorder radius="lg" p="md">
            <Title order={4} fz="md" mb={6}>
              {t("Webhooks")}
            </Title>
            <Text size="sm" c="dimmed">
              {t(
                "Signed events posted to your server, retried for a day, in order for each subscriber.",
              )}
            </Text>
          </Paper>
          <Paper withBorder radius="lg" p="md">
            <Title order={4} fz="md" mb={6}>
              {t("AI assistants (MCP)")}
            </Title>
            <Text size="sm" c="dimmed">
              <Trans
                t={t}
                i18nKey="Let Claude or another MCP client search subscribers and draft texts. <0>Connect a client</0>."
                components={[<Anchor key="mcp" component={Link} to="/mcp" />]}
              />
            </Text>
          </Paper>
        </SimpleGrid>
        <ApiKeysCard />
        <WebhooksCard />
      </Stack>
    </>
  );
}
