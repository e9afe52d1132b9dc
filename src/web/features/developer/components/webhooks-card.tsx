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
import { ListTable } from "../../../components/list/list-table";
import { RowMenu } from "../../../components/row-menu";
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
  const hooks = useWebhooks();
  const update = useUpdateWebhook();
  const remove = useDeleteWebhook();
  const [creating, setCreating] = useState(false);
  const [logOf, setLogOf] = useState<Hook | null>(null);
  const rows = hooks.data?.rows ?? [];

  const askDelete = (h: Hook) =>
    modals.openConfirmModal({
      title: "Delete webhook",
      children: (
        <Text size="sm" style={{ overflowWrap: "anywhere" }}>
          Stop sending events to <b>{h.url}</b> and delete its delivery log?
        </Text>
      ),
      labels: { confirm: "Delete webhook", cancel: "Cancel" },
      confirmProps: { color: "red" },
      onConfirm: () => remove.mutate(h.id, { onSuccess: () => notify.success("Webhook deleted") }),
    });
  const toggle = (h: Hook) =>
    update.mutate(
      { id: h.id, input: { enabled: !h.enabled } },
      { onSuccess: () => notify.success(h.enabled ? "Webhook turned off" : "Webhook turned on") },
    );

  return (
    <Paper withBorder radius="lg" p={{ base: "sm", sm: "md" }}>
      <Group justify="space-between" mb="sm">
        <Title order={3} fz="lg">
          Webhooks
        </Title>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
          New webhook
        </Button>
      </Group>
      <ListTable<Hook>
        frame="inline"
        query={hooks}
        records={rows}
        icon={<IconWebhook size={28} />}
        failedTitle="Webhooks could not be loaded"
        empty={{
          title: "No webhooks yet",
          description:
            "Have Parley post signed events (messages received, opt-outs, new subscribers, finished sends) to your server as they happen.",
          action: { label: "New webhook", onClick: () => setCreating(true) },
        }}
        columns={[
          {
            accessor: "url",
            title: "Address",
            render: (h) => (
              <Text size="sm" maw={280} style={{ overflowWrap: "anywhere" }}>
                {h.url}
              </Text>
            ),
          },
          {
            accessor: "events",
            title: "Events",
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
            title: "Status",
            render: (h) => (
              <Stack gap={2}>
                <Badge color={h.enabled ? "green" : "gray"} variant="light">
                  {h.enabled ? "On" : "Off"}
                </Badge>
                {h.disabledReason && (
                  <Text size="xs" c="red">
                    {h.disabledReason}
                  </Text>
                )}
              </Stack>
            ),
          },
          {
            accessor: "actions",
            title: <VisuallyHidden>Actions</VisuallyHidden>,
            textAlign: "right",
            width: 64,
            render: (h) => (
              <RowMenu
                name={h.url}
                items={[
                  {
                    label: "Deliveries",
                    icon: <IconSend size={16} />,
                    onClick: () => setLogOf(h),
                  },
                  {
                    label: h.enabled ? "Turn off" : "Turn on",
                    icon: h.enabled ? <IconPlayerPause size={16} /> : <IconPlayerPlay size={16} />,
                    onClick: () => toggle(h),
                  },
                  {
                    label: "Delete",
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
