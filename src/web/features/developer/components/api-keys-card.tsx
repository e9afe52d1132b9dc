import { Badge, Button, Group, Paper, Stack, Text, Title, VisuallyHidden } from "@mantine/core";
import { modals } from "@mantine/modals";
import { IconKey, IconListDetails, IconPlus, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import type { ApiKeyResponse } from "../../../../domain/api-keys";
import { ListTable } from "../../../components/list/list-table";
import { RowMenu } from "../../../components/row-menu";
import { formatDateTime, useAccountTimeZone } from "../../../lib/format-date-time";
import { notify } from "../../../lib/notify";
import { useApiKeys, useRevokeApiKey } from "../api/api-keys";
import { CreateKeyModal } from "./create-key-modal";
import { KeyRequestsModal } from "./key-requests-modal";

/** The account's API keys: prefix, scopes, last use; request log and revoke. */
export function ApiKeysCard() {
  const keys = useApiKeys();
  const revoke = useRevokeApiKey();
  const tz = useAccountTimeZone();
  const [creating, setCreating] = useState(false);
  const [logOf, setLogOf] = useState<ApiKeyResponse | null>(null);
  const rows = keys.data?.rows ?? [];

  const askRevoke = (k: ApiKeyResponse) =>
    modals.openConfirmModal({
      title: "Revoke API key",
      children: (
        <Text size="sm">
          Revoke <b>{k.name}</b>? Anything using it stops working at once. This cannot be undone.
        </Text>
      ),
      labels: { confirm: "Revoke key", cancel: "Cancel" },
      confirmProps: { color: "red" },
      onConfirm: () =>
        revoke.mutate(k.id, { onSuccess: () => notify.success(`API key '${k.name}' revoked`) }),
    });

  return (
    <Paper withBorder radius="lg" p={{ base: "sm", sm: "md" }}>
      <Group justify="space-between" mb="sm">
        <Title order={3} fz="lg">
          API keys
        </Title>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
          New API key
        </Button>
      </Group>
      <ListTable<ApiKeyResponse>
        frame="inline"
        query={keys}
        records={rows}
        icon={<IconKey size={28} />}
        failedTitle="API keys could not be loaded"
        empty={{
          title: "No API keys yet",
          description:
            "Create a key to reach your subscribers, groups, sends and conversations from your own code, Zapier or an AI assistant.",
          action: { label: "New API key", onClick: () => setCreating(true) },
        }}
        testId="api-keys-table"
        rowStyle={(k) => (k.revokedAt ? { opacity: 0.6 } : undefined)}
        columns={[
          {
            accessor: "name",
            title: "Name",
            render: (k) => (
              <Stack gap={2}>
                <Group gap={6}>
                  <Text size="sm" fw={600}>
                    {k.name}
                  </Text>
                  {k.revokedAt && (
                    <Badge color="gray" size="sm">
                      Revoked
                    </Badge>
                  )}
                </Group>
                <Text size="xs" c="dimmed" ff="monospace">
                  {k.prefix}…
                </Text>
              </Stack>
            ),
          },
          {
            accessor: "scopes",
            title: "Scopes",
            render: (k) => (
              <Group gap={4}>
                {k.scopes.map((s) => (
                  <Badge key={s} variant="light" size="sm" tt="none">
                    {s}
                  </Badge>
                ))}
              </Group>
            ),
          },
          {
            accessor: "createdAt",
            title: "Created",
            visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
            render: (k) => <Text size="sm">{formatDateTime(k.createdAt, tz)}</Text>,
          },
          {
            accessor: "lastUsedAt",
            title: "Last used",
            visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
            render: (k) => (
              <Text size="sm">{k.lastUsedAt ? formatDateTime(k.lastUsedAt, tz) : "Never"}</Text>
            ),
          },
          {
            accessor: "actions",
            title: <VisuallyHidden>Actions</VisuallyHidden>,
            textAlign: "right",
            width: 64,
            render: (k) => (
              <RowMenu
                name={k.name}
                items={[
                  {
                    label: "Request log",
                    icon: <IconListDetails size={16} />,
                    onClick: () => setLogOf(k),
                  },
                  !k.revokedAt && {
                    label: "Revoke",
                    icon: <IconTrash size={16} />,
                    onClick: () => askRevoke(k),
                    danger: true,
                  },
                ]}
              />
            ),
          },
        ]}
      />
      <CreateKeyModal opened={creating} onClose={() => setCreating(false)} />
      <KeyRequestsModal keyRow={logOf} onClose={() => setLogOf(null)} />
    </Paper>
  );
}
