import { Button, Card, Group, SimpleGrid, Skeleton, Stack, Text, Title } from "@mantine/core";
import { IconPlugConnected } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { INTEGRATION_INFO } from "../../../../domain/integrations";
import { LoadFailed } from "../../../components/load-failed";
import { PageHeader } from "../../../components/page-header";
import { translateMessage } from "../../../i18n";
import { useIntegrations } from "../api/integrations";
import { ConnectionBadge, detailText } from "../components/integration-status";

/** /addons/integrations: the three integrations, each connected or not, with its page. */
export default function IntegrationsPage() {
  const { t } = useTranslation();
  const query = useIntegrations();
  return (
    <>
      <PageHeader
        title={t("Integrations")}
        description={t("Connect Parley to the tools your business already uses.")}
      />
      {query.isError ? (
        <LoadFailed
          icon={<IconPlugConnected />}
          title={t("Integrations could not be loaded")}
          query={query}
        />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="md">
          {(query.data?.rows ?? [null, null, null]).map((row, i) =>
            row ? (
              <Card
                key={row.provider}
                withBorder
                radius="lg"
                p="lg"
                data-testid={`integration-${row.provider}`}
              >
                <Stack gap="sm" h="100%">
                  <Group justify="space-between" wrap="nowrap">
                    <div>
                      <Title order={3} fz="lg">
                        {row.name}
                      </Title>
                      <Text size="xs" c="dimmed">
                        {translateMessage(row.kind)}
                      </Text>
                    </div>
                    <ConnectionBadge connected={row.connected} />
                  </Group>
                  <Text size="sm" style={{ flex: 1 }}>
                    {translateMessage(INTEGRATION_INFO[row.provider].summary)}
                  </Text>
                  {row.connected && row.detail && (
                    <Text size="xs" c="dimmed">
                      {detailText(row.detail, t)}
                    </Text>
                  )}
                  {row.lastError && (
                    <Text size="xs" c="red.8">
                      {translateMessage(row.lastError)}
                    </Text>
                  )}
                  <Button
                    component={Link}
                    to={INTEGRATION_INFO[row.provider].path}
                    variant={row.connected ? "light" : "filled"}
                  >
                    {row.connected ? t("Manage") : t("Connect")}
                  </Button>
                </Stack>
              </Card>
            ) : (
              // biome-ignore lint/suspicious/noArrayIndexKey: placeholders while loading
              <Skeleton key={i} h={220} radius="lg" />
            ),
          )}
        </SimpleGrid>
      )}
    </>
  );
}
