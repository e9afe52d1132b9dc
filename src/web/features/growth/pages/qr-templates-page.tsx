import {
  ActionIcon,
  Badge,
  Button,
  Code,
  CopyButton,
  Group,
  Paper,
  SimpleGrid,
  Skeleton,
  Stack,
  Text,
  Title,
  Tooltip,
} from "@mantine/core";
import { modals } from "@mantine/modals";
import { IconCopy, IconEdit, IconPlus, IconQrcode, IconTrash } from "@tabler/icons-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import type { QrTemplateResponse } from "../../../../domain/growth-tools";
import { EmptyState } from "../../../components/empty-state";
import { LoadFailed } from "../../../components/load-failed";
import { PageHeader } from "../../../components/page-header";
import { useCurrentAccount } from "../../../lib/current-account";
import { formatDateTime, useAccountTimeZone } from "../../../lib/format-date-time";
import { notify } from "../../../lib/notify";
import { meCan } from "../../../lib/permissions";
import { useDeleteQrTemplate, useQrTemplates } from "../api/growth-tools";
import { QrPreview } from "../components/qr-preview";
import { QrTemplateEditor } from "../components/qr-template-editor";
import { fileNameOf } from "../lib/qr-image";

/**
 * /optins/qr-code-templates: styled QR codes (colours, a logo, a frame with text) for print. Each
 * holds a Parley link that counts the scan and opens the messaging app with the number and text.
 */
export default function QrTemplatesPage() {
  const { t } = useTranslation();
  const timeZone = useAccountTimeZone();
  const me = useCurrentAccount();
  const canEdit = meCan(me, "settings:write");
  const list = useQrTemplates();
  const remove = useDeleteQrTemplate();
  const [editing, setEditing] = useState<QrTemplateResponse | null | undefined>(undefined);

  const askDelete = (q: QrTemplateResponse) =>
    modals.openConfirmModal({
      title: t("Delete QR code template"),
      children: (
        <Text size="sm">
          {t(
            "Delete “{{name}}”? Codes already printed stop working: a scan shows that the code is no longer active.",
            { name: q.name },
          )}
        </Text>
      ),
      labels: { confirm: t("Delete template"), cancel: t("Cancel") },
      confirmProps: { color: "red" },
      onConfirm: () =>
        remove.mutate(q.id, { onSuccess: () => notify.success(t("Template deleted")) }),
    });

  return (
    <>
      <PageHeader
        title={t("QR Code Templates")}
        description={t(
          "Branded QR codes for flyers, menus and counters. Each scan is counted, then opens the phone's messaging app with your number and keyword.",
        )}
        actions={
          canEdit && (
            <Button leftSection={<IconPlus size={16} />} onClick={() => setEditing(null)}>
              {t("New template")}
            </Button>
          )
        }
      />
      {list.isPending ? (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }}>
          <Skeleton h={380} />
          <Skeleton h={380} />
        </SimpleGrid>
      ) : list.isError ? (
        <LoadFailed icon={<IconQrcode />} title={t("Templates could not be loaded")} query={list} />
      ) : list.data.rows.length === 0 ? (
        <EmptyState
          icon={<IconQrcode />}
          title={t("No QR code templates yet")}
          description={t("Make one with your colours, logo and a line of text, then print it.")}
          action={
            canEdit ? { label: t("New template"), onClick: () => setEditing(null) } : undefined
          }
        />
      ) : (
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 3 }} spacing="lg">
          {list.data.rows.map((q) => (
            <Paper key={q.id} withBorder radius="md" p="md" data-testid="qr-template">
              <Stack gap="sm">
                <Group justify="space-between" wrap="nowrap" align="flex-start">
                  <Stack gap={2} style={{ minWidth: 0 }}>
                    <Title order={3} size="h5" style={{ overflowWrap: "anywhere" }}>
                      {q.name}
                    </Title>
                    <Text size="sm" c="dimmed">
                      {q.number
                        ? t("Texts “{{message}}” to {{number}}", {
                            message: q.message,
                            number: q.number,
                          })
                        : t("Texts “{{message}}”: no number", { message: q.message })}
                    </Text>
                  </Stack>
                  {canEdit && (
                    <Group gap={4} wrap="nowrap">
                      <Tooltip label={t("Edit")}>
                        <ActionIcon
                          variant="subtle"
                          aria-label={t("Edit {{name}}", { name: q.name })}
                          onClick={() => setEditing(q)}
                        >
                          <IconEdit size={18} />
                        </ActionIcon>
                      </Tooltip>
                      <Tooltip label={t("Delete")}>
                        <ActionIcon
                          variant="subtle"
                          color="red"
                          aria-label={t("Delete {{name}}", { name: q.name })}
                          onClick={() => askDelete(q)}
                        >
                          <IconTrash size={18} />
                        </ActionIcon>
                      </Tooltip>
                    </Group>
                  )}
                </Group>
                <QrPreview
                  text={q.scanUrl}
                  style={q}
                  fileName={fileNameOf(q.name)}
                  alt={t("QR code: {{name}}", { name: q.name })}
                  size={200}
                />
                <Group gap="xs">
                  <Badge variant="light" size="lg" tt="none" data-testid="qr-scans">
                    {t("{{n}} scans", { count: q.scans, n: q.scans })}
                  </Badge>
                  <Text size="xs" c="dimmed">
                    {q.lastScannedAt
                      ? t("Last scanned {{date}}", {
                          date: formatDateTime(q.lastScannedAt, timeZone),
                        })
                      : t("Last scanned never")}
                  </Text>
                </Group>
                {!q.number && (
                  <Text size="sm" c="red">
                    {t(
                      "Its number is no longer yours: scans show that the code is not active. Edit it and pick one of your numbers.",
                    )}
                  </Text>
                )}
                <Group gap={6} wrap="nowrap">
                  <Code
                    style={{ flex: 1, minWidth: 0, overflow: "hidden", textOverflow: "ellipsis" }}
                  >
                    {q.scanUrl}
                  </Code>
                  <CopyButton value={q.scanUrl}>
                    {({ copied, copy }) => (
                      <Tooltip label={copied ? t("Copied") : t("Copy link")}>
                        <ActionIcon
                          variant="subtle"
                          aria-label={t("Copy scan link")}
                          onClick={copy}
                        >
                          <IconCopy size={16} />
                        </ActionIcon>
                      </Tooltip>
                    )}
                  </CopyButton>
                </Group>
              </Stack>
            </Paper>
          ))}
        </SimpleGrid>
      )}
      <QrTemplateEditor
        opened={editing !== undefined}
        template={editing ?? null}
        onClose={() => setEditing(undefined)}
      />
    </>
  );
}
