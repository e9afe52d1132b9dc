import {
  Badge,
  Button,
  Code,
  Group,
  List,
  Paper,
  Skeleton,
  Stack,
  Table,
  Text,
  Title,
} from "@mantine/core";
import { IconBolt } from "@tabler/icons-react";
import { Trans, useTranslation } from "react-i18next";
import { INTEGRATION_INFO } from "../../../../domain/integrations";
import { WEBHOOK_EVENT_LABEL, type WebhookEvent } from "../../../../domain/webhooks";
import { EmptyState } from "../../../components/empty-state";
import { LoadFailed } from "../../../components/load-failed";
import { PageHeader } from "../../../components/page-header";
import { translateMessage } from "../../../i18n";
import { formatDateTime, formatDay, useAccountTimeZone } from "../../../lib/format-date-time";
import { useCreateZapierKey, useZapier } from "../api/integrations";
import { BackToIntegrations } from "../components/back-link";
import { CopyField } from "../components/copy-field";
import { DisconnectButton } from "../components/disconnect-button";
import { IntegrationStatusPanel } from "../components/integration-status";

/** /addons/integrations/zapier: how to connect Zapier (REST hooks + the API) and the live Zaps. */
export default function ZapierPage() {
  const { t } = useTranslation();
  const timeZone = useAccountTimeZone();
  const query = useZapier();
  const createKey = useCreateZapierKey();
  const origin = window.location.origin;
  const rows = query.data?.hooks ?? [];
  return (
    <>
      <BackToIntegrations />
      <PageHeader
        title={INTEGRATION_INFO.zapier.name}
        description={t(
          "Start Zaps from Parley events, and let Zaps add subscribers and send texts.",
        )}
        actions={
          query.data?.status.connected ? (
            <DisconnectButton
              path="zapier"
              name="Zapier"
              effect={t(
                "Every Zap that starts from a Parley event stops receiving events. Zaps that call Parley keep working until you revoke their API key on Developer Home.",
              )}
            />
          ) : undefined
        }
      />
      <Stack gap="lg" maw={900}>
        <Paper withBorder radius="lg" p="md">
          {query.isError ? (
            <LoadFailed icon={<IconBolt />} title={t("Zapier could not be loaded")} query={query} />
          ) : query.data ? (
            <IntegrationStatusPanel status={query.data.status} syncLabel={t("Last event sent")} />
          ) : (
            <Skeleton h={40} />
          )}
        </Paper>

        <Paper withBorder radius="lg" p="md">
          <Title order={3} fz="lg" mb="xs">
            {t("1. Create a key for Zapier")}
          </Title>
          <Text size="sm" mb="sm">
            {t(
              "Zapier signs in to Parley with an API key. This one may read and change subscribers and groups, send one-to-one texts and subscribe to events.",
            )}
          </Text>
          {createKey.data ? (
            <Stack gap={6}>
              <Text size="sm" fw={600}>
                {t("Your Zapier API key (shown once, copy it now)")}
              </Text>
              <CopyField label={t("API key")} value={createKey.data.key} testId="zapier-key" />
            </Stack>
          ) : (
            <Button onClick={() => createKey.mutate()} loading={createKey.isPending}>
              {t("Create Zapier key")}
            </Button>
          )}
        </Paper>

        <Paper withBorder radius="lg" p="md">
          <Title order={3} fz="lg" mb="xs">
            {t("2. Connect in Zapier")}
          </Title>
          <Text size="sm" mb="xs">
            {t(
              "In your Zap, choose Parley (or Webhooks by Zapier with REST hooks) and paste the key as the API key. Zapier uses these addresses:",
            )}
          </Text>
          <Stack gap={6}>
            <Text size="sm">{t("Connection test")}</Text>
            <CopyField
              label={t("connection test address")}
              value={`GET ${origin}/api/v1/zapier/me`}
            />
            <Text size="sm">{t("Subscribe (when a Zap is turned on)")}</Text>
            <CopyField
              label={t("subscribe address")}
              value={`POST ${origin}/api/v1/zapier/hooks`}
            />
            <Text size="sm">{t("Unsubscribe (when it is turned off)")}</Text>
            <CopyField
              label={t("unsubscribe address")}
              value={`DELETE ${origin}/api/v1/zapier/hooks/{id}`}
            />
            <Text size="sm">{t("Sample data for the Zap editor")}</Text>
            <CopyField
              label={t("sample address")}
              value={`GET ${origin}/api/v1/zapier/samples/{event}`}
            />
          </Stack>
          <Text size="sm" mt="sm">
            {t("Triggers:")}{" "}
            {Object.keys(WEBHOOK_EVENT_LABEL).map((e, i) => (
              <span key={e}>
                {i > 0 && ", "}
                <Code>{e}</Code>
              </span>
            ))}
            .
          </Text>
          <Text size="sm" mt="xs">
            <Trans
              t={t}
              i18nKey="Actions are Parley's public API with the same key, for example <0>POST /api/v1/subscribers</0>, <1>POST /api/v1/groups/{id}/members</1> and <2>POST /api/v1/messages</2>. See the <3>API reference</3>."
              components={[
                <Code key="subscribers" />,
                <Code key="members" />,
                <Code key="messages" />,
                // biome-ignore lint/a11y/useAnchorContent: Trans puts the link's words in
                <a key="docs" href="/api/docs" target="_blank" rel="noreferrer" />,
              ]}
            />
          </Text>
          <List size="sm" mt="xs" c="dimmed">
            <List.Item>
              {t("Opt-outs, quiet hours and credits apply to every text a Zap sends.")}
            </List.Item>
          </List>
        </Paper>

        <Paper withBorder radius="lg" p="md">
          <Title order={3} fz="lg" mb="sm">
            {t("Active Zap triggers")}
          </Title>
          {query.isPending ? (
            <Skeleton h={80} />
          ) : rows.length === 0 ? (
            <EmptyState
              icon={<IconBolt />}
              title={t("No Zaps yet")}
              description={t(
                "When you turn on a Zap that starts from a Parley event, it appears here.",
              )}
            />
          ) : (
            <Table.ScrollContainer minWidth={560}>
              <Table data-testid="zapier-hooks">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th>{t("Event")}</Table.Th>
                    <Table.Th>{t("Zapier address")}</Table.Th>
                    <Table.Th>{t("Since")}</Table.Th>
                    <Table.Th>{t("Last event")}</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {rows.map((h) => (
                    <Table.Tr key={h.id}>
                      <Table.Td>
                        {translateMessage(WEBHOOK_EVENT_LABEL[h.event as WebhookEvent] ?? h.event)}
                      </Table.Td>
                      <Table.Td style={{ overflowWrap: "anywhere" }}>{h.hookUrl}</Table.Td>
                      <Table.Td>{formatDay(h.createdAt, timeZone)}</Table.Td>
                      <Table.Td>
                        {h.lastDeliveryStatus ? (
                          <Group gap={6} wrap="nowrap">
                            <Badge
                              variant="filled"
                              color={
                                h.lastDeliveryStatus === "delivered"
                                  ? "teal.9"
                                  : h.lastDeliveryStatus === "failed"
                                    ? "red.8"
                                    : "gray.7"
                              }
                            >
                              {h.lastDeliveryStatus}
                            </Badge>
                            <Text size="xs" c="dimmed">
                              {h.lastDeliveryAt ? formatDateTime(h.lastDeliveryAt, timeZone) : ""}
                            </Text>
                          </Group>
                        ) : (
                          <Text size="sm" c="dimmed">
                            {t("None yet")}
                          </Text>
                        )}
                      </Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
          )}
        </Paper>
      </Stack>
    </>
  );
}
