import { Badge, Button, Group, Paper, Stack, Table, Text, Title } from "@mantine/core";
import { modals } from "@mantine/modals";
import { IconKey, IconListDetails, IconPlus, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import type { ApiKeyResponse } from "../../../../domain/api-keys";
import { EmptyState } from "../../../components/empty-state";
import { LoadFailed } from "../../../components/load-failed";
import { RowMenu } from "../../../components/row-menu";
import { TableSkeleton } from "../../../components/table-skeleton";
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
      {keys.isPending ? (
        <TableSkeleton rows={3} />
      ) : keys.isError ? (
        <LoadFailed
          icon={<IconKey size={28} />}
          title="API keys could not be loaded"
          query={keys}
        />
      ) : rows.length === 0 ? (
        <EmptyState
          icon={<IconKey size={28} />}
          title="No API keys yet"
          description="Create a key to reach your subscribers, groups, sends and conversations from your own code, Zapier or an AI assistant."
          action={{ label: "New API key", onClick: () => setCreating(true) }}
        />
      ) : (
        <Table.ScrollContainer minWidth={640}>
          <Table verticalSpacing="sm" data-testid="api-keys-table">
            <Table.Thead>
              <Table.Tr>
                <Table.Th>Name</Table.Th>
                <Table.Th>Scopes</Table.Th>
                <Table.Th>Created</Table.Th>
                <Table.Th>Last used</Table.Th>
                <Table.Th />
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {rows.map((k) => (
                <Table.Tr key={k.id} opacity={k.revokedAt ? 0.6 : 1}>
                  <Table.Td>
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
                  </Table.Td>
                  <Table.Td>
                    <Group gap={4}>
                      {k.scopes.map((s) => (
                        <Badge key={s} variant="light" size="sm" tt="none">
                          {s}
                        </Badge>
                      ))}
                    </Group>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">{formatDateTime(k.createdAt, tz)}</Text>
                  </Table.Td>
                  <Table.Td>
                    <Text size="sm">
                      {k.lastUsedAt ? formatDateTime(k.lastUsedAt, tz) : "Never"}
                    </Text>
                  </Table.Td>
                  <Table.Td ta="right">
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
                  </Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
      )}
      <CreateKeyModal opened={creating} onClose={() => setCreating(false)} />
      <KeyRequestsModal keyRow={logOf} onClose={() => setLogOf(null)} />
    </Paper>
  );
}
