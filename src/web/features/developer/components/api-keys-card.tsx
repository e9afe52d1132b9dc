import { Badge, Button, Group, Paper, Stack, Text, Title, VisuallyHidden } from "@mantine/core";
import { modals } from "@mantine/modals";
import { IconKey, IconListDetails, IconPlus, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { Trans, useTranslation } from "react-i18next";
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
  const { t } = useTranslation();
  const keys = useApiKeys();
  const revoke = useRevokeApiKey();
  const tz = useAccountTimeZone();
  const [creating, setCreating] = useState(false);
  const [logOf, setLogOf] = useState<ApiKeyResponse | null>(null);
  const rows = keys.data?.rows ?? [];

  const askRevoke = (k: ApiKeyResponse) =>
    modals.openConfirmModal({
      title: t("Revoke API key"),
      children: (
        <Text size="sm">
          <Trans
            t={t}
            i18nKey="Revoke <0>{{name}}</0>? Anything using it stops working at once. This cannot be undone."
            values={{ name: k.name }}
            components={[<b key="name" />]}
          />
        </Text>
      ),
      labels: { confirm: t("Revoke key"), cancel: t("Cancel") },
      confirmProps: { color: "red" },
      onConfirm: () =>
        revoke.mutate(k.id, {
          onSuccess: () => notify.success(t("API key '{{name}}' revoked", { name: k.name })),
        }),
    });

  return (
    <Paper withBorder radius="lg" p={{ base: "sm", sm: "md" }}>
      <Group justify="space-between" mb="sm">
        <Title order={3} fz="lg">
          {t("API keys")}
        </Title>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setCreating(true)}>
          {t("New API key")}
        </Button>
      </Group>
      <ListTable<ApiKeyResponse>
        frame="inline"
        query={keys}
        records={rows}
        icon={<IconKey size={28} />}
        failedTitle={t("API keys could not be loaded")}
        empty={{
          title: t("No API keys yet"),
          description: t(
            "Create a key to reach your subscribers, groups, sends and conversations from your own code, Zapier or an AI assistant.",
          ),
          action: { label: t("New API key"), onClick: () => setCreating(true) },
        }}
        testId="api-keys-table"
        columns={[
          {
            accessor: "name",
            title: t("Name"),
            render: (k) => (
              <Stack gap={2}>
                <Group gap={6}>
                  <Text size="sm" fw={600}>
                    {k.name}
                  </Text>
                  {k.revokedAt && (
                    <Badge color="dark" size="sm">
                      {t("Revoked")}
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
            title: t("Scopes"),
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
            title: t("Created"),
            visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
            render: (k) => <Text size="sm">{formatDateTime(k.createdAt, tz)}</Text>,
          },
          {
            accessor: "lastUsedAt",
            title: t("Last used"),
            visibleMediaQuery: (theme) => `(min-width: ${theme.breakpoints.sm})`,
            render: (k) => (
              <Text size="sm">{k.lastUsedAt ? formatDateTime(k.lastUsedAt, tz) : t("Never")}</Text>
            ),
          },
          {
            accessor: "actions",
            title: <VisuallyHidden>{t("Actions")}</VisuallyHidden>,
            textAlign: "right",
            width: 64,
            render: (k) => (
              <RowMenu
                name={k.name}
                items={[
                  {
                    label: t("Request log"),
                    icon: <IconListDetails size={16} />,
                    onClick: () => setLogOf(k),
                  },
                  !k.revokedAt && {
                    label: t("Revoke"),
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
