import {
  ActionIcon,
  Alert,
  Button,
  Group,
  Modal,
  Stack,
  Switch,
  Text,
  VisuallyHidden,
} from "@mantine/core";
import { useMediaQuery } from "@mantine/hooks";
import { modals } from "@mantine/modals";
import {
  IconEdit,
  IconMessageChatbot,
  IconPlayerPlay,
  IconPlus,
  IconTrash,
} from "@tabler/icons-react";
import { useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { CHATBOT_TEXT, type ChatbotSummary } from "../../../../domain/chatbots";
import { formatUsNumber } from "../../../../domain/phone";
import { ListTable } from "../../../components/list/list-table";
import { LoadFailed } from "../../../components/load-failed";
import { PageHeader } from "../../../components/page-header";
import { RowMenu } from "../../../components/row-menu";
import { TableSkeleton } from "../../../components/table-skeleton";
import { translateMessage } from "../../../i18n";
import { ApiError } from "../../../lib/api-client";
import { notify } from "../../../lib/notify";
import { useNumberOptions } from "../../automations/api/pickers";
import { useChatbot, useChatbots, useDeleteChatbot, useSetChatbotEnabled } from "../api/chatbots";
import { ChatbotEditor } from "../components/chatbot-editor";
import { ChatbotTester } from "../components/chatbot-tester";

type Editing = { id: number | null } | null;

/** /messages/chatbots: a chatbot per number, on or off, its editor and a test from a virtual phone. */
export default function ChatbotsPage() {
  const { t } = useTranslation();
  const list = useChatbots();
  const setEnabled = useSetChatbotEnabled();
  const remove = useDeleteChatbot();
  const phone = useMediaQuery("(max-width: 48em)");
  const [editing, setEditing] = useState<Editing>(null);
  const [testing, setTesting] = useState<ChatbotSummary | null>(null);
  const current = useChatbot(editing?.id ?? null);
  const rows = list.data?.rows ?? [];
  const taken = rows.map((r) => r.phoneNumberId);
  const numbers = useNumberOptions();
  // Said before the form, not after it is filled: a chatbot needs a number without one.
  const cannotCreate =
    !numbers.data || !list.data
      ? null
      : numbers.data.length === 0
        ? t("Add a dedicated number first: a chatbot answers on one")
        : numbers.data.every((o) => taken.includes(Number(o.value)))
          ? t("Every number has a chatbot already")
          : null;

  const toggle = (b: ChatbotSummary, on: boolean) =>
    setEnabled.mutate(
      { id: b.id, enabled: on },
      {
        onSuccess: () =>
          notify.success(
            on ? t("{{name}} is on", { name: b.name }) : t("{{name}} is off", { name: b.name }),
          ),
        onError: (e) => e instanceof ApiError && notify.error(e.message),
      },
    );

  const askDelete = (b: ChatbotSummary) =>
    modals.openConfirmModal({
      title: t("Delete chatbot"),
      children: (
        <Text size="sm">
          <Trans
            t={t}
            i18nKey="Delete <0>{{name}}</0>? It stops answering on {{number}} at once; the texts it sent stay in the inbox."
            values={{ name: b.name, number: formatUsNumber(b.number) }}
            components={[<b key="name" />]}
          />
        </Text>
      ),
      labels: { confirm: t("Delete"), cancel: t("Cancel") },
      confirmProps: { color: "red" },
      onConfirm: () =>
        remove.mutate(b.id, { onSuccess: () => notify.success(t("Chatbot deleted")) }),
    });

  const create = () => setEditing({ id: null });

  return (
    <>
      <PageHeader
        title={t("Chatbots")}
        description={t(
          "Answer texts on a number with questions and choices, keep answers in custom fields or the subscriber's name and hand the conversation to a person.",
        )}
        actions={
          <Button
            leftSection={<IconPlus size={16} />}
            onClick={create}
            disabled={cannotCreate !== null}
            aria-describedby={cannotCreate ? "chatbot-create-reason" : undefined}
          >
            {t("Create Chatbot")}
          </Button>
        }
      />
      {cannotCreate && (
        <Text id="chatbot-create-reason" size="sm" c="dimmed" mb="md">
          {cannotCreate}
        </Text>
      )}
      {list.data?.disabled && (
        <Alert color="yellow" mb="md" title={t("Chatbots are off")}>
          {translateMessage(CHATBOT_TEXT.disabled)}{" "}
          {t("Your chatbots keep their settings and answer again once they are turned back on.")}
        </Alert>
      )}
      {/* One chatbot per number: a short list, neither searched nor paged. */}
      <ListTable<ChatbotSummary>
        query={list}
        records={rows}
        icon={<IconMessageChatbot size={28} />}
        failedTitle={t("Chatbots could not be loaded")}
        empty={{
          title: t("No chatbots yet"),
          description: t(
            "Greet people who text your number with a menu, take a booking name, and pass the conversation to your team.",
          ),
          ...(cannotCreate ? {} : { action: { label: t("Create Chatbot"), onClick: create } }),
        }}
        columns={[
          {
            accessor: "name",
            title: t("Chatbot"),
            render: (b) => (
              <Stack gap={2}>
                <Text fw={600} size="sm">
                  {b.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {formatUsNumber(b.number)}
                  {b.numberName ? ` · ${b.numberName}` : ""}
                </Text>
                <Text size="xs" c="dimmed">
                  {b.triggerWords.length
                    ? t("Starts on {{words}}", { words: b.triggerWords.join(", ") })
                    : t("Starts on any text")}
                </Text>
              </Stack>
            ),
          },
          {
            accessor: "steps",
            title: t("Steps"),
            textAlign: "right",
            visibleMediaQuery: "(min-width: 48em)",
          },
          {
            accessor: "open",
            title: t("Talking now"),
            textAlign: "right",
            visibleMediaQuery: "(min-width: 36em)",
          },
          {
            accessor: "handedOff",
            title: t("Handed off"),
            textAlign: "right",
            visibleMediaQuery: "(min-width: 48em)",
          },
          {
            accessor: "replies",
            title: t("Replies"),
            textAlign: "right",
            visibleMediaQuery: "(min-width: 62em)",
          },
          {
            accessor: "enabled",
            title: t("On"),
            render: (b) => (
              <Switch
                checked={b.enabled}
                onChange={(e) => toggle(b, e.currentTarget.checked)}
                aria-label={t("{{name}} answers texts", { name: b.name })}
              />
            ),
          },
          {
            accessor: "actions",
            title: <VisuallyHidden>{t("Actions")}</VisuallyHidden>,
            textAlign: "right",
            render: (b) => (
              <Group gap={4} justify="flex-end" wrap="nowrap">
                <ActionIcon
                  variant="subtle"
                  onClick={() => setTesting(b)}
                  aria-label={t("Test {{name}}", { name: b.name })}
                >
                  <IconPlayerPlay size={16} />
                </ActionIcon>
                <RowMenu
                  name={b.name}
                  items={[
                    {
                      label: t("Edit"),
                      icon: <IconEdit size={14} />,
                      onClick: () => setEditing({ id: b.id }),
                    },
                    {
                      label: t("Delete"),
                      icon: <IconTrash size={14} />,
                      onClick: () => askDelete(b),
                      danger: true,
                    },
                  ]}
                />
              </Group>
            ),
          },
        ]}
      />
      <Modal
        opened={editing !== null}
        onClose={() => setEditing(null)}
        title={editing?.id ? t("Edit Chatbot") : t("Create Chatbot")}
        size="xl"
        fullScreen={phone}
        closeButtonProps={{ "aria-label": t("Close the editor") }}
      >
        {editing &&
          (editing.id !== null && !current.data ? (
            current.isError ? (
              <LoadFailed
                icon={<IconMessageChatbot size={28} />}
                title={t("The chatbot could not be loaded")}
                query={current}
              />
            ) : (
              <TableSkeleton />
            )
          ) : (
            <ChatbotEditor
              key={editing.id ?? "new"}
              bot={editing.id !== null ? (current.data ?? null) : null}
              takenNumbers={taken}
              onDone={() => setEditing(null)}
              onCancel={() => setEditing(null)}
            />
          ))}
      </Modal>
      <Modal
        opened={testing !== null}
        onClose={() => setTesting(null)}
        title={testing ? t("Test {{name}}", { name: testing.name }) : ""}
        fullScreen={phone}
        closeButtonProps={{ "aria-label": t("Close the test") }}
      >
        {testing && <ChatbotTester bot={rows.find((r) => r.id === testing.id) ?? testing} />}
      </Modal>
    </>
  );
}
