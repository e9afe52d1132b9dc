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
import { useState } from "react";
import {
  type ChatbotDetail,
  type ChatbotInput,
  type ChatbotNode,
  MAX_NODES,
  NODE_LABELS,
  treeProblems,
} from "../../../../domain/chatbots";
import { ApiError } from "../../../lib/api-client";
import { notify } from "../../../lib/notify";
import { useNumberOptions } from "../../automations/api/pickers";
import { useAnswerFieldOptions, useHandoffUserOptions, useSaveChatbot } from "../api/chatbots";
import { StepCard } from "./step-card";

/** A new bot starts as the common shape: a menu question, one answer kept, a hand-off. */
function starterTree(): ChatbotInput["tree"] {
  return {
    start: "s1",
    nodes: [
      {
        id: "s1",
        type: "question",
        text: "Hi! How can we help?",
        choices: [
          { label: "Talk to someone", next: "s2" },
          { label: "Nothing for now", next: "s3" },
        ],
        noMatch: "Sorry, I did not get that.",
      },
      { id: "s2", type: "handoff", text: "Someone will answer you here shortly.", userId: null },
      { id: "s3", type: "end", text: "Thanks! Text us any time." },
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
  const [tree, setTree] = useState<ChatbotInput["tree"]>(props.bot?.tree ?? starterTree());
  const [error, setError] = useState<string | null>(null);

  const numberOptions = (numbers.data ?? []).filter(
    (o) => o.value === numberId || !props.takenNumbers.includes(Number(o.value)),
  );
  const targets = tree.nodes.map((n, i) => ({
    value: n.id,
    label: `Step ${i + 1}: ${NODE_LABELS[n.type]}${n.text ? ` (${n.text.slice(0, 28)}${n.text.length > 28 ? "…" : ""})` : ""}`,
  }));

  const setNode = (i: number, n: ChatbotNode) =>
    setTree((t) => ({ ...t, nodes: t.nodes.map((x, j) => (j === i ? n : x)) }));
  const removeNode = (i: number) =>
    setTree((t) => {
      const gone = t.nodes[i]!.id;
      // Whatever led to the removed step now ends the chat.
      const nodes = t.nodes
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
      return { start: t.start === gone ? (nodes[0]?.id ?? "") : t.start, nodes };
    });
  const addNode = () =>
    setTree((t) => ({
      ...t,
      nodes: [...t.nodes, { id: nextId(t.nodes), type: "message", text: "", next: null }],
    }));

  const submit = () => {
    setError(null);
    if (!name.trim()) return setError("Name is required");
    if (!numberId) return setError("Choose a number");
    const problems = treeProblems(tree);
    if (problems.length) return setError(problems[0]!);
    save.mutate(
      {
        id: props.bot?.id ?? null,
        body: { name, phoneNumberId: Number(numberId), enabled, triggerWords: words, tree },
      },
      {
        onSuccess: (saved) => {
          notify.success(props.bot ? "Chatbot saved" : "Chatbot created");
          props.onDone(saved);
        },
        onError: (e) => setError(e instanceof ApiError ? e.message : "The chatbot was not saved"),
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
            label="Name"
            required
            maxLength={100}
            value={name}
            onChange={(e) => setName(e.currentTarget.value)}
            style={{ minWidth: 200 }}
          />
          <Select
            label="Number it answers on"
            required
            placeholder={numbers.isPending ? "Loading numbers…" : "Choose a number"}
            data={numberOptions}
            value={numberId}
            onChange={setNumberId}
            nothingFoundMessage="Every number has a chatbot already"
            style={{ minWidth: 200 }}
            comboboxProps={{ withinPortal: true }}
          />
        </Group>
        <TagsInput
          label="Trigger words"
          description="Texting one of these starts the chat (again). Leave empty to answer any text from someone the bot has not talked to in the last day."
          placeholder={words.length ? "" : "e.g. MENU (press Enter after each)"}
          value={words}
          onChange={setWords}
          maxTags={20}
        />
        <Switch
          label="On: answers texts"
          checked={enabled}
          onChange={(e) => setEnabled(e.currentTarget.checked)}
        />
        <Select
          label="First step"
          data={targets}
          value={tree.start}
          onChange={(v) => v && setTree((t) => ({ ...t, start: v }))}
          allowDeselect={false}
          comboboxProps={{ withinPortal: true }}
        />
        <Text size="sm" c="dimmed">
          Each reply the bot sends costs 3 credits. STOP and HELP are always answered by the
          compliance replies first.
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
              Add step
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
            Cancel
          </Button>
          <Button type="submit" loading={save.isPending}>
            {props.bot ? "Save Chatbot" : "Create Chatbot"}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
