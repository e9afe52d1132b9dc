import { Badge, Button, Group, Modal, Paper, Stack, Text, Title } from "@mantine/core";
import { modals } from "@mantine/modals";
import {
  IconCalendarEvent,
  IconEdit,
  IconFileImport,
  IconPlus,
  IconTrash,
  IconUsers,
} from "@tabler/icons-react";
import { useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import type { WebinarEvent } from "../../../../domain/webinars";
import { EmptyState } from "../../../components/empty-state";
import { LoadFailed } from "../../../components/load-failed";
import { PageHeader } from "../../../components/page-header";
import { RowMenu } from "../../../components/row-menu";
import { TableSkeleton } from "../../../components/table-skeleton";
import { formatDateTime, useAccountTimeZone } from "../../../lib/format-date-time";
import { notify } from "../../../lib/notify";
import { useDeleteWebinar, useWebinars } from "../api/webinars";
import { RegistrantsTable } from "../components/registrants-table";
import { offsetText } from "../lib/offset-text";

const SOURCE: Record<string, string> = { csv: "CSV", zoom: "Zoom", goto: "GoTo" };

/** /webinars: events with their registrants and reminders. */
export default function WebinarsPage() {
  const { t } = useTranslation();
  const list = useWebinars();
  const timeZone = useAccountTimeZone();
  const remove = useDeleteWebinar();
  const navigate = useNavigate();
  const [shown, setShown] = useState<WebinarEvent | null>(null);
  const rows = list.data?.rows ?? [];
  const askDelete = (e: WebinarEvent) =>
    modals.openConfirmModal({
      title: t("Delete event"),
      children: (
        <Text size="sm">
          <Trans
            t={t}
            i18nKey="Delete <0>{{title}}</0>, its registrant list and the reminders still to go? Subscribers it added stay."
            values={{ title: e.title }}
            components={[<b key="title" />]}
          />
        </Text>
      ),
      labels: { confirm: t("Delete event"), cancel: t("Cancel") },
      confirmProps: { color: "red" },
      onConfirm: () => remove.mutate(e.id, { onSuccess: () => notify.success(t("Event deleted")) }),
    });
  return (
    <>
      <PageHeader
        title={t("Webinars")}
        description={t(
          "Text your registrants a reminder with their join link before the webinar starts.",
        )}
        actions={
          <>
            <Button
              variant="default"
              component={Link}
              to="/webinars/import"
              leftSection={<IconFileImport size={16} />}
            >
              {t("Import attendees")}
            </Button>
            <Button component={Link} to="/webinars/edit-event" leftSection={<IconPlus size={16} />}>
              {t("New event")}
            </Button>
          </>
        }
      />
      {list.isPending ? (
        <TableSkeleton rows={4} />
      ) : list.isError ? (
        <LoadFailed
          icon={<IconCalendarEvent size={28} />}
          title={t("Webinars could not be loaded")}
          query={list}
        />
      ) : rows.length === 0 ? (
        <Paper withBorder radius="lg" p="md">
          <EmptyState
            icon={<IconCalendarEvent size={28} />}
            title={t("No webinars yet")}
            description={t(
              "Create an event and import its registrants from a CSV file, Zoom or GoTo. Those who agreed to texts get reminders.",
            )}
            action={{ label: t("New event"), onClick: () => navigate("/webinars/edit-event") }}
          />
        </Paper>
      ) : (
        <Stack gap="sm">
          {rows.map((e) => (
            <Paper key={e.id} withBorder radius="lg" p="md" data-testid="webinar-card">
              <Group justify="space-between" align="flex-start" gap="sm">
                <Stack gap={4} style={{ minWidth: 0, flex: "1 1 260px" }}>
                  <Group gap="xs">
                    <Title order={3} fz="md">
                      {e.title}
                    </Title>
                    <Badge variant="light" size="sm">
                      {SOURCE[e.source] ?? e.source}
                    </Badge>
                    {new Date(e.startsAt) < new Date() && (
                      <Badge color="gray" variant="light" size="sm">
                        {t("Past")}
                      </Badge>
                    )}
                  </Group>
                  <Text size="sm" c="dimmed">
                    {formatDateTime(e.startsAt, timeZone)} ·{" "}
                    {t("{{n}} min", { n: e.durationMinutes })}
                  </Text>
                  <Text size="sm">
                    {t("{{n}} registrants", { n: e.registrants })} ·{" "}
                    {t("{{n}} agreed to texts", { n: e.consented })} ·{" "}
                    <b data-testid="reminders-scheduled">
                      {t("{{n}} reminders scheduled", { n: e.remindersScheduled })}
                    </b>{" "}
                    · {t("{{n}} sent", { n: e.remindersSent })}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {t("Reminders: {{list}}", {
                      list: e.reminderOffsets.map((m) => offsetText(t, m)).join(", "),
                    })}
                  </Text>
                </Stack>
                <Group gap="xs" wrap="nowrap">
                  <Button
                    size="xs"
                    variant="default"
                    leftSection={<IconUsers size={14} />}
                    onClick={() => setShown(e)}
                  >
                    {t("Registrants")}
                  </Button>
                  <RowMenu
                    name={e.title}
                    items={[
                      {
                        label: t("Edit event"),
                        icon: <IconEdit size={14} />,
                        to: `/webinars/edit-event?id=${e.id}`,
                      },
                      {
                        label: t("Import registrants"),
                        icon: <IconFileImport size={14} />,
                        to: `/webinars/import?id=${e.id}`,
                      },
                      {
                        label: t("Delete"),
                        icon: <IconTrash size={14} />,
                        onClick: () => askDelete(e),
                        danger: true,
                      },
                    ]}
                  />
                </Group>
              </Group>
            </Paper>
          ))}
        </Stack>
      )}
      <Modal
        opened={shown !== null}
        onClose={() => setShown(null)}
        title={t("Registrants of {{title}}", { title: shown?.title ?? "" })}
        size="xl"
      >
        {shown && <RegistrantsTable eventId={shown.id} />}
      </Modal>
    </>
  );
}
