import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Paper,
  Stack,
  Text,
  Tooltip,
  VisuallyHidden,
} from "@mantine/core";
import { modals } from "@mantine/modals";
import { IconCalendarTime, IconEdit, IconPlus, IconRepeat, IconTrash } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import type { ScheduledSend } from "../../../../domain/reports.schemas";
import { paths } from "../../../app/paths";
import { defineList } from "../../../components/list/list-params";
import { ListTable } from "../../../components/list/list-table";
import { useListState } from "../../../components/list/use-list-state";
import { PageHeader } from "../../../components/page-header";
import { formatNumber, translateMessage, translatePhrase } from "../../../i18n";
import { formatDateTime, useAccountTimeZone } from "../../../lib/format-date-time";
import { notify } from "../../../lib/notify";
import { useCancelSend } from "../api/cancel-send";
import { useScheduled } from "../api/list-scheduled";

const WIDE = "(min-width: 62em)";

const SCHEDULED_LIST = defineList({});

const editPath = (id: number) => `${paths.sendMessage}?edit=${id}`;

function RepeatCell({ s }: { s: ScheduledSend }) {
  const repeats = s.repeatLabel !== "Don't Repeat";
  return (
    <Stack gap={0}>
      <Group gap={4} wrap="nowrap">
        {repeats && <IconRepeat size={14} aria-hidden />}
        <Text size="sm">{translateMessage(s.repeatLabel)}</Text>
      </Group>
      {s.repeatDetail && (
        <Text size="xs" c="dimmed">
          {s.repeatDetail}
        </Text>
      )}
    </Stack>
  );
}

/**
 * /messages/scheduled: sends still to go out (one-time and recurring), soonest first, with
 * their next run, repeat, recipients and who scheduled them; edit opens the composer, cancel
 * asks first. A send going out right now can be neither.
 */
export default function ScheduledMessagesPage() {
  const { t } = useTranslation();
  const timeZone = useAccountTimeZone();
  const navigate = useNavigate();
  const view = useListState(SCHEDULED_LIST, "local:scheduled-messages");
  const list = useScheduled(view.paging);
  const cancel = useCancelSend();
  const rows = list.data?.rows ?? [];
  const total = list.data?.total ?? 0;

  const confirmCancel = (s: ScheduledSend) =>
    modals.openConfirmModal({
      title: t("Cancel this scheduled message?"),
      children: (
        <Stack gap="xs">
          <Text size="sm">
            {s.repeatLabel === "Don't Repeat"
              ? t("It will not be sent.")
              : t("No further repeats will be sent. Messages already sent stay in your reports.")}
          </Text>
          <Paper withBorder p="xs" radius="sm" bg="var(--mantine-color-default-hover)">
            <Text size="sm" lineClamp={3} style={{ wordBreak: "break-word" }}>
              {s.text}
            </Text>
          </Paper>
        </Stack>
      ),
      labels: { confirm: t("Cancel message"), cancel: t("Keep it") },
      confirmProps: { color: "red" },
      onConfirm: () =>
        // The last one of a page gone, the list table moves to the page before.
        cancel.mutate(s.id, {
          onSuccess: () => notify.success(t("The scheduled message was canceled")),
        }),
    });

  const newButton = (
    <Button component={Link} to={paths.sendMessage} leftSection={<IconPlus size={16} />}>
      {t("Schedule a message")}
    </Button>
  );

  return (
    <>
      <PageHeader
        title={t("Scheduled Messages")}
        description={t("Messages waiting to go out, and the ones set to repeat, soonest first.")}
        actions={newButton}
      />
      <ListTable<ScheduledSend>
        frame="bare"
        query={list}
        list={view}
        records={rows}
        total={total}
        icon={<IconCalendarTime size={28} />}
        failedTitle={t("Scheduled messages could not be loaded")}
        empty={{
          title: t("No scheduled messages"),
          description: t(
            "Messages you schedule for later, or set to repeat, wait here until they go out. You can edit or cancel them until then.",
          ),
          action: { label: t("Schedule a message"), onClick: () => navigate(paths.sendMessage) },
        }}
        testId="scheduled-table"
        columns={[
          {
            accessor: "text",
            title: t("Message"),
            render: (s) => (
              <Stack gap={4} maw={420}>
                <Text size="sm" fw={500} lineClamp={2} style={{ wordBreak: "break-word" }}>
                  {s.text || t("(no text)")}
                </Text>
                <Text size="xs" c="dimmed">
                  {s.user
                    ? t("To {{recipients}} · scheduled by {{user}}", {
                        recipients: translatePhrase(s.recipients),
                        user: s.user,
                      })
                    : t("To {{recipients}}", { recipients: translatePhrase(s.recipients) })}
                </Text>
                {/* Small screens: next run and repeat here, not in columns. */}
                <Stack gap={2} hiddenFrom="md">
                  <Text size="xs">
                    {s.status === "running"
                      ? t("Going out now")
                      : s.nextRunAt
                        ? t("Next: {{when}}", { when: formatDateTime(s.nextRunAt, timeZone) })
                        : ""}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {translateMessage(s.repeatLabel)}
                    {s.repeatDetail ? ` · ${s.repeatDetail}` : ""}
                  </Text>
                </Stack>
              </Stack>
            ),
          },
          {
            accessor: "nextRunAt",
            title: t("Next send"),
            noWrap: true,
            visibleMediaQuery: WIDE,
            render: (s) =>
              s.status === "running" ? (
                <Badge variant="light" color="blue">
                  {t("Going out now")}
                </Badge>
              ) : s.nextRunAt ? (
                <Stack gap={0}>
                  <Text size="sm">{formatDateTime(s.nextRunAt, timeZone)}</Text>
                  {s.runCount > 0 && (
                    <Text size="xs" c="dimmed">
                      {t("Sent {{n}} times so far", {
                        count: s.runCount,
                        n: formatNumber(s.runCount),
                      })}
                    </Text>
                  )}
                </Stack>
              ) : null,
          },
          {
            accessor: "repeatLabel",
            title: t("Repeat"),
            visibleMediaQuery: WIDE,
            render: (s) => <RepeatCell s={s} />,
          },
          {
            accessor: "actions",
            title: <VisuallyHidden>{t("Actions")}</VisuallyHidden>,
            textAlign: "right",
            width: 96,
            render: (s) => {
              const busy = s.status === "running";
              return (
                <Group gap={4} justify="flex-end" wrap="nowrap">
                  <Tooltip label={busy ? t("It is going out right now") : t("Edit")}>
                    {busy ? (
                      <ActionIcon
                        variant="subtle"
                        aria-label={t("Edit “{{text}}”", { text: s.text.slice(0, 40) })}
                        disabled
                      >
                        <IconEdit size={16} />
                      </ActionIcon>
                    ) : (
                      <ActionIcon
                        variant="subtle"
                        aria-label={t("Edit “{{text}}”", { text: s.text.slice(0, 40) })}
                        component={Link}
                        to={editPath(s.id)}
                      >
                        <IconEdit size={16} />
                      </ActionIcon>
                    )}
                  </Tooltip>
                  <Tooltip label={busy ? t("It is going out right now") : t("Cancel")}>
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      aria-label={t("Cancel “{{text}}”", { text: s.text.slice(0, 40) })}
                      disabled={busy}
                      loading={cancel.isPending && cancel.variables === s.id}
                      onClick={() => confirmCancel(s)}
                    >
                      <IconTrash size={16} />
                    </ActionIcon>
                  </Tooltip>
                </Group>
              );
            },
          },
        ]}
      />
    </>
  );
}
