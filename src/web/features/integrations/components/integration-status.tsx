import { Alert, Badge, Group, Stack, Text } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import type { IntegrationStatus } from "../../../../domain/integrations";
import { formatDateTime, useAccountTimeZone } from "../../../lib/format-date-time";

export function ConnectionBadge(props: { connected: boolean }) {
  return props.connected ? (
    <Badge color="teal.9" variant="filled" data-testid="integration-state">
      Connected
    </Badge>
  ) : (
    <Badge color="gray.7" variant="filled" data-testid="integration-state">
      Not connected
    </Badge>
  );
}

/** Connection facts a person checks: since when, the last sync and what it did, the last error. */
export function IntegrationStatusPanel(props: { status: IntegrationStatus; syncLabel?: string }) {
  const timeZone = useAccountTimeZone();
  const when = (iso: string | null) => (iso ? formatDateTime(iso, timeZone) : "");
  const s = props.status;
  return (
    <Stack gap="xs">
      <Group gap="xs">
        <ConnectionBadge connected={s.connected} />
        {s.detail && (
          <Text size="sm" c="dimmed">
            {s.detail}
          </Text>
        )}
      </Group>
      {s.connected && (
        <Text size="sm">
          Connected {when(s.connectedAt)}.{" "}
          {s.lastSyncAt
            ? `${props.syncLabel ?? "Last sync"}: ${when(s.lastSyncAt)}${s.lastSyncSummary ? ` (${s.lastSyncSummary})` : ""}.`
            : "Not synced yet."}
        </Text>
      )}
      {s.lastError && (
        <Alert
          color="red"
          icon={<IconAlertTriangle size={18} />}
          p="sm"
          data-testid="integration-error"
        >
          {s.lastError}
          {s.lastErrorAt ? ` (${when(s.lastErrorAt)})` : ""}
        </Alert>
      )}
    </Stack>
  );
}
