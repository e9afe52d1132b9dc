import { ActionIcon, Button, Group, Stack, Text, Tooltip } from "@mantine/core";
import { modals } from "@mantine/modals";
import { IconCalendarTime, IconEdit, IconPlus, IconTrash } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { formatUsNumber } from "../../../../domain/phone";
import type { VoiceBroadcastRow } from "../../../../domain/voice";
import { ListTable } from "../../../components/list/list-table";
import { PageHeader } from "../../../components/page-header";
import { formatDateTime, useAccountTimeZone } from "../../../lib/format-date-time";
import { notify } from "../../../lib/notify";
import { useBroadcasts, useCancelBroadcast } from "../api/phone-messages-api";
import { voiceLabel } from "./phone-messages-page";

/** /phone-messages/scheduled: voice broadcasts still to go out, soonest first; edit or cancel. */
export default function ScheduledPhoneMessagesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const timeZone = useAccountTimeZone();
  const list = useBroadcasts("scheduled");
  const cancel = useCancelBroadcast();
  const rows = list.data?.rows ?? [];

  const confirmCancel = (id: number, text: string) =>
    modals.openConfirmModal({
      title: t("Cancel this voice broadcast?"),
      children: (
        <Text size="sm" style={{ wordBreak: "break-word" }}>
          {t("Nobody will be called with “{{text}}”.", { text })}
        </Text>
      ),
      labels: { confirm: t("Cancel broadcast"), cancel: t("Keep it") },
      confirmProps: { color: "red" },
      onConfirm: () =>
        cancel.mutate(id, { onSuccess: () => notify.success(t("Voice broadcast canceled")) }),
    });

  return (
    <Stack>
      <PageHeader
        title={t("Scheduled Phone Messages")}
        description={t(
          "Voice broadcasts waiting for their time. Edit or cancel them before they start.",
        )}
        actions={
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={() => navigate("/phone-messages/send")}
          >
            {t("New voice broadcast")}
          </Button>
        }
      />
      <ListTable<VoiceBroadcastRow>
        frame="bare"
        query={list}
        records={rows}
        icon={<IconCalendarTime />}
        failedTitle={t("Scheduled broadcasts could not be loaded")}
        empty={{
          title: t("No scheduled voice broadcasts"),
          description: t("Schedule one from the composer to call at a later time."),
          action: {
            label: t("New voice broadcast"),
            onClick: () => navigate("/phone-messages/send"),
          },
        }}
        columns={[
          {
            accessor: "sendAt",
            title: t("Calls at"),
            render: (b) => formatDateTime(b.sendAt, timeZone),
          },
          {
            accessor: "text",
            title: t("Message"),
            render: (b) => (
              <Stack gap={2}>
                <Text size="sm" lineClamp={2} style={{ wordBreak: "break-word" }}>
                  {b.text}
                </Text>
                <Text size="xs" c="dimmed">
                  {voiceLabel(b.language, b.voice)} ·{" "}
                  {t("from {{number}}", { number: formatUsNumber(b.fromNumber) })}
                </Text>
              </Stack>
            ),
          },
          {
            accessor: "actions",
            title: "",
            textAlign: "right",
            render: (b) => (
              <Group gap={4} justify="flex-end" wrap="nowrap">
                <Tooltip label={t("Edit")}>
                  <ActionIcon
                    variant="subtle"
                    aria-label={t("Edit")}
                    onClick={() => navigate(`/phone-messages/send?edit=${b.id}`)}
                  >
                    <IconEdit size={18} />
                  </ActionIcon>
                </Tooltip>
                <Tooltip label={t("Cancel")}>
                  <ActionIcon
                    variant="subtle"
                    color="red"
                    aria-label={t("Cancel")}
                    onClick={() => confirmCancel(b.id, b.text)}
                  >
                    <IconTrash size={18} />
                  </ActionIcon>
                </Tooltip>
              </Group>
            ),
          },
        ]}
      />
    </Stack>
  );
}
