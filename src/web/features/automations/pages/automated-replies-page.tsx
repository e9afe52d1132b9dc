import {
  ActionIcon,
  Badge,
  Button,
  Checkbox,
  Group,
  Paper,
  Select,
  Stack,
  Switch,
  Text,
  TextInput,
  Tooltip,
} from "@mantine/core";
import { modals } from "@mantine/modals";
import {
  IconArrowDown,
  IconArrowUp,
  IconEdit,
  IconMessageBolt,
  IconPlus,
  IconTrash,
} from "@tabler/icons-react";
import { useState } from "react";
import { Trans, useTranslation } from "react-i18next";
import { Link, useNavigate } from "react-router";
import { type AutoReplyResponse, MATCH_LABELS } from "../../../../domain/auto-replies";
import { ListTable } from "../../../components/list/list-table";
import { PageHeader } from "../../../components/page-header";
import { translateMessage } from "../../../i18n";
import { notify } from "../../../lib/notify";
import {
  useAutoReplies,
  useDeleteAutoReply,
  usePreviewAutoReply,
  useReorderAutoReplies,
  useSaveAutoReply,
} from "../api/auto-replies";
import { useNumberOptions } from "../api/pickers";
import { periodLabel } from "../components/period";

const EDIT = "/messages/automated-replies/edit-smart-reply";

function conditionText(r: AutoReplyResponse): string {
  const words = r.words.length ? `: ${r.words.map((w) => `“${w}”`).join(", ")}` : "";
  const hours = r.businessHours ? ` (${r.businessHours.start}–${r.businessHours.end})` : "";
  return `${translateMessage(MATCH_LABELS[r.match])}${words}${hours}`;
}

/** /messages/automated-replies: the rules in the order they are read, and a tester. */
export default function AutomatedRepliesPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const list = useAutoReplies();
  const numbers = useNumberOptions();
  const save = useSaveAutoReply();
  const remove = useDeleteAutoReply();
  const reorder = useReorderAutoReplies();
  const rows = list.data?.rows ?? [];
  const numberName = (id: number | null) =>
    id === null
      ? t("All numbers")
      : (numbers.data?.find((n) => n.value === String(id))?.label ?? t("A number"));

  const move = (index: number, by: -1 | 1) => {
    const ids = rows.map((r) => r.id);
    const [id] = ids.splice(index, 1);
    ids.splice(index + by, 0, id as number);
    reorder.mutate(ids);
  };

  const toggle = (r: AutoReplyResponse, enabled: boolean) =>
    save.mutate(
      {
        id: r.id,
        body: {
          name: r.name,
          match: r.match,
          words: r.words,
          phoneNumberId: r.phoneNumberId,
          reply: r.reply,
          onceEveryMinutes: r.onceEveryMinutes,
          businessHours: r.businessHours,
          enabled,
        },
      },
      {
        onSuccess: () =>
          notify.success(
            enabled ? t("Automated reply turned on") : t("Automated reply turned off"),
          ),
      },
    );

  const askDelete = (r: AutoReplyResponse) =>
    modals.openConfirmModal({
      title: t("Delete automated reply"),
      children: (
        <Text size="sm">
          <Trans
            t={t}
            i18nKey="Delete <0>{{name}}</0>? Texts it would answer will go unanswered."
            values={{ name: r.name }}
            components={[<b key="name" />]}
          />
        </Text>
      ),
      labels: { confirm: t("Delete"), cancel: t("Cancel") },
      confirmProps: { color: "red" },
      onConfirm: () =>
        remove.mutate(r.id, { onSuccess: () => notify.success(t("Automated reply deleted")) }),
    });

  const position = (_r: AutoReplyResponse, i: number) => (
    <Badge variant="light" color="gray" aria-label={t("Rule {{n}}", { n: i + 1 })}>
      {i + 1}
    </Badge>
  );

  const details = (r: AutoReplyResponse) => (
    <Stack gap={4} style={{ minWidth: 0 }}>
      <Group gap="xs" wrap="wrap">
        <Text fw={600}>{r.name}</Text>
        {!r.enabled && <Badge color="gray">{t("Off")}</Badge>}
      </Group>
      <Text size="sm" c="dimmed">
        {conditionText(r)} · {numberName(r.phoneNumberId)} · {periodLabel(r.onceEveryMinutes)}
      </Text>
      <Text size="sm" style={{ overflowWrap: "anywhere" }}>
        ↪ {r.reply}
      </Text>
      <Text size="xs" c="dimmed">
        {t("Answered {{n}} times", { count: r.answered, n: r.answered })}
      </Text>
    </Stack>
  );

  // Moving a rule up or down is how the order changes; the ends cannot move further.
  const controls = (r: AutoReplyResponse, i: number) => (
    <Group gap={2} wrap="nowrap" justify="flex-end">
      <Tooltip label={t("Move up")}>
        <ActionIcon
          variant="subtle"
          disabled={i === 0}
          onClick={() => move(i, -1)}
          aria-label={t("Move {{name}} up", { name: r.name })}
        >
          <IconArrowUp size={16} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label={t("Move down")}>
        <ActionIcon
          variant="subtle"
          disabled={i === rows.length - 1}
          onClick={() => move(i, 1)}
          aria-label={t("Move {{name}} down", { name: r.name })}
        >
          <IconArrowDown size={16} />
        </ActionIcon>
      </Tooltip>
      <ActionIcon
        variant="subtle"
        component={Link}
        to={`${EDIT}?id=${r.id}`}
        aria-label={t("Edit {{name}}", { name: r.name })}
      >
        <IconEdit size={16} />
      </ActionIcon>
      <ActionIcon
        variant="subtle"
        color="red"
        onClick={() => askDelete(r)}
        aria-label={t("Delete {{name}}", { name: r.name })}
      >
        <IconTrash size={16} />
      </ActionIcon>
    </Group>
  );

  return (
    <>
      <PageHeader
        title={t("Automated Replies")}
        description={t(
          "Answer incoming texts by themselves. Rules are read top to bottom; the first that matches answers.",
        )}
        actions={
          <Button leftSection={<IconPlus size={16} />} component={Link} to={EDIT}>
            {t("Add Automated Reply")}
          </Button>
        }
      />
      <Stack gap="md">
        {/* Not paged or sorted: the rules are read in this order, so all of them show in it. */}
        <ListTable<AutoReplyResponse>
          query={list}
          records={rows}
          columns={[
            {
              accessor: "position",
              title: t("Order"),
              width: 70,
              render: (r, i) => position(r, i),
            },
            { accessor: "name", title: t("Automated reply"), render: (r) => details(r) },
            {
              accessor: "enabled",
              title: t("On"),
              width: 70,
              render: (r) => (
                <Switch
                  checked={r.enabled}
                  onChange={(e) => toggle(r, e.currentTarget.checked)}
                  aria-label={`${r.name} ${t("on")}`}
                />
              ),
            },
            {
              accessor: "actions",
              title: "",
              textAlign: "right",
              width: 150,
              render: (r, i) => controls(r, i),
            },
          ]}
          icon={<IconMessageBolt size={28} />}
          failedTitle={t("Automated replies could not be loaded")}
          empty={{
            title: t("No automated replies yet"),
            description: t(
              "Answer questions like opening hours, prices or a first hello while nobody is at the keyboard.",
            ),
            action: { label: t("Add Automated Reply"), onClick: () => navigate(EDIT) },
          }}
          testId="auto-reply-list"
          rowAttributes={() => ({ "data-testid": "auto-reply-row" })}
          card={(r) => {
            const i = rows.indexOf(r);
            return (
              // The buttons go under the rule, so its text keeps the card's width on a phone.
              <Stack gap="xs" data-testid="auto-reply-row">
                <Group justify="space-between" wrap="nowrap" align="flex-start" gap="sm">
                  <Group gap="xs" wrap="nowrap" align="flex-start" style={{ minWidth: 0 }}>
                    {position(r, i)}
                    {details(r)}
                  </Group>
                  <Switch
                    checked={r.enabled}
                    onChange={(e) => toggle(r, e.currentTarget.checked)}
                    aria-label={`${r.name} ${t("on")}`}
                  />
                </Group>
                {controls(r, i)}
              </Stack>
            );
          }}
        />
        {rows.length > 0 && <PreviewCard numbers={numbers.data ?? []} />}
      </Stack>
    </>
  );
}

/** What would answer a sample text now (the rules in their order, the account's hours). */
function PreviewCard(props: { numbers: { value: string; label: string }[] }) {
  const { t } = useTranslation();
  const preview = usePreviewAutoReply();
  const [body, setBody] = useState("");
  const [numberId, setNumberId] = useState<string | null>(null);
  const [first, setFirst] = useState(false);
  return (
    <Paper withBorder radius="lg" p={{ base: "sm", sm: "md" }}>
      <Text fw={600} mb="xs">
        {t("Try a text")}
      </Text>
      <form
        onSubmit={(e) => {
          e.preventDefault();
          preview.mutate({
            body,
            phoneNumberId: numberId ? Number(numberId) : null,
            firstMessage: first,
          });
        }}
      >
        <Group align="flex-end" gap="sm" wrap="wrap">
          <TextInput
            label={t("Sample text")}
            placeholder={t("What are your hours?")}
            value={body}
            onChange={(e) => setBody(e.currentTarget.value)}
            style={{ flex: "1 1 220px" }}
          />
          <Select
            label={t("To number")}
            placeholder={t("Any number")}
            data={props.numbers}
            value={numberId}
            onChange={setNumberId}
            clearable
            style={{ flex: "0 1 220px" }}
          />
          <Checkbox
            label={t("First text from this person")}
            checked={first}
            onChange={(e) => setFirst(e.currentTarget.checked)}
            mb={8}
          />
          <Button type="submit" variant="light" loading={preview.isPending}>
            {t("Preview")}
          </Button>
        </Group>
      </form>
      {preview.data && (
        <Text mt="sm" size="sm" data-testid="auto-reply-preview">
          {preview.data.reply ? (
            <>
              <b>{preview.data.name}</b> {t("answers: {{reply}}", { reply: preview.data.reply })}
            </>
          ) : (
            t("No rule answers this text.")
          )}
        </Text>
      )}
    </Paper>
  );
}
