import {
  ActionIcon,
  Badge,
  Button,
  Group,
  Paper,
  Select,
  Stack,
  Text,
  Textarea,
  TextInput,
} from "@mantine/core";
import { IconPlus, IconTrash, IconX } from "@tabler/icons-react";
import { useTranslation } from "react-i18next";
import {
  type ChatbotNode,
  MAX_CHOICES,
  NODE_KINDS,
  NODE_LABELS,
  type NodeKind,
  SAVE_TO_LABELS,
} from "../../../../domain/chatbots";
import { tk, translateMessage } from "../../../i18n";

export type Option = { value: string; label: string };

/** "End the chat" is the empty value of every "Then" picker. */
export const END = "";

/** A node of another kind, keeping what the person typed where it still fits. */
export function convertNode(
  n: ChatbotNode,
  type: NodeKind,
  fallbackNext: string | null,
): ChatbotNode {
  const text = "text" in n ? n.text : "";
  const next = "next" in n ? n.next : fallbackNext;
  switch (type) {
    case "question":
      return { id: n.id, type, text, choices: [{ label: "", next }], noMatch: "" };
    case "collect":
      return { id: n.id, type, text, saveTo: "field", fieldId: null, next };
    case "message":
      return { id: n.id, type, text, next };
    case "handoff":
      return { id: n.id, type, text, userId: null };
    case "end":
      return { id: n.id, type, text };
  }
}

const TEXT_LABEL: Record<NodeKind, string> = {
  question: tk("Question"),
  collect: tk("Question"),
  message: tk("Message"),
  handoff: tk("Reply before handing off (optional)"),
  end: tk("Goodbye message (optional)"),
};

/** One step of the tree, edited in place: its kind, its words and where each answer leads. */
export function StepCard(props: {
  node: ChatbotNode;
  index: number;
  isStart: boolean;
  targets: Option[];
  fields: Option[];
  users: Option[];
  onChange: (n: ChatbotNode) => void;
  onRemove: (() => void) | null;
}) {
  const { t } = useTranslation();
  const { node: n, index } = props;
  const step = index + 1;
  const thenSelect = (value: string | null, set: (v: string | null) => void, label = t("Then")) => (
    <Select
      label={label}
      data={[{ value: END, label: t("End the chat") }, ...props.targets]}
      value={value ?? END}
      onChange={(v) => set(v === null || v === END ? null : v)}
      allowDeselect={false}
      comboboxProps={{ withinPortal: true }}
    />
  );

  return (
    <Paper withBorder radius="md" p="sm" data-testid={`step-${index + 1}`}>
      <Stack gap="xs">
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
            <Text fw={700} size="sm">
              {t("Step {{n}}", { n: step })}
            </Text>
            {props.isStart && (
              <Badge size="sm" variant="light">
                {t("First")}
              </Badge>
            )}
          </Group>
          <Group gap={4} wrap="nowrap">
            <Select
              aria-label={t("Kind of step {{n}}", { n: step })}
              data={NODE_KINDS.map((k) => ({ value: k, label: translateMessage(NODE_LABELS[k]) }))}
              value={n.type}
              onChange={(v) =>
                v && v !== n.type && props.onChange(convertNode(n, v as NodeKind, null))
              }
              allowDeselect={false}
              w={{ base: 170, sm: 220 }}
              size="xs"
              comboboxProps={{ withinPortal: true }}
            />
            {props.onRemove && (
              <ActionIcon
                variant="subtle"
                color="red"
                onClick={props.onRemove}
                aria-label={t("Remove step {{n}}", { n: step })}
              >
                <IconTrash size={16} />
              </ActionIcon>
            )}
          </Group>
        </Group>
        <Textarea
          label={t(TEXT_LABEL[n.type])}
          aria-label={t("{{label}} of step {{n}}", { label: t(TEXT_LABEL[n.type]), n: step })}
          autosize
          minRows={2}
          maxLength={640}
          value={n.text}
          onChange={(e) => props.onChange({ ...n, text: e.currentTarget.value })}
        />
        {n.type === "question" && (
          <Stack gap={6}>
            <Text size="sm" fw={500}>
              {t("Choices")}{" "}
              <Text span c="dimmed" size="xs">
                {t("(people reply with the number or the words)")}
              </Text>
            </Text>
            {n.choices.map((c, i) => (
              // biome-ignore lint/suspicious/noArrayIndexKey: choices are positional (their number is what people text)
              <Group key={i} gap="xs" align="flex-end" wrap="wrap">
                <TextInput
                  label={t("Choice {{choice}}", { choice: i + 1 })}
                  aria-label={t("Choice {{choice}} of step {{n}}", { choice: i + 1, n: step })}
                  value={c.label}
                  maxLength={60}
                  style={{ flex: "1 1 160px" }}
                  onChange={(e) => {
                    const choices = n.choices.slice();
                    choices[i] = { ...c, label: e.currentTarget.value };
                    props.onChange({ ...n, choices });
                  }}
                />
                <div style={{ flex: "1 1 160px" }}>
                  {thenSelect(
                    c.next,
                    (next) => {
                      const choices = n.choices.slice();
                      choices[i] = { ...c, next };
                      props.onChange({ ...n, choices });
                    },
                    t("Choice {{choice}} leads to", { choice: i + 1 }),
                  )}
                </div>
                {n.choices.length > 1 && (
                  <ActionIcon
                    variant="subtle"
                    mb={4}
                    onClick={() =>
                      props.onChange({ ...n, choices: n.choices.filter((_, j) => j !== i) })
                    }
                    aria-label={t("Remove choice {{choice}} of step {{n}}", {
                      choice: i + 1,
                      n: step,
                    })}
                  >
                    <IconX size={16} />
                  </ActionIcon>
                )}
              </Group>
            ))}
            {n.choices.length < MAX_CHOICES && (
              <Button
                variant="subtle"
                size="xs"
                leftSection={<IconPlus size={14} />}
                onClick={() =>
                  props.onChange({ ...n, choices: [...n.choices, { label: "", next: null }] })
                }
                style={{ alignSelf: "flex-start" }}
              >
                {t("Add choice")}
              </Button>
            )}
            <TextInput
              label={t("When the answer matches no choice")}
              description={t("Said before the choices are asked again.")}
              placeholder={t("Sorry, I did not get that.")}
              value={n.noMatch}
              maxLength={640}
              onChange={(e) => props.onChange({ ...n, noMatch: e.currentTarget.value })}
            />
          </Stack>
        )}
        {n.type === "collect" && (
          <Group grow align="flex-start" wrap="wrap">
            <Select
              label={t("Keep the answer in")}
              placeholder={t("Choose where the answer is kept")}
              data={[
                {
                  group: t("Subscriber"),
                  items: [
                    { value: "first_name", label: translateMessage(SAVE_TO_LABELS.first_name) },
                    { value: "last_name", label: translateMessage(SAVE_TO_LABELS.last_name) },
                  ],
                },
                {
                  group: t("Custom fields"),
                  items: props.fields.length
                    ? props.fields.map((f) => ({ value: `field:${f.value}`, label: f.label }))
                    : [{ value: "none", label: t("No custom fields yet"), disabled: true }],
                },
              ]}
              value={n.saveTo !== "field" ? n.saveTo : n.fieldId ? `field:${n.fieldId}` : null}
              onChange={(v) =>
                props.onChange(
                  v === "first_name" || v === "last_name"
                    ? { ...n, saveTo: v, fieldId: null }
                    : {
                        ...n,
                        saveTo: "field",
                        fieldId: v?.startsWith("field:") ? Number(v.slice(6)) : null,
                      },
                )
              }
              comboboxProps={{ withinPortal: true }}
            />
            {thenSelect(n.next, (next) => props.onChange({ ...n, next }))}
          </Group>
        )}
        {n.type === "message" && thenSelect(n.next, (next) => props.onChange({ ...n, next }))}
        {n.type === "handoff" && (
          <Select
            label={t("Hand the conversation to")}
            description={t("They are assigned the conversation and get a notification.")}
            data={[
              { value: "", label: t("Nobody in particular (tell every user)") },
              ...props.users,
            ]}
            value={n.userId ? String(n.userId) : ""}
            onChange={(v) => props.onChange({ ...n, userId: v ? Number(v) : null })}
            allowDeselect={false}
            comboboxProps={{ withinPortal: true }}
          />
        )}
      </Stack>
    </Paper>
  );
}
