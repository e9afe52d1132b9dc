import { Alert, Badge, Group, Stack, Text } from "@mantine/core";
import { IconAlertTriangle } from "@tabler/icons-react";
import type { TFunction } from "i18next";
import { useTranslation } from "react-i18next";
import type { IntegrationStatus } from "../../../../domain/integrations";
import { translateMessage } from "../../../i18n";
import { formatDateTime, useAccountTimeZone } from "../../../lib/format-date-time";

/**
 * The server's detail line ("2 active Zap triggers", "Connected with HubSpot sign-in") in the
 * active language: the Zap count is read back from it, the other lines are matched whole.
 */
export function detailText(detail: string, t: TFunction): string {
  const zaps = /^(\d+) active Zap triggers?$/.exec(detail);
  if (!zaps) return translateMessage(detail);
  const n = Number(zaps[1]);
  return t("{{n}} active Zap triggers", { count: n, n });
}

export function ConnectionBadge(props: { connected: boolean }) {
  const { t } = useTranslation();
  return props.connected ? (
    <Badge color="teal.9" variant="filled" data-testid="integration-state">
      {t("Connected")}
    </Badge>
  ) : (
    <Badge color="gray.7" variant="filled" data-testid="integration-state">
      {t("Not connected")}
    </Badge>
  );
}

/** Connection facts a person checks: since when, the last sync and what it did, the last error. */
export function IntegrationStatusPanel(props: { status: IntegrationStatus; syncLabel?: string }) {
  const { t } = useTranslation();
  const timeZone = useAccountTimeZone();
  const when = (iso: string | null) => (iso ? formatDateTime(iso, timeZone) : "");
  const s = props.status;
  return (
    <Stack gap="xs">
      <Group gap="xs">
        <ConnectionBadge connected={s.connected} />
        {s.detail && (
          <Text size="sm" c="dimmed">
            {detailText(s.detail, t)}
          </Text>
        )}
      </Group>
      {s.connected && (
        <Text size="sm">
          {t("Connected {{when}}.", { when: when(s.connectedAt) })}{" "}
          {!s.lastSyncAt
            ? t("Not synced yet.")
            : s.lastSyncSummary
              ? t("{{label}}: {{when}} ({{summary}}).", {
                  label: props.syncLabel ?? t("Last sync"),
                  when: when(s.lastSyncAt),
                  summary: translateMessage(s.lastSyncSummary),
                })
              : t("{{label}}: {{when}}.", {
                  label: props.syncLabel ?? t("Last sync"),
                  when: when(s.lastSyncAt),
                })}
        </Text>
      )}
      {s.lastError && (
        <Alert
          color="red"
          icon={<IconAlertTriangle size={18} />}
          p="sm"
          data-testid="integration-error"
        >
          {translateMessage(s.lastError)}
          {s.lastErrorAt ? ` (${when(s.lastErrorAt)})` : ""}
        </Alert>
      )}
    </Stack>
  );
}
