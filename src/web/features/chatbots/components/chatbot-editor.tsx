import {
  Alert,
  Button,
  Group,
  Select,
  Stack,
  Switch,
  TagsInput,
  Text,
  TextInput,
} from "@mantine/core";
import { IconAlertCircle, IconPlus } from "@tabler/icons-react";
import type { TFunction } from "i18next";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import {
  type ChatbotDetail,
  type ChatbotInput,
  type ChatbotNode,
  MAX_NODES,
  NODE_LABELS,
  treeProblems,
} from "../../../../domain/chatbots";
import { translateMessage } from "../../../i18n";
import { ApiError } from "../../../lib/api-client";
import { notify } from "../../../lib/notify";
import { useNumberOptions } from "../../automations/api/pickers";
import { useAnswerFieldOptions, useHandoffUserOptions, useSaveChatbot } from "../api/chatbots";
import { StepCard } from "./step-card";

/**
 * A new bot starts as the common shape: a menu question, one answer kept, a hand-off, in the
 * words of the language the business uses the app in.
 */
function starterTree(t: TFunction): ChatbotInput["tree"] {
  return {
    start: "s1",
    nodes: [
      {
        id: "s1",
        type: "question",
        text: t("Hi! How can we help?"),
        choices: [
          { label: t("Talk to someone"), next: "s2" },
          { label: t("Nothing for now"), next: "s3" },
        ],
        noMatch: t("Sorry, I did not get that."),
      },
      {
        id: "s2",
        type: "handoff",
        text: t("Someone will answer you here shortly."),
        userId: null,
      },
      { id: "s3", type: "end", text: t("Thanks! Text us any time.") },
    ],
  };
}

const nextId = (nodes: ChatbotNode[]) => {
  let i = nodes.length + 1;
  while (nodes.some((n) => n.id === `s${i}`)) i++;
  return `s${i}`;
};

/** Creates or edits a chatbot: its number, when it starts, and its steps in order. */
export function ChatbotEditor(props: {
  bot: ChatbotDetail | null;
  takenNumbers: number[];
  onDone: (saved: ChatbotDetail) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  const numbers = useNumberOptions();
  const fields = useAnswerFieldOptions();
  const users = useHandoffUserOptions();
  const save = useSaveChatbot();
  const [name, setName] = useState(props.bot?.name ?? "");
  const [numberId, setNumberId] = useState<string | null>(
    props.bot ? String(props.bot.phoneNumberId) : null,
  );
  const [enabled, setEnabled] = useState(props.bot?.enabled ?? true);
  const [words, setWords] = useState<string[]>(props.bot?.triggerWords ?? []);
  const [tree, setTree] = useState<ChatbotInput["tree"]>(props.bot?.tree ?? starterTree(t));
  const [error, setError] = useState<string | null>(null);

  const numberOptions = (numbers.data ?? []).filter(
    (o) => o.value === numberId || !props.takenNumbers.includes(Number(o.value)),
  );
  const targets = tree.nodes.map((n, i) => ({
    value: n.id,
    label: n.text
      ? t("Step {{n}}: {{kind}} ({{text}})", {
          n: i + 1,
          kind: translateMessage(NODE_LABELS[n.type]),
          text: `${n.text.slice(0, 28)}${n.text.length > 28 ? "…" : ""}`,
        })
      : t("Step {{n}}: {{kind}}", { n: i + 1, kind: translateMessage(NODE_LABELS[n.type]) }),
  }));

  const setNode = (i: number, n: ChatbotNode) =>
    setTree((tr) => ({ ...tr, nodes: tr.nodes.map((x, j) => (j === i ? n : x)) }));
  const removeNode = (i: number) =>
    setTree((tr) => {
      const gone = tr.nodes[i]!.id;
      // Whatever led to the removed step now ends the chat.
      const nodes = tr.nodes
        .filter((_, j) => j !== i)
        .map((n): ChatbotNode => {
          if (n.type === "question")
            return {
              ...n,
              choices: n.choices.map((c) => (c.next === gone ? { ...c, next: null } : c)),
            };
          if ((n.type === "collect" || n.type === "message") && n.next === gone)
            return { ...n, next: null };
          return n;
        });
      return { start: tr.start === gone ? (nodes[0]?.id ?? "") : tr.start, nodes };
    });
  const addNode = () =>
    setTree((tr) => ({
      ...tr,
      nodes: [...tr.nodes, { id: nextId(tr.nodes), type: "message", text: "", next: null }],
    }));

  const submit = () => {
    setError(null);
    if (!name.trim()) return setError(t("Name is required"));
    if (!numberId) return setError(t("Choose a number"));
    const problems = treeProblems(tree);
    if (problems.length) return setError(translateMessage(problems[0]!));
    save.mutate(
      {
        id: props.bot?.id ?? null,
        body: { name, phoneNumberId: Number(numberId), enabled, triggerWords: words, tree },
      },
      {
        onSuccess: (saved) => {
          notify.success(props.bot ? t("Chatbot saved") : t("Chatbot created"));
          props.onDone(saved);
        },
        onError: (e) =>
          setError(
            e instanceof ApiError ? translateMessage(e.message) : t("The chatbot was not saved"),
          ),
      },
    );
  };

  return (
    <form
      onSubmit={(e) => {
        e.preventDefault();
        submit();
      }}
    >
      <Stack gap="md">
        <Group grow align="flex-start" wrap="wrap">
          <TextInput
            label={t("Name")}
            required
            maxLength={100}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            style={{ minWidth: 200 }}
          />
          <Select
            label={t("Number it answers on")}
            required
            placeholder={numbers.isPending ? t("Loading numbers…") : t("Choose a number")}
            data={numberOptions}
            value={numberId}
            onChange={setNumberId}
            nothingFoundMessage={t("Every number has a chatbot already")}
            style={{ minWidth: 200 }}
            comboboxProps={{ withinPortal: true }}
          />
        </Group>
        <TagsInput
          label={t("Trigger words")}
          description={t(
            "Texting one of these starts the chat (again). Leave empty to answer any text from someone the bot has not talked to in the last day.",
          )}
          placeholder={words.length ? "" : t("e.g. MENU (press Enter after each)")}
          value={words}
          onChange={setWords}
          maxTags={20}
        />
        <Switch
          label={t("On: answers texts")}
          checked={enabled}
          onChange={(e) => setEnabled(e.currentTarget.checked)}
        />
        <Select
          label={t("First step")}
          data={targets}
          value={tree.start}
          onChange={(v) => v && setTree((tr) => ({ ...tr, start: v }))}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        <Text size="sm" c="dimmed">
          {t(
            "Each reply the bot sends costs 3 credits. STOP and HELP are always answered by the compliance replies first.",
          )}
        </Text>
        <Stack gap="sm">
          {tree.nodes.map((n, i) => (
            <StepCard
              key={n.id}
              node={n}
              index={i}
              isStart={n.id === tree.start}
              targets={targets.filter((o) => o.value !== n.id)}
              fields={fields.data ?? []}
              users={users.data ?? []}
              onChange={(x) => setNode(i, x)}
              onRemove={tree.nodes.length > 1 ? () => removeNode(i) : null}
            />
          ))}
          {tree.nodes.length < MAX_NODES && (
            <Button
              variant="light"
              leftSection={<IconPlus size={16} />}
              onClick={addNode}
              style={{ alignSelf: "flex-start" }}
            >
              {t("Add step")}
            </Button>
          )}
        </Stack>
        {error && (
          <Alert color="red" icon={<IconAlertCircle size={18} />} role="alert">
            {error}
          </Alert>
        )}
        <Group justify="flex-end" gap="xs">
          <Button variant="default" onClick={props.onCancel}>
            {t("Cancel")}
          </Button>
          <Button type="submit" loading={save.isPending}>
            {props.bot ? t("Save Chatbot") : t("Create Chatbot")}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
