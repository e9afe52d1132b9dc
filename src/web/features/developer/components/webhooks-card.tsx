import { Badge, Button, Group, Paper, Stack, Text, Title, VisuallyHidden } from "@mantine/core";
import { modals } from "@mantine/modals";
import {
  IconPlayerPause,
  IconPlayerPlay,
  IconPlus,
  IconSend,
  IconTrash,
  IconWebhook,
} from "@tabler/icons-react";
import { useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { ListTable } from "../../../components/list/list-table";
import { RowMenu } from "../../../components/row-menu";
import { translateMessage } from "../../../i18n";
import { notify } from "../../../lib/notify";
import { useDeleteWebhook, useUpdateWebhook, useWebhooks } from "../api/webhooks";
import { CreateWebhookModal } from "./create-webhook-modal";
import { WebhookDeliveriesModal } from "./webhook-deliveries-modal";

interface Hook {
  id: number;
  url: string;
  events: string[];
  enabled: boolean;
  disabledReason: string | null;
}

/** Outgoing webhooks: where events go, on or off (and why), deliveries with replay. */
export function WebhooksCard() {
  const { t } = useTranslation();
  const hooks = useWebhooks();
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const [creating, setCreating] = useState(false);
  const [logOf, setLogOf] = useState<Hook | null>(null);
  const rows = hooks.data?.rows ?? [];

  const askDelete = (h: Hook) =>
    modals.openConfirmModal({
      title: t("Delete webhook"),
      children: (
        <Text size="sm" style={{ overflowWrap: "anywhere" }}>
          <Trans
            t={t}
            i18nKey="Stop sending events to <0>{{url}}</0> and delete its delivery log?"
            values={{ url: h.url }}
            components={[<b key="url" />]}
          />
        </Text>
      ),
      labels: { confirm: t("Delete webhook"), cancel: t("Cancel") },
      confirmProps: { color: "red" },
      onConfirm: () =>
        remove.mutate(h.id, { onSuccess: () => notify.success(t("Webhook deleted")) }),
    });
  const toggle = (h: Hook) =>
    update.mutate(
      { id: h.id, input: { enabled: !h.enabled } },
      {
        onSuccess: () =>
          notify.success(h.enabled ? t("Webhook turned off") : t("Webhook turned on")),
      },
    );

  return (
    <Paper withBorder radius="lg" p={{ base: "sm", sm: "md" }}>
      <Group justify="space-between" mb="sm">
        <Title order={3} fz="lg">
          {t("Webhooks")}
        </Title>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
          {t("New webhook")}
        </Button>
      </Group>
      <ListTable<Hook>
        frame="inline"
        query={hooks}
        records={rows}
        icon={<IconWebhook size={28} />}
        failedTitle={t("Webhooks could not be loaded")}
        empty={{
          title: t("No webhooks yet"),
          description: t(
            "Have Parley post signed events (messages received, opt-outs, new subscribers, finished sends) to your server as they happen.",
          ),
          action: { label: t("New webhook"), onClick: () => setCreating(true) },
        }}
        columns={[
          {
            accessor: "url",
            title: t("Address"),
            render: (h) => (
              <Text size="sm" maw={280} style={{ overflowWrap: "anywhere" }}>
                {h.url}
              </Text>
            ),
          },
          {
            accessor: "events",
            title: t("Events"),
            visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
            render: (h) => (
              <Group gap={4}>
                {h.events.map((e) => (
                  <Badge key={e} variant="light" size="sm" tt="none">
                    {e}
                  </Badge>
                ))}
              </Group>
            ),
          },
          {
            accessor: "enabled",
            title: t("Status"),
            render: (h) => (
              <Stack gap={2}>
                <Badge color={h.enabled ? "green" : "gray"} variant="light">
                  {h.enabled ? t("On") : t("Off")}
                </Badge>
                {h.disabledReason && (
                  <Text size="xs" c="red">
                    {translateMessage(h.disabledReason)}
                  </Text>
                )}
              </Stack>
            ),
          },
          {
            accessor: "actions",
            title: <VisuallyHidden>{t("Actions")}</VisuallyHidden>,
            textAlign: "right",
            width: 64,
            render: (h) => (
              <RowMenu
                name={h.url}
                items={[
                  {
                    label: t("Deliveries"),
                    icon: <IconSend size={16} />,
                    onClick: () => setLogOf(h),
                  },
                  {
                    label: h.enabled ? t("Turn off") : t("Turn on"),
                    icon: h.enabled ? <IconPlayerPause size={16} /> : <IconPlayerPlay size={16} />,
                    onClick: () => toggle(h),
                  },
                  {
                    label: t("Delete"),
                    icon: <IconTrash size={16} />,
                    onClick: () => askDelete(h),
                    danger: true,
                  },
                ]}
              />
            ),
          },
        ]}
      />
      <CreateWebhookModal opened={creating} onClose={() => setCreating(false)} />
      <WebhookDeliveriesModal hook={logOf} onClose={() => setLogOf(null)} />
    </Paper>
  );
}
